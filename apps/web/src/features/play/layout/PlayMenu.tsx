import { ActionIcon, Menu } from '@mantine/core';
import { IconDoorExit, IconDots, IconLogout, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../auth/auth-context';
import type { PlayEvent } from '../../../api/play';
import { confirmLeave } from '../dialogs/confirm-leave';
import { PlayerIdentity } from './PlayerIdentity';
import { PlayerLanguageItems } from './PlayerLanguage';

/**
 * The header's menu: who is playing (name and account photo), pause or resume, leaving the game (asked again first), and signing out — on a shared
 * phone the next person then finds the game's public lobby and nothing of this player (AuthProvider's logout) —
 * and the language of the player's interface.
 */
export function PlayMenu({
  paused,
  onSend,
  onLeave,
  defaultOpened = false,
}: {
  paused: boolean;
  onSend: (event: PlayEvent) => void;
  onLeave: () => void;
  /** Open at once (its button was pressed before the menu had loaded: LazyPlayMenu). */
  defaultOpened?: boolean;
}) {
  const { t } = useTranslation();
  const { logout } = useAuth();
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('play.menu.label')}>
          <IconDots size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {/* A menu holds only items for screen readers: who plays is one that does nothing (its photo is part of it). */}
        <Menu.Label role="menuitem" aria-disabled>
          <PlayerIdentity size="sm" />
        </Menu.Label>
        {paused ? (
          <Menu.Item leftSection={<IconPlayerPlay size={16} />} onClick={() => onSend({ type: 'resume' })}>
            {t('play.menu.resume')}
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={<IconPlayerPause size={16} />} onClick={() => onSend({ type: 'pause' })}>
            {t('play.menu.pause')}
          </Menu.Item>
        )}
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => confirmLeave(t, onLeave)}>
          {t('play.menu.leave')}
        </Menu.Item>
        <Menu.Item leftSection={<IconDoorExit size={16} />} onClick={logout}>
          {t('play.menu.signOut')}
        </Menu.Item>
        <PlayerLanguageItems />
      </Menu.Dropdown>
    </Menu>
  );
}
