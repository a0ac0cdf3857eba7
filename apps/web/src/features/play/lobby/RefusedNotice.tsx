import { Alert, Anchor, Button, Center, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFirstScreenDrawn } from '../../../after-load';

/** Why the game could not start, with Try again and the way back (home, or the design in a playtest). */
export function RefusedNotice({
  message,
  busy,
  backTo,
  gameId,
  onRetry,
}: {
  message: string;
  busy: boolean;
  backTo: 'home' | 'design';
  gameId: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  // The refusal is the page's first screen: the menu and the rest need not wait for a map (after-load.ts).
  useFirstScreenDrawn();
  return (
    <Center mih="70dvh" p="md">
      <Alert color="orange" variant="light" title={t('play.refused.title')} maw={480} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{message}</Text>
          <Button variant="light" size="xs" onClick={onRetry} loading={busy}>
            {t('play.refused.retry')}
          </Button>
          {backTo === 'design' ? (
            <Anchor component={Link} to={`/games/${gameId}`} size="sm">
              {t('play.backToDesign')}
            </Anchor>
          ) : (
            <Anchor component={Link} to="/" size="sm">
              {t('play.home')}
            </Anchor>
          )}
        </Stack>
      </Alert>
    </Center>
  );
}
