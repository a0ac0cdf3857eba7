import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { PlayBoard } from './board/PlayBoard';
import { EndModal } from './dialogs/EndModal';
import { PendingDialog } from './dialogs/PendingDialog';
import { startingPosition } from './gps/geolocation';
import { usePlayerPosition } from './gps/usePlayerPosition';
import { MapNotices } from './layout/MapNotices';
import { PlayHeading } from './layout/PlayHeading';
import { PlayLayout } from './layout/PlayLayout';
import { PlayMenu } from './layout/PlayMenu';
import { PlayerTools } from './panels/PlayerTools';
import { ThingDrawer } from './panels/ThingDrawer';
import { useDebugMoves } from './realtime/play-socket';
import type { LoadedSession } from './session/usePlaySession';
import type { SpecIndex } from './spec-index';
import { TracePanel } from './trace/TracePanel';
import './locales';

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
  const { view, game, index, busy, send } = session;
  const [thingId, setThingId] = useState<string | null>(null);
  const mapGame = game.pg.type !== 'image';
  const walker = mapGame && (playtest || game.pg.simulate);
  const { position, moveTo, gpsError } = usePlayerPosition({
    initial: startingPosition(view, index, game),
    followDevice: mapGame && !walker,
    send: ({ lat, lng }) => send({ type: 'location', latitude: lat, longitude: lng }),
  });
  useDebugMoves(moveTo);

  const paused = view.status === 'paused';
  const currentScene = index.scene(view.currentSceneId);
  const thing = [...view.perceived.objects, ...view.perceived.offers].find((candidate) => candidate.id === thingId);
  const tapLocation = (locationId: string) => send({ type: 'contact', objectId: locationId });
  const restart = () => void session.restart();
  const trace = playtest && (
    <TracePanel
      entries={session.traceLog}
      debug={session.debug}
      index={designIndex ?? index}
      busy={busy}
      onReset={restart}
    />
  );

  return (
    <PlayLayout
      wide={wide}
      heading={<PlayHeading title={game.title} scene={currentScene} gameId={gameId} playtest={playtest} wide={wide} />}
      menu={<PlayMenu paused={paused} onSend={send} onLeave={() => void session.leave()} />}
      trace={trace}
      tools={
        <PlayerTools
          instanceId={session.instanceId}
          game={game}
          view={view}
          index={index}
          position={position}
          playtest={playtest}
          busy={busy}
          onSend={send}
          onUpload={session.upload}
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
        onMove={moveTo}
        onThing={(selected) => setThingId(selected.id)}
        onTapLocation={tapLocation}
      />
      <MapNotices paused={paused} gpsError={gpsError} walker={walker} onResume={() => send({ type: 'resume' })} />
      {session.dialog && (
        <PendingDialog
          output={session.dialog}
          index={index}
          results={session.results}
          busy={busy}
          onSend={send}
          onDismiss={session.dismiss}
        />
      )}
      <ThingDrawer thing={thing} index={index} busy={busy} onSend={send} onClose={() => setThingId(null)} />
      <EndModal ending={session.ending} gameId={gameId} playtest={playtest} onRestart={restart} />
    </PlayLayout>
  );
}
