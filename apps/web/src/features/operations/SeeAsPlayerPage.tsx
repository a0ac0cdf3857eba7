import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { instancePathOf } from './see-as-player-path';
import './see-as-player-locales';

// The web player's screen comes with its own chunk (the map, the dialogs): only this page loads it.
const WatchedPlayScreen = lazy(() =>
  import('../play/watch/WatchedPlayScreen').then((m) => ({ default: m.WatchedPlayScreen })),
);

/** A phone's screen on a desktop: the player's layout as the player sees it, not stretched to the console. */
const PHONE_FRAME = { width: 'min(100%, 400px)', height: 'min(820px, calc(100dvh - 270px))', minHeight: 520 };

/**
 * /active-games/{gameId}/instance/{instanceId}/player/{playerId} ("See as
 * the player", docs/operations.md): one player's screen, live and read-only,
 * in a phone-sized frame.
 */
export function SeeAsPlayerPage() {
  const { t } = useTranslation();
  const { activeGameId: gameId = '', instanceId = '', playerId = '' } = useParams();
  const instancePath = instancePathOf(gameId, instanceId);
  return (
    <Stack gap="md" align="flex-start">
      <Stack gap={0}>
        <Anchor component={Link} to={instancePath} size="sm">
          {t('operations.seeAsPlayer.backToInstance')}
        </Anchor>
        <Title order={2}>{t('operations.seeAsPlayer.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('operations.seeAsPlayer.hint')}
        </Text>
      </Stack>
      <Paper
        withBorder
        shadow="md"
        radius="lg"
        style={{ ...PHONE_FRAME, overflow: 'hidden', alignSelf: 'center' }}
        aria-label={t('operations.seeAsPlayer.title')}
        role="region"
      >
        <Suspense fallback={<PageLoader />}>
          <WatchedPlayScreen instanceId={instanceId} playerId={playerId} />
        </Suspense>
      </Paper>
    </Stack>
  );
}
