import { AppShell, NavLink, ScrollArea } from '@mantine/core';
import {
  IconBooks,
  IconDeviceGamepad2,
  IconLayoutDashboard,
  IconShieldLock,
  IconUser,
  IconUserCheck,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { canAuthor } from '@loci/domain';
import { useAuth } from '../../auth/auth-context';

/** The sidebar; game navigation joins it when the games area arrives. */
export function AppSidebar() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { pathname } = useLocation();
  const inAdmin = pathname.startsWith('/admin');
  const [adminOpened, setAdminOpened] = useState(inAdmin);
  // Entering the admin area unfolds its submenu; the user may fold it again.
  useEffect(() => {
    if (inAdmin) setAdminOpened(true);
  }, [inAdmin]);

  return (
    <AppShell.Section grow component={ScrollArea} p="sm">
      <NavLink
        component={Link}
        to="/"
        label={t('nav.games')}
        leftSection={<IconDeviceGamepad2 size={18} />}
        active={pathname === '/' || pathname.startsWith('/games')}
      />
      {user && canAuthor(user.role) && (
        <NavLink
          component={Link}
          to="/gallery"
          label={t('nav.gallery')}
          leftSection={<IconBooks size={18} />}
          active={pathname === '/gallery'}
        />
      )}
      <NavLink
        component={Link}
        to="/account"
        label={t('nav.account')}
        leftSection={<IconUser size={18} />}
        active={pathname === '/account'}
      />
      {user?.role === 'admin' && (
        <NavLink
          label={t('nav.administration')}
          leftSection={<IconShieldLock size={18} />}
          opened={adminOpened}
          onChange={setAdminOpened}
          childrenOffset={28}
        >
          <NavLink
            component={Link}
            to="/admin"
            label={t('nav.dashboard')}
            leftSection={<IconLayoutDashboard size={16} />}
            active={pathname === '/admin'}
          />
          <NavLink
            component={Link}
            to="/admin/role-requests"
            label={t('nav.roleRequests')}
            leftSection={<IconUserCheck size={16} />}
            active={pathname === '/admin/role-requests'}
          />
        </NavLink>
      )}
    </AppShell.Section>
  );
}
