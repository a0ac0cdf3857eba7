import type { LatLng as RoutePoint } from '@loci/engine';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useFirstScreenDrawn } from '../../after-load';
import { PlayBoard } from './board/PlayBoard';
import { DwellCountdown } from './gps/DwellCountdown';
import { GameCountdown } from './clock/GameCountdown';
import { startingPosition } from './gps/geolocation';
import { trustedFix } from './gps/proximity';
import { useCompassHeading } from './gps/useCompassHeading';
import { usePlayerPosition } from './gps/usePlayerPosition';
import { MapNotices } from './layout/MapNotices';
import { OfflineBanner } from './offline/OfflineBanner';
import { useOfflineReady } from './offline/useOfflineReady';
import { PlayHeading } from './layout/PlayHeading';
import { PlayLayout } from './layout/PlayLayout';
import { LazyPlayMenu } from './layout/LazyPlayMenu';
import { PlayerTools } from './panels/PlayerTools';
import { useDebugMoves } from './realtime/play-socket';
import type { LoadedSession } from './session/usePlaySession';
import type { SpecIndex } from './spec-index';
import { usePlayReadOnly } from './watch/read-only';
import './locales';

// What shows only after the map (a dialog, an object's sheet, the end, a playtest's trace) loads after it:
// the player's first load carries the map and nothing else (bench/player-load.bench.mjs).
const PendingDialog = lazy(() => import('./dialogs/PendingDialog').then((m) => ({ default: m.PendingDialog })));
const ThingDrawer = lazy(() => import('./panels/ThingDrawer').then((m) => ({ default: m.ThingDrawer })));
const EndModal = lazy(() => import('./dialogs/EndModal').then((m) => ({ default: m.EndModal })));
const TracePanel = lazy(() => import('./trace/TracePanel').then((m) => ({ default: m.TracePanel })));
const SimulatePanel = lazy(() => import('./simulate/SimulatePanel'));
const TeamPanel = lazy(() => import('./team/TeamPanel').then((m) => ({ default: m.TeamPanel })));
// The feed (issue 29): only for games that show it in the player.
const PlayFeedPanel = lazy(() => import('../wall/PlayFeedPanel').then((m) => ({ default: m.PlayFeedPanel })));
const MessagesPanel = lazy(() => import('./messages/MessagesPanel').then((m) => ({ default: m.MessagesPanel })));
const TeammatesLayer = lazy(() => import('./team/TeammatesLayer').then((m) => ({ default: m.TeammatesLayer })));

/** The play screen: map or image, the dialog of what waits for an answer, the player's tools and, in a playtest, the trace. */
export function PlayScreen({
  session,
  gameId,
  playtest,
  designIndex,
}: {
  session: LoadedSession;
  gameId: string;
  playtest: boolean;
  designIndex: SpecIndex | null;
}) {
  const wide = useMediaQuery('(min-width: 62em)') ?? false;
  // The board is the player's page's first screen: its late pieces (menu, modals host, socket) may load now.
  useFirstScreenDrawn();
  const { view, game, index, busy, send } = session;
  const [thingId, setThingId] = useState<string | null>(null);
  // The object sheet loads the first time one is opened, then stays (for its closing slide).
  const [sheetUsed, setSheetUsed] = useState(false);
  const mapGame = game.pg.type !== 'image';
  // Read-only (an operator sees the player's screen): no walker, no device GPS; the map follows the player.
  const readOnly = usePlayReadOnly();
  const walker = !readOnly && mapGame && (playtest || game.pg.simulate);
  const compass = useCompassHeading();
  const { position, moveTo, resend, gpsError } = usePlayerPosition({
    initial: startingPosition(view, index, game),
    followDevice: mapGame && !walker && !readOnly,
    send: ({ lat, lng, accuracy }) =>
      send({ type: 'location', latitude: lat, longitude: lng, ...(accuracy !== undefined ? { accuracy } : {}) }),
  });
  useDebugMoves(moveTo);
  // While the designer draws a simulated route, the map's clicks add its points instead of walking.
  const routeDrawer = useRef<((lat: number, lng: number) => void) | null>(null);
  const [route, setRoute] = useState<readonly RoutePoint[]>([]);
  const { latitude, longitude } = view.location ?? {};
  useEffect(() => {
    if (readOnly && latitude !== undefined && longitude !== undefined) moveTo(latitude, longitude);
  }, [readOnly, latitude, longitude, moveTo]);

  // Read-only, the player's own calls (offline copy, rankings, trades) are not made as the operator.
  const instanceId = readOnly ? null : session.instanceId;
  const offlineReady = useOfflineReady({ gameId, instanceId, game, spec: session.spec });
  const paused = view.status === 'paused';
  const currentScene = index.scene(view.currentSceneId);
  const thing = [...view.perceived.objects, ...view.perceived.offers].find((candidate) => candidate.id === thingId);
  const tapLocation = (locationId: string) => send({ type: 'contact', objectId: locationId });
  const restart = () => void session.restart();
  // A story dialog interrupts: the object's sheet closes (the tool bar's sheet too, in PlayerTools), or the dialog
  // would wait behind the sheet's overlay.
  const storyUp = Boolean(session.dialog);
  useEffect(() => {
    if (storyUp) setThingId(null);
  }, [storyUp]);
  const trace = playtest && (
    <Suspense fallback={null}>
      <SimulatePanel
        gameId={gameId}
        instanceId={instanceId}
        clockRate={view.clock?.rate ?? 1}
        dialog={session.dialog}
        busy={busy}
        ended={!!session.ending || !!view.finished}
        send={send}
        moveTo={moveTo}
        drawer={routeDrawer}
        onRoute={setRoute}
      >
        <TracePanel
          entries={session.traceLog}
          debug={session.debug}
          index={designIndex ?? index}
          busy={busy}
          onReset={restart}
          zone={game.timezone}
        />
      </SimulatePanel>
    </Suspense>
  );

  return (
    <PlayLayout
      wide={wide}
      heading={<PlayHeading title={game.title} scene={currentScene} gameId={gameId} playtest={playtest} wide={wide} />}
      menu={<LazyPlayMenu paused={paused} onSend={send} onLeave={() => void session.leave()} />}
      trace={trace}
      tools={
        <PlayerTools
          instanceId={instanceId}
          game={game}
          view={view}
          index={index}
          position={position}
          playtest={playtest}
          busy={busy}
          onSend={send}
          onUpload={session.upload}
          compass={compass}
          interrupted={storyUp}
        />
      }
    >
      <PlayBoard
        game={game}
        view={view}
        index={index}
        currentScene={currentScene}
        playtest={playtest}
        position={position}
        walker={walker}
        onMove={(lat, lng) => (routeDrawer.current ? routeDrawer.current(lat, lng) : moveTo(lat, lng))}
        onThing={(selected) => {
          setThingId(selected.id);
          setSheetUsed(true);
        }}
        onTapLocation={tapLocation}
        route={playtest ? route : undefined}
        layers={
          !playtest && game.teams === true ? (
            <Suspense fallback={null}>
              <TeammatesLayer instanceId={instanceId} />
            </Suspense>
          ) : undefined
        }
      />
      <MapNotices paused={paused} gpsError={gpsError} walker={walker} onResume={() => send({ type: 'resume' })}>
        <GameCountdown clock={view.finished ? undefined : view.clock} />
        {mapGame && (
          <DwellCountdown view={view} onDue={resend} titleOf={(id, name) => index.location(id)?.title || name} />
        )}
      </MapNotices>
      {!playtest && game.teams === true && (
        <Suspense fallback={null}>
          <TeamPanel instanceId={instanceId} />
        </Suspense>
      )}
      {/* The player's own feed and messages: not in a playtest, nor for an operator seeing as the player. */}
      {!playtest && !readOnly && (
        <Suspense fallback={null}>
          <PlayFeedPanel instanceId={instanceId} />
          <MessagesPanel instanceId={instanceId} onSend={send} />
        </Suspense>
      )}
      <div style={{ position: 'absolute', bottom: 24, left: 8, zIndex: 500, display: 'flex' }}>
        <OfflineBanner queue={session.queue} ready={offlineReady} />
      </div>
      {session.dialog && (
        <Suspense fallback={null}>
          <PendingDialog
            output={session.dialog}
            index={index}
            results={session.results}
            clock={view.clock}
            busy={busy}
            onSend={send}
            onDismiss={session.dismiss}
          />
        </Suspense>
      )}
      {sheetUsed && (
        <Suspense fallback={null}>
          <ThingDrawer
            thing={thing}
            index={index}
            busy={busy}
            position={mapGame && trustedFix(position, game.pg.maxAccuracy) ? position : null}
            mapGame={mapGame}
            heading={compass.heading}
            onSend={send}
            onClose={() => setThingId(null)}
          />
        </Suspense>
      )}
      {session.ending && (
        <Suspense fallback={null}>
          <EndModal
            ending={session.ending}
            gameId={gameId}
            playtest={playtest}
            finishedAt={view.finished?.when}
            timezone={game.timezone}
            onRestart={restart}
          />
        </Suspense>
      )}
    </PlayLayout>
  );
}
