import { Avatar, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../auth/auth-context';
import { usePlayReadOnly } from '../watch/read-only';
import './identity-locales';

/**
 * Who is playing: the signed-in player's account photo (initials without one)
 * and "Playing as {name}", in the lobby and the game menu. Nothing when no one
 * is signed in, nor when an operator sees another player's screen (the
 * identity would be the operator's).
 */
export function PlayerIdentity({ size = 'md' }: { size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const { user, account } = useAuth();
  const readOnly = usePlayReadOnly();
  if (!user || readOnly) return null;
  return (
    <Group gap="sm" wrap="nowrap" data-testid="player-identity">
      <Avatar
        src={account?.photoUri ?? null}
        alt={t('account.photo.alt')}
        name={user.name}
        color="initials"
        size={size === 'sm' ? 32 : 44}
        radius="xl"
      />
      <Text size="sm" fw={500} truncate>
        {t('play.identity.as', { name: user.name })}
      </Text>
    </Group>
  );
}
