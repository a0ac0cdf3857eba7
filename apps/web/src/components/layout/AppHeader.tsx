import { Avatar, Burger, Button, Group, Menu, Text, UnstyledButton, Anchor, ActionIcon, Tooltip } from '@mantine/core';
import {
  IconBook,
  IconBug,
  IconDeviceGamepad2,
  IconChevronDown,
  IconLogout,
  IconShieldLock,
  IconUser,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { useHereAsReturn, useReturnPath, withReturn } from '../../auth/return-path';
import { Logo } from '../Logo';
import { OpenGame, useOpenGameId } from './OpenGame';

export const DOCUMENTATION_URL = 'https://github.com/loci-games/loci/tree/main/docs';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

interface Props {
  sidebarOpened: boolean;
  onToggleSidebar: (() => void) | undefined;
}

export function AppHeader({ sidebarOpened, onToggleSidebar }: Props) {
  const { t } = useTranslation();
  const { user, account, logout } = useAuth();
  const navigate = useNavigate();
  // On the sign-in pages the page's own ?next= is kept; elsewhere the page itself is the way back.
  const kept = useReturnPath();
  const page = useHereAsReturn();
  const here = kept ?? page;
  const openGameId = useOpenGameId();

  const handleLogout = () => {
    logout();
    navigate('/');
  };

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        {onToggleSidebar && (
          <Burger opened={sidebarOpened} onClick={onToggleSidebar} size="sm" aria-label={t('nav.toggleSidebar')} />
        )}
        <Anchor component={Link} to="/" underline="never" aria-label={t('nav.home')}>
          <Logo />
        </Anchor>
        {user && openGameId ? <OpenGame gameId={openGameId} /> : null}
      </Group>

      <Group gap="xs" wrap="nowrap">
        <Tooltip label={t('nav.documentation')} hiddenFrom="sm">
          <ActionIcon
            component="a"
            href={DOCUMENTATION_URL}
            target="_blank"
            rel="noopener noreferrer"
            variant="subtle"
            color="gray"
            size="lg"
            hiddenFrom="sm"
            aria-label={t('nav.documentation')}
          >
            <IconBook size={20} />
          </ActionIcon>
        </Tooltip>
        <Button
          component="a"
          href={DOCUMENTATION_URL}
          target="_blank"
          rel="noopener noreferrer"
          variant="subtle"
          color="gray"
          leftSection={<IconBook size={18} />}
          visibleFrom="sm"
        >
          {t('nav.documentation')}
        </Button>

        {user && (
          <Button
            component={Link}
            to="/my-games"
            variant="subtle"
            color="gray"
            leftSection={<IconDeviceGamepad2 size={18} />}
            visibleFrom="xs"
          >
            {t('nav.myGames')}
          </Button>
        )}

        {user?.role === 'admin' && (
          <Button
            component={Link}
            to="/admin"
            variant="subtle"
            color="gray"
            leftSection={<IconShieldLock size={18} />}
            visibleFrom="xs"
          >
            {t('nav.admin')}
          </Button>
        )}

        {user ? (
          <Menu position="bottom-end" width={220} shadow="md">
            <Menu.Target>
              <UnstyledButton
                aria-label={t('nav.accountMenu', { name: user.name })}
                px={6}
                py={4}
                style={{ borderRadius: 8 }}
              >
                <Group gap={8} wrap="nowrap">
                  <Avatar size={30} radius="xl" color="teal" src={account?.photoUri ?? null} alt="" aria-hidden>
                    {initials(user.name) || <IconUser size={16} />}
                  </Avatar>
                  <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate>
                    {user.name}
                  </Text>
                  <IconChevronDown size={14} />
                </Group>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{user.name}</Menu.Label>
              <Menu.Item component={Link} to="/account" leftSection={<IconUser size={16} />}>
                {t('nav.account')}
              </Menu.Item>
              <Menu.Item component={Link} to="/my-games" leftSection={<IconDeviceGamepad2 size={16} />} hiddenFrom="xs">
                {t('nav.myGames')}
              </Menu.Item>
              {user.role === 'admin' && (
                <Menu.Item component={Link} to="/admin" leftSection={<IconShieldLock size={16} />} hiddenFrom="xs">
                  {t('nav.admin')}
                </Menu.Item>
              )}
              <Menu.Item component={Link} to="/debugging-tools" leftSection={<IconBug size={16} />}>
                {t('nav.debuggingTools')}
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={handleLogout}>
                {t('nav.logout')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : (
          <>
            <Button component={Link} to={withReturn('/login', here)} variant="default">
              {t('nav.signIn')}
            </Button>
            <Button component={Link} to={withReturn('/register', here)} visibleFrom="xs">
              {t('nav.signUp')}
            </Button>
          </>
        )}
      </Group>
    </Group>
  );
}
