import { DESIGN_KIND_INFO, DESIGN_KINDS, type DesignEntity, type DesignKind, type PlayLobby } from '@loci/domain';
import { Alert, Anchor, Box, Button, Card, Center, Image, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconMessage } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Output } from '@loci/engine';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { designApi, designQueryKeys, type Workspace } from '../../api/design';
import { mediaFileUrl, playApi, playErrorCode, playQueryKeys } from '../../api/play';
import { GeneralErrorBox } from '../../components/GeneralErrorBox';
import { PageLoader } from '../../components/PageLoader';
import { RichText } from './RichText';
import { PlayScreen } from './PlayScreen';
import { indexSpec, type SpecIndex } from './spec-index';
import { usePlaySession, type PlaySessionHandlers } from './usePlaySession';
import './locales';

const NOTIFY_MS = 6000;

/** The design's entities by kind, from the workspace (the playtest names rules and reads their conditions). */
function designIndexOf(workspace: Workspace | undefined): SpecIndex | null {
  if (!workspace) return null;
  const entities: Partial<Record<DesignKind, DesignEntity[]>> = {};
  for (const kind of DESIGN_KINDS) {
    entities[kind] = (workspace as unknown as Record<string, DesignEntity[] | undefined>)[
      DESIGN_KIND_INFO[kind].segment
    ];
  }
  return indexSpec(entities);
}

function usePlayNotifications(indexRef: { current: SpecIndex | null }): PlaySessionHandlers {
  const { t } = useTranslation();
  return useMemo<PlaySessionHandlers>(
    () => ({
      onOutputs: (outputs: Output[]) => {
        for (const output of outputs) {
          switch (output.action) {
            case 'showNotification':
              if (output.message) notifications.show({ message: output.message, autoClose: NOTIFY_MS });
              break;
            case 'goToScene': {
              const scene = indexRef.current?.scene(output.sceneId);
              if (scene) {
                notifications.show({
                  message: t('play.notify.scene', { scene: scene.title || scene.name }),
                  color: 'grape',
                  autoClose: NOTIFY_MS,
                });
              }
              break;
            }
            case 'answerResult':
              if (output.correct) {
                notifications.show({ message: t('play.notify.correct'), color: 'teal', autoClose: NOTIFY_MS });
              }
              break;
            case 'error':
              notifications.show({
                title: t('play.notify.refused'),
                message: output.message ?? output.errorCode ?? '',
                color: 'orange',
                icon: <IconAlertTriangle size={18} />,
                autoClose: NOTIFY_MS,
              });
              break;
            default:
              break;
          }
        }
      },
      onMessage: (message) => {
        notifications.show({
          title: message.from ? t('play.notify.messageFrom', { from: message.from }) : t('play.notify.message'),
          message: message.message,
          icon: <IconMessage size={18} />,
          color: 'blue',
          autoClose: false,
        });
      },
      onError: (error) => {
        // The server takes a few events a second per player; beyond that it is no failure, just a pause.
        if (playErrorCode(error) === 'TOO_MANY_EVENTS') {
          // One notice for a burst of refusals: a second show with the same id is ignored while it is up.
          notifications.show({
            id: 'play-too-fast',
            message: t('play.notify.tooFast'),
            color: 'yellow',
            autoClose: NOTIFY_MS,
          });
          return;
        }
        notifications.show({
          title: t('play.notify.failed'),
          message: error instanceof Error ? error.message : String(error),
          color: 'red',
          autoClose: NOTIFY_MS,
        });
      },
    }),
    [t, indexRef],
  );
}

/**
 * The game's introduction before a player starts: title, logo, description,
 * instructions, the passcode field when the game asks for one, and why the
 * game cannot be played now when it cannot.
 */
function IntroCard({
  lobby,
  passcodeError,
  busy,
  onStart,
}: {
  lobby: PlayLobby;
  passcodeError: string | null;
  busy: boolean;
  onStart: (passcode: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const { game } = lobby;
  return (
    <Center mih="100dvh" p="md">
      <Card withBorder radius="md" p="lg" w="100%" maw={560}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onStart(lobby.needsPasscode ? code : undefined);
          }}
        >
          <Stack>
            {game.logoId && <Image src={mediaFileUrl(game.logoId)} alt="" mah={160} fit="contain" />}
            <Title order={1} size="h2">
              {game.title}
            </Title>
            <RichText html={game.description} />
            {game.instructions && (
              <Box>
                <Title order={2} size="h5" mb={4}>
                  {t('play.intro.instructions')}
                </Title>
                <RichText html={game.instructions} />
              </Box>
            )}
            {lobby.refusal ? (
              <Alert color="orange" variant="light" title={t('play.refused.title')} role="alert">
                {lobby.refusal.message}
              </Alert>
            ) : (
              lobby.needsPasscode && (
                <PasswordInput
                  label={t('play.passcode.label')}
                  description={t('play.passcode.title')}
                  value={code}
                  onChange={(event) => setCode(event.currentTarget.value)}
                  error={passcodeError}
                  autoComplete="off"
                  data-autofocus
                />
              )
            )}
            <Button
              type="submit"
              size="md"
              loading={busy}
              disabled={lobby.refusal !== null || (lobby.needsPasscode && !code)}
            >
              {t('play.intro.start')}
            </Button>
            <Anchor component={Link} to="/" size="sm">
              {t('play.home')}
            </Anchor>
          </Stack>
        </form>
      </Card>
    </Center>
  );
}

/**
 * /play/:gameId: the web player. Starts (or joins) the game, asks for the
 * passcode when the game has one, shows the game's introduction, then the play
 * screen. With ?playtest=1 it plays the working version for its designer, with
 * the virtual walker and the trace panel.
 */
export function PlayPage() {
  const { t } = useTranslation();
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
    queryKey: playQueryKeys.lobby(gameId),
    queryFn: ({ signal }) => playApi.lobby(gameId, signal),
    enabled: !playtest && !!gameId,
  });
  const rejoining = !!lobby.data?.instanceId;
  const [requested, setRequested] = useState(false);

  const indexRef = useMemo<{ current: SpecIndex | null }>(() => ({ current: null }), []);
  const handlers = usePlayNotifications(indexRef);
  const session = usePlaySession({
    gameId,
    versionId: playtest ? workingVersionId : undefined,
    enabled: playtest ? !!workingVersionId : rejoining,
    handlers,
  });
  indexRef.current = session.index;

  if (playtest && workspace.error) return <GeneralErrorBox error={workspace.error} />;
  if (!playtest && lobby.error) return <GeneralErrorBox error={lobby.error} />;
  if (!playtest && !lobby.data) return <PageLoader label={t('play.loadingGame')} />;
  const { phase } = session;
  if (lobby.data && !rejoining && (!requested || phase.kind === 'passcode')) {
    return (
      <IntroCard
        lobby={lobby.data}
        passcodeError={phase.kind === 'passcode' ? phase.error : null}
        busy={session.busy}
        onStart={(passcode) => {
          setRequested(true);
          void session.start(passcode ? { passcode } : {});
        }}
      />
    );
  }
  if (phase.kind === 'refused') {
    return (
      <Center mih="70dvh" p="md">
        <Alert color="orange" variant="light" title={t('play.refused.title')} maw={480} role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{phase.message}</Text>
            <Button variant="light" size="xs" onClick={() => void session.start()} loading={session.busy}>
              {t('play.refused.retry')}
            </Button>
            {playtest ? (
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
  if (phase.kind === 'starting' || !session.game || !session.view || !session.index) {
    return <PageLoader label={t('play.loading')} />;
  }

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
