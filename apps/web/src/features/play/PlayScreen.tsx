import type { Archetype, Scene } from '@loci/domain';
import type { Output } from '@loci/engine';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Drawer,
  FocusTrap,
  Group,
  Menu,
  Modal,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import {
  IconArrowLeft,
  IconBackpack,
  IconBug,
  IconDots,
  IconKeyboard,
  IconListCheck,
  IconLogout,
  IconMapPin,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconStars,
} from '@tabler/icons-react';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { REALTIME_EVENTS, useRealtimeEvent } from '../../api/realtime';
import { mediaFileUrl, playApi, type PlayEvent } from '../../api/play';
import { OutputDialog, dialogTitle } from './dialogs/OutputDialog';
import { ImageBoard } from './ImageBoard';
import { BackpackPanel, CodesPanel, CreatePanel, SkillsPanel, TasksPanel } from './panels/PlayerPanels';
import { ThingSheet } from './panels/ThingSheet';
import { PlayMap, type PerceivedThing } from './PlayMap';
import { sceneCircle, type SpecIndex } from './spec-index';
import { TracePanel } from './trace/TracePanel';
import type { PlaySession } from './usePlaySession';
import './locales';

// Bottom sheets as tall as their content, at most most of the screen.
const SHEET_STYLES = { content: { height: 'auto', maxHeight: '80dvh' } } as const;

type PanelName = 'backpack' | 'skills' | 'tasks' | 'codes' | 'create';

const outputKey = (output: Output) =>
  [output.action, output.interactionId, output.statementId, output.questionId, output.objectId].join(':');

const DIALOG_FALLBACK_TITLES: Partial<Record<Output['action'], string>> = {
  showInfo: 'play.dialog.info',
  askQuestion: 'play.dialog.question',
  askQuiz: 'play.dialog.quiz',
  askConfirmation: 'play.dialog.confirmation',
  startConversation: 'play.dialog.conversation',
  resumeConversation: 'play.dialog.conversation',
  sayStatement: 'play.dialog.conversation',
  showObject: 'play.dialog.object',
};

/** Where the player starts on the map: their last position, else their scene's centre, else the game's. */
function initialPosition(session: PlaySession): { lat: number; lng: number } {
  const { view, index, game } = session;
  if (view?.location) return { lat: view.location.latitude, lng: view.location.longitude };
  const scene = index?.scene(view?.currentSceneId);
  const circle = scene ? sceneCircle(scene) : null;
  if (circle) return { lat: circle.lat, lng: circle.lng };
  return { lat: game?.pg.place.lat ?? 39, lng: game?.pg.place.lng ?? 22 };
}

/** Follows the device's position (real play on map games) and reports it. */
function useGeolocation(enabled: boolean, onPosition: (lat: number, lng: number) => void) {
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(onPosition);
  useEffect(() => {
    latest.current = onPosition;
  });
  useEffect(() => {
    if (!enabled) return;
    if (!('geolocation' in navigator)) {
      setError('Geolocation is not supported');
      return;
    }
    const watch = navigator.geolocation.watchPosition(
      (position) => {
        setError(null);
        latest.current(position.coords.latitude, position.coords.longitude);
      },
      (failure) => setError(failure.message),
      { enableHighAccuracy: true, maximumAge: 5000 },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, [enabled]);
  return error;
}

/**
 * What waits for the player's answer, over the map only: the header (menu),
 * the player's tools and the playtest's trace stay usable meanwhile.
 */
function BlockingDialog({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Box
      style={{
        position: 'absolute',
        inset: 0,
        zIndex: 1000,
        background: 'rgba(0, 0, 0, 0.35)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 'var(--mantine-spacing-sm)',
      }}
    >
      <FocusTrap active>
        <Paper
          role="dialog"
          aria-modal="false"
          aria-labelledby={titleId}
          shadow="lg"
          radius="md"
          p="md"
          w="100%"
          maw={480}
          mah="100%"
          style={{ overflowY: 'auto' }}
        >
          <Title order={2} size="h4" id={titleId} mb="sm">
            {title}
          </Title>
          {children}
        </Paper>
      </FocusTrap>
    </Box>
  );
}

function BarButton({ icon, label, onClick }: { icon: ReactNode; label: string; onClick: () => void }) {
  return (
    <UnstyledButton onClick={onClick} aria-label={label} style={{ flex: 1, padding: '6px 2px' }}>
      <Stack gap={0} align="center">
        {icon}
        <Text size="xs" lh={1.2}>
          {label}
        </Text>
      </Stack>
    </UnstyledButton>
  );
}

/** The play screen: map or image, the dialog of what waits for an answer, the player's tools and, in a playtest, the trace. */
export function PlayScreen({
  session,
  gameId,
  playtest,
  designIndex,
}: {
  session: PlaySession;
  gameId: string;
  playtest: boolean;
  designIndex: SpecIndex | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const wide = useMediaQuery('(min-width: 62em)') ?? false;
  const { view, game, index, send, busy } = session;
  const [position, setPosition] = useState<{ lat: number; lng: number } | null>(() => initialPosition(session));
  const [panel, setPanel] = useState<PanelName | null>(null);
  const [thingId, setThingId] = useState<string | null>(null);
  const [traceOpen, setTraceOpen] = useState(false);
  const [dismissed, setDismissed] = useState<Set<string>>(() => new Set());
  const [left, setLeft] = useState(false);
  const lastSent = useRef<{ lat: number; lng: number; at: number } | null>(null);

  const mapGame = game!.pg.type !== 'image';
  const walker = mapGame && (playtest || game!.pg.simulate);

  const sendEvent = useCallback((event: PlayEvent) => void send(event), [send]);
  const moveTo = useCallback(
    (lat: number, lng: number) => {
      setPosition({ lat, lng });
      lastSent.current = { lat, lng, at: Date.now() };
      void send({ type: 'location', latitude: lat, longitude: lng });
    },
    [send],
  );
  // Real GPS: report a move of a few metres, or the same place every 15 s at most.
  const gpsError = useGeolocation(mapGame && !walker, (lat, lng) => {
    setPosition({ lat, lng });
    const last = lastSent.current;
    const moved = !last || Math.abs(last.lat - lat) + Math.abs(last.lng - lng) > 0.00003;
    if (moved || Date.now() - last.at > 15_000) {
      lastSent.current = { lat, lng, at: Date.now() };
      void send({ type: 'location', latitude: lat, longitude: lng });
    }
  });

  // The debugging tools move a player by pushing LOCATION_UPDATE.
  useRealtimeEvent(REALTIME_EVENTS.locationUpdate, (payload) => {
    const coords = payload?.location?.coords;
    if (typeof coords?.latitude === 'number' && typeof coords.longitude === 'number') {
      moveTo(coords.latitude, coords.longitude);
    }
  });

  if (!view || !game || !index) return null;

  const pending = view.pending.filter((output) => !dismissed.has(outputKey(output)));
  const dialog = session.end || left ? undefined : pending[0];
  const caps = game.capabilities;
  const creatable = index.list<Archetype>('archetype').filter((archetype) => archetype.playerGenerated);
  const scenes =
    mapGame && (game.pg.showScenes || playtest)
      ? index.list<Scene>('scene').filter((scene) => !scene.universe && scene.enabled !== false)
      : [];
  const things: PerceivedThing[] = [...view.perceived.objects, ...view.perceived.offers];
  const thing = things.find((candidate) => candidate.id === thingId);
  const paused = view.status === 'paused';
  const currentScene = index.scene(view.currentSceneId);

  const confirmLeave = () =>
    modals.openConfirmModal({
      title: t('play.menu.leaveTitle'),
      children: <Text size="sm">{t('play.menu.leaveBody')}</Text>,
      labels: { confirm: t('play.menu.leaveConfirm'), cancel: t('play.menu.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        void send({ type: 'leave' }).then(() => setLeft(true));
      },
    });

  const panels: Array<{ name: PanelName; icon: ReactNode; shown: boolean }> = [
    { name: 'backpack', icon: <IconBackpack size={22} />, shown: caps.seeBackPack || playtest },
    { name: 'skills', icon: <IconStars size={22} />, shown: caps.seeSkills },
    { name: 'tasks', icon: <IconListCheck size={22} />, shown: caps.seeTasks },
    { name: 'codes', icon: <IconKeyboard size={22} />, shown: caps.typeCodes || caps.scanCodes },
    { name: 'create', icon: <IconPlus size={22} />, shown: creatable.length > 0 },
  ];

  const trace = playtest ? (
    <TracePanel
      entries={session.traceLog}
      debug={session.debug}
      index={designIndex ?? index}
      busy={busy}
      onReset={() => void session.restart()}
    />
  ) : null;

  const end = left
    ? { title: t('play.end.left'), message: undefined }
    : session.inactive
      ? { title: t('play.end.over'), message: t('play.end.inactive') }
      : session.end
        ? { title: session.end.completed ? t('play.end.completed') : t('play.end.over'), message: session.end.message }
        : null;

  return (
    <Box style={{ height: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <Group
        justify="space-between"
        wrap="nowrap"
        px="sm"
        h={48}
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)', flex: 'none' }}
      >
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {playtest && (
            <Anchor component={Link} to={`/games/${gameId}`} size="sm" aria-label={t('play.backToDesign')}>
              <Group gap={4} wrap="nowrap">
                <IconArrowLeft size={16} />
                {wide && t('play.backToDesign')}
              </Group>
            </Anchor>
          )}
          <Title order={1} size="h5" style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {game.title}
          </Title>
          {currentScene && (
            <Badge variant="light" color="grape" visibleFrom="xs" style={{ flex: 'none' }}>
              {currentScene.title || currentScene.name}
            </Badge>
          )}
          {playtest && (
            <Badge variant="outline" color="orange" style={{ flex: 'none' }}>
              {wide ? t('play.playtestBadge') : t('play.playtest')}
            </Badge>
          )}
        </Group>
        <Group gap={4} wrap="nowrap">
          {playtest && !wide && (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconBug size={14} />}
              onClick={() => setTraceOpen(true)}
            >
              {t('play.bar.trace')}
            </Button>
          )}
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={t('play.menu.label')}>
                <IconDots size={20} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {paused ? (
                <Menu.Item leftSection={<IconPlayerPlay size={16} />} onClick={() => sendEvent({ type: 'resume' })}>
                  {t('play.menu.resume')}
                </Menu.Item>
              ) : (
                <Menu.Item leftSection={<IconPlayerPause size={16} />} onClick={() => sendEvent({ type: 'pause' })}>
                  {t('play.menu.pause')}
                </Menu.Item>
              )}
              <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={confirmLeave}>
                {t('play.menu.leave')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>

      <Box style={{ flex: 1, display: 'flex', minHeight: 0 }}>
        {/* Leaflet's panes carry z-indexes of 400+: keep them inside the map, under drawers and dialogs. */}
        <Box style={{ flex: 1, position: 'relative', minWidth: 0, isolation: 'isolate' }}>
          {mapGame ? (
            <PlayMap
              center={{ lat: game.pg.place.lat, lng: game.pg.place.lng }}
              index={index}
              view={view}
              scenes={scenes}
              position={position}
              walker={walker}
              onMove={moveTo}
              onThing={(selected) => setThingId(selected.id)}
              onTapLocation={(locationId) => sendEvent({ type: 'contact', objectId: locationId })}
            />
          ) : (
            <ImageBoard
              imageUrl={(() => {
                const mediaId = view.background ?? currentScene?.logoId ?? game.pg.bgImageId;
                return mediaId ? mediaFileUrl(mediaId) : null;
              })()}
              index={index}
              view={view}
              onThing={(selected) => setThingId(selected.id)}
              onTapLocation={(locationId) => sendEvent({ type: 'contact', objectId: locationId })}
            />
          )}
          <Stack
            gap={4}
            style={{ position: 'absolute', top: 8, left: 56, right: 8, zIndex: 500, pointerEvents: 'none' }}
          >
            {paused && (
              <Alert color="yellow" variant="filled" p="xs" style={{ pointerEvents: 'auto' }}>
                <Group justify="space-between">
                  <Text size="sm">{t('play.menu.paused')}</Text>
                  <Button size="compact-xs" variant="white" onClick={() => sendEvent({ type: 'resume' })}>
                    {t('play.menu.resume')}
                  </Button>
                </Group>
              </Alert>
            )}
            {gpsError && (
              <Alert color="orange" variant="light" p="xs">
                {t('play.map.gpsError', { message: gpsError })}
              </Alert>
            )}
            {walker && (
              <Text
                size="xs"
                bg="rgba(255,255,255,0.85)"
                px={6}
                py={2}
                style={{ borderRadius: 4, alignSelf: 'flex-start' }}
              >
                <IconMapPin size={12} style={{ verticalAlign: 'middle' }} /> {t('play.map.walkerHint')}
              </Text>
            )}
          </Stack>
          {dialog && (
            <BlockingDialog
              title={dialogTitle(dialog, index, t(DIALOG_FALLBACK_TITLES[dialog.action] ?? 'play.dialog.info'))}
            >
              <OutputDialog
                key={outputKey(dialog)}
                output={dialog}
                index={index}
                result={dialog.interactionId ? session.results[dialog.interactionId] : undefined}
                busy={busy}
                onSend={sendEvent}
                onDismiss={() => setDismissed((current) => new Set(current).add(outputKey(dialog)))}
              />
            </BlockingDialog>
          )}
        </Box>
        {playtest && wide && (
          <Box
            w={400}
            style={{ flex: 'none', borderLeft: '1px solid var(--mantine-color-default-border)', minHeight: 0 }}
          >
            {trace}
          </Box>
        )}
      </Box>

      <Group
        gap={0}
        wrap="nowrap"
        style={{ borderTop: '1px solid var(--mantine-color-default-border)', flex: 'none' }}
        role="toolbar"
        aria-label={t('play.bar.label')}
      >
        {panels
          .filter((entry) => entry.shown)
          .map((entry) => (
            <BarButton
              key={entry.name}
              icon={entry.icon}
              label={t(`play.bar.${entry.name}`)}
              onClick={() => setPanel(entry.name)}
            />
          ))}
      </Group>

      <Drawer
        opened={panel !== null}
        onClose={() => setPanel(null)}
        position="bottom"
        size="auto"
        title={panel ? t(`play.bar.${panel}`) : ''}
        styles={SHEET_STYLES}
      >
        {panel === 'backpack' && <BackpackPanel view={view} index={index} busy={busy} onSend={sendEvent} />}
        {panel === 'skills' && <SkillsPanel view={view} index={index} />}
        {panel === 'tasks' && (
          <TasksPanel
            view={view}
            index={index}
            busy={busy}
            onSend={sendEvent}
            onUpload={async (file) => (await playApi.uploadMedia(session.instanceId!, file)).id}
          />
        )}
        {panel === 'codes' && (
          <CodesPanel typeCodes={caps.typeCodes} scanCodes={caps.scanCodes} busy={busy} onSend={sendEvent} />
        )}
        {panel === 'create' && (
          <CreatePanel
            archetypes={creatable}
            position={position}
            busy={busy}
            onSend={(event) => {
              sendEvent(event);
              setPanel(null);
            }}
          />
        )}
      </Drawer>

      <Drawer
        opened={Boolean(thing)}
        onClose={() => setThingId(null)}
        position="bottom"
        size="auto"
        withCloseButton
        title={null}
        styles={SHEET_STYLES}
      >
        {thing && (
          <ThingSheet
            thing={thing}
            index={index}
            busy={busy}
            onSend={(event) => {
              sendEvent(event);
              setThingId(null);
            }}
          />
        )}
      </Drawer>

      {playtest && !wide && (
        <Drawer
          opened={traceOpen}
          onClose={() => setTraceOpen(false)}
          position="right"
          size="100%"
          title={null}
          padding={0}
        >
          <Box h="calc(100dvh - 60px)">{trace}</Box>
        </Drawer>
      )}

      <Modal opened={Boolean(end)} onClose={() => {}} withCloseButton={false} centered zIndex={1200} title={null}>
        {end && (
          <Stack align="center" gap="md" py="md">
            <Title order={2}>{end.title}</Title>
            {end.message && <Text ta="center">{end.message}</Text>}
            <Group>
              {playtest ? (
                <>
                  <Button onClick={() => void session.restart()}>{t('play.end.again')}</Button>
                  <Button variant="default" onClick={() => navigate(`/games/${gameId}`)}>
                    {t('play.backToDesign')}
                  </Button>
                </>
              ) : (
                <Button onClick={() => navigate('/')}>{t('play.home')}</Button>
              )}
            </Group>
          </Stack>
        )}
      </Modal>
    </Box>
  );
}
