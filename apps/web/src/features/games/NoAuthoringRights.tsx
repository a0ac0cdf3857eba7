import { Alert, Anchor, Container, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../auth/auth-context';

/**
 * The one quiet line under a player's games at '/' (spec 1 §2 wants the
 * warning there): her home leads with her games, not with what she cannot do.
 */
export function NoAuthoringRightsLine() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <Container size="sm" pb="xl">
      <Text size="sm" c="dimmed">
        {t('games.noRights', { role: user?.role ?? 'player' })}{' '}
        <Anchor component={Link} to="/account" size="sm">
          {t('games.upgrade')}
        </Anchor>
      </Text>
    </Container>
  );
}

/** What a player sees on an authors' page: no authoring rights, and the way to ask for them. */
export function NoAuthoringRights() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <Container size="sm" py="xl">
      <Alert
        color="yellow"
        variant="light"
        radius="md"
        icon={<IconAlertTriangle size={20} />}
        title={t('games.noRights', { role: user?.role ?? 'player' })}
      >
        <Text size="sm" mb="xs">
          {t('games.noRightsText')}
        </Text>
        <Anchor component={Link} to="/account" fw={600}>
          {t('games.upgrade')}
        </Anchor>
      </Alert>
    </Container>
  );
}
