import { workspaceEntitiesByKind } from '@loci/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { designApi, designQueryKeys, type Workspace } from '../../api/design';
import { playApi, playQueryKeys } from '../../api/play';
import { GeneralErrorBox } from '../../components/GeneralErrorBox';
import { PageLoader } from '../../components/PageLoader';
import { RefusedNotice } from './lobby/RefusedNotice';
import { useScannedLinkOnce } from './lobby/useScannedLinkOnce';
import { PlayScreen } from './PlayScreen';
import { useHoldToasts, usePlayNotifications, useToastGate } from './session/usePlayNotifications';
import { isLoaded, usePlaySession } from './session/usePlaySession';
import { indexSpec, type SpecIndex } from './spec-index';
import './locales';

// The lobby's card (its passcode and terms form) loads only when shown: a player coming back goes straight to the map.
const IntroCard = lazy(() => import('./lobby/IntroCard').then((m) => ({ default: m.IntroCard })));
// So does the team code card of a game played in teams.
const TeamJoinCard = lazy(() => import('./team/TeamJoinCard').then((m) => ({ default: m.TeamJoinCard })));

/** The design's entities by kind, from the workspace (the playtest names rules and reads their conditions). */
function designIndexOf(workspace: Workspace | undefined): SpecIndex | null {
  if (!workspace) return null;
  return indexSpec(workspaceEntitiesByKind(workspace));
}

/**
 * /play/:gameId: the web player. Starts (or joins) the game, asks for the
 * passcode when the game has one, shows the game's introduction, then the play
 * screen. With ?playtest=1 it plays the working version for its designer, with
 * the virtual walker and the trace panel.
 */
export function PlayPage() {
  const { t, i18n } = useTranslation();
  const { gameId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const playtest = searchParams.get('playtest') === '1';

  const workspace = useQuery({
    queryKey: designQueryKeys.workspace(gameId),
    queryFn: ({ signal }) => designApi.workspace(gameId, signal),
    enabled: playtest && !!gameId,
  });
  const workingVersionId = workspace.data?.versions.find((version) => version.isLiveSpec)?.id;
  const designIndex = useMemo(() => designIndexOf(workspace.data), [workspace.data]);

  // Players see the introduction first (and nothing starts until they press Start); one who already
  // plays the game comes straight back to it. A playtest starts the working version at once.
  const lobby = useQuery({
    // The game's texts come in the reader's language (issue 31): another language reads them again, the
    // introduction staying on the screen meanwhile.
    queryKey: [...playQueryKeys.lobby(gameId), i18n.language],
    queryFn: ({ signal }) => playApi.lobby(gameId, signal),
    placeholderData: keepPreviousData,
    enabled: !playtest && !!gameId,
  });
  const rejoining = !!lobby.data?.instanceId;

  const indexRef = useMemo<{ current: SpecIndex | null }>(() => ({ current: null }), []);
  const zoneRef = useMemo(() => ({ current: 'UTC' }), []);
  const gate = useToastGate();
  const handlers = usePlayNotifications(indexRef, zoneRef, gate);
  const session = usePlaySession({
    gameId,
    versionId: playtest ? workingVersionId : undefined,
    enabled: playtest ? !!workingVersionId : rejoining,
    handlers,
  });
  indexRef.current = session.index;
  zoneRef.current = session.game?.timezone || 'UTC';
  useScannedLinkOnce(session);
  // Toasts wait while a dialog is open (they would cover its question).
  useHoldToasts(gate, Boolean(session.dialog));
  // A passcode typed in "Join with a code" fills the lobby's passcode field.
  const location = useLocation();
  const joinedWith = (location.state as { passcode?: unknown } | null)?.passcode;

  if (playtest && workspace.error) return <GeneralErrorBox error={workspace.error} />;
  if (!playtest && lobby.error) return <GeneralErrorBox error={lobby.error} />;
  if (!playtest && !lobby.data) return <PageLoader label={t('play.loadingGame')} />;
  const { phase } = session;
  // A game played in teams: a player not in a team yet joins one with its code first (docs/outings.md).
  if (lobby.data && !rejoining && lobby.data.game.teams?.enabled && !playtest) {
    return (
      <Suspense fallback={<PageLoader label={t('play.loadingGame')} />}>
        <TeamJoinCard
          gameId={gameId}
          title={lobby.data.game.title}
          playersFormTeams={lobby.data.game.teams.playersFormTeams}
        />
      </Suspense>
    );
  }
  if (lobby.data && !rejoining && (phase.kind === 'idle' || phase.kind === 'passcode')) {
    return (
      <Suspense fallback={<PageLoader label={t('play.loadingGame')} />}>
        <IntroCard
          lobby={lobby.data}
          initialPasscode={typeof joinedWith === 'string' ? joinedWith : ''}
          passcodeError={phase.kind === 'passcode' ? phase.error : null}
          busy={session.busy}
          onStart={(request) => void session.start(request)}
        />
      </Suspense>
    );
  }
  if (phase.kind === 'refused') {
    return (
      <RefusedNotice
        message={phase.message}
        busy={session.busy}
        backTo={playtest ? 'design' : 'home'}
        gameId={gameId}
        onRetry={() => void session.start()}
      />
    );
  }
  if (!isLoaded(session)) return <PageLoader label={t('play.loading')} />;

  return (
    <PlayScreen
      key={session.generation}
      session={session}
      gameId={gameId}
      playtest={playtest}
      designIndex={designIndex}
    />
  );
}
