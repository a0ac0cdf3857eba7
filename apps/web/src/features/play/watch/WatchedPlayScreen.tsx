import { Alert } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { GeneralErrorBox } from '../../../components/GeneralErrorBox';
import { PageLoader } from '../../../components/PageLoader';
import { PlayScreen } from '../PlayScreen';
import { useHoldToasts, usePlayNotifications, useToastGate } from '../session/usePlayNotifications';
import { isLoaded } from '../session/usePlaySession';
import type { SpecIndex } from '../spec-index';
import { PlayReadOnly } from './read-only';
import { useWatchedSession } from './useWatchedSession';
import '../locales';
import './locales';

/**
 * "See as the player" (docs/operations.md): the web player's own screen of
 * one player — map, open dialog, backpack, tasks — live and read-only, for an
 * operator. It fills the box it is given (the console frames it as a phone).
 */
export function WatchedPlayScreen({ instanceId, playerId }: { instanceId: string; playerId: string }) {
  const { t } = useTranslation();
  const indexRef = useMemo<{ current: SpecIndex | null }>(() => ({ current: null }), []);
  const zoneRef = useMemo(() => ({ current: 'UTC' }), []);
  const gate = useToastGate();
  const handlers = usePlayNotifications(indexRef, zoneRef, gate);
  const session = useWatchedSession(instanceId, playerId, handlers);
  useHoldToasts(gate, Boolean(session.dialog));
  indexRef.current = session.index;
  zoneRef.current = session.game?.timezone || 'UTC';

  if (session.error) return <GeneralErrorBox error={session.error} />;
  if (!isLoaded(session)) return <PageLoader label={t('play.loading')} />;
  return (
    <div style={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Alert
        color="orange"
        variant="filled"
        radius={0}
        p={6}
        icon={<IconEye size={16} />}
        role="status"
        title={t('play.watch.banner', { name: session.view.name })}
        styles={{ title: { marginBottom: 0 } }}
      />
      <div style={{ flex: 1, minHeight: 0 }}>
        <PlayReadOnly>
          <PlayScreen session={session} gameId={session.game.id} playtest={false} designIndex={null} />
        </PlayReadOnly>
      </div>
    </div>
  );
}
