import { judgeEventSchema, operatorEventSchema, playEventSchema, type ReplayStep } from '@loci/domain';
import type { StepTrace } from '@loci/engine';
import {
  Alert,
  Badge,
  Grid,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Slider,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { operationsApi, operationsQueryKeys } from '../../api/operations';
import { formatTime } from '../../i18n/time';
import { WorldMap, type WorldMapMarker } from '../design/world/WorldMap';
import type { WorldScene } from '../design/world/world-values';
import { describeEvent, EntryCard } from '../play/trace/TracePanel';
import type { TraceEntry } from '../play/session/session-reducer';
import { useDesignIndex, type LabelOf } from './design-labels';
import type { SpecIndex } from '../play/spec-index';
import { PLAYER_MAP_HEIGHT } from './operations-values';
import { PlayerStatePanel } from './PlayerStatePanel';
import './locales';
import './team-live-locales';
import './replay-locales';

export interface ReplayModalProps {
  gameId: string;
  instanceId: string;
  /** The player replayed; null: closed. */
  player: { id: string; name: string } | null;
  onClose: () => void;
  scenes: readonly WorldScene[];
  labelOf: LabelOf;
  zone: string | null | undefined;
}

/** A step's one-line summary for the timeline: the event, an operator's message, or a state written outside the game. */
function useSummary(index: SpecIndex | null) {
  const { t } = useTranslation();
  return (step: ReplayStep) => {
    if (step.kind === 'message') return t('operations.replay.message', { message: step.message ?? '' });
    if (step.kind === 'world') return t('operations.replay.worldEdit');
    if (step.kind === 'players') return t('operations.replay.trade');
    if (step.kind === 'migration') return t('operations.replay.migration');
    const event = step.event!;
    if (!event.playerId) return t('operations.replay.operatorEvent', { type: event.type });
    // The organiser's verdict on a submission (issue 29), and what the player wrote (messages both ways).
    const judged = judgeEventSchema.safeParse(event);
    if (judged.success) {
      const { verdict, missionId, points, reason } = judged.data;
      const mission = index?.nameOf('mission', missionId) ?? missionId;
      return t(`operations.replay.judged.${verdict}`, { mission, points, reason: reason ?? '' });
    }
    // An operator's rescue: its actions, a team's member placed by name (games played in teams).
    const operator = operatorEventSchema.safeParse(event);
    if (operator.success && operator.data.type === 'rescue') {
      const actions = operator.data.actions.map((action) =>
        action.kind === 'teleport' && action.member
          ? t('operations.replay.placed', { name: action.member.name })
          : t(`operations.rescue.kinds.${action.kind}`),
      );
      return t('operations.replay.rescue', { actions: actions.join(', ') });
    }
    const chat = traceEventOf(event);
    if (chat.type === 'chat') {
      const said = t(`operations.replay.chat.${chat.channel}`, { text: chat.text });
      const author = (event as { member?: { name?: unknown } }).member?.name;
      return typeof author === 'string' ? t('teamsLive.byMember', { name: author, event: said }) : said;
    }
    const described = describeEvent(traceEventOf(event), index);
    // A team's step names the member who acted (games played in teams): "Maria: answer …".
    const member = (event as { member?: { name?: unknown } }).member?.name;
    return typeof member === 'string' ? t('teamsLive.byMember', { name: member, event: described }) : described;
  };
}

/**
 * A recorded event as the trace describes it: a player event, read by its protocol schema; any other
 * engine event (a start, a trade, an operator's rescue…) by its type.
 */
function traceEventOf(event: NonNullable<ReplayStep['event']>): TraceEntry['event'] {
  const parsed = playEventSchema.safeParse(event);
  return parsed.success ? parsed.data : { type: 'recorded', name: event.type };
}

/**
 * A player's game replayed (docs/operations.md "Replay"): a slider and a
 * timeline of their events; at the chosen step, the map shows where they
 * were and their track so far, the panel their state then, and the step's
 * trace — which rules fired and why others did not.
 */
export function ReplayModal({ gameId, instanceId, player, onClose, scenes, labelOf, zone }: ReplayModalProps) {
  const { t } = useTranslation();
  // Outputs, events and rules are named by title (system name after it), from the game's design.
  const index = useDesignIndex(gameId);
  const query = useQuery({
    queryKey: operationsQueryKeys.replay(gameId, instanceId, player?.id ?? ''),
    queryFn: ({ signal }) => operationsApi.playerReplay(instanceId, player!.id, signal),
    enabled: Boolean(player),
    retry: false,
  });
  const steps = useMemo(() => query.data?.steps ?? [], [query.data]);
  const [at, setAt] = useState(0);
  // A newly loaded replay opens at its last step: the state the player is in now.
  useEffect(() => setAt(Math.max(0, steps.length - 1)), [steps]);

  return (
    <Modal
      opened={Boolean(player)}
      onClose={onClose}
      title={player ? t('operations.replay.title', { name: player.name }) : ''}
      size="95%"
      centered
    >
      {query.isPending && player && <Loader size="sm" aria-label={t('operations.replay.loading')} />}
      {query.error && (
        <Alert color={isApiError(query.error) && query.error.status === 409 ? 'yellow' : 'red'}>
          {isApiError(query.error) && query.error.status === 409
            ? t('operations.replay.notRecorded')
            : t('operations.replay.failed')}
        </Alert>
      )}
      {query.data && steps.length > 0 && (
        <ReplayBody
          steps={steps}
          at={Math.min(at, steps.length - 1)}
          onAt={setAt}
          matchesStored={query.data.matchesStored}
          scenes={scenes}
          labelOf={labelOf}
          zone={zone}
          name={query.data.name}
          index={index}
        />
      )}
    </Modal>
  );
}

function ReplayBody({
  steps,
  at,
  onAt,
  matchesStored,
  scenes,
  labelOf,
  zone,
  name,
  index,
}: {
  steps: ReplayStep[];
  at: number;
  onAt: (at: number) => void;
  matchesStored: boolean;
  scenes: readonly WorldScene[];
  labelOf: LabelOf;
  zone: string | null | undefined;
  name: string;
  index: SpecIndex | null;
}) {
  const { t } = useTranslation();
  const summary = useSummary(index);
  const step = steps[at]!;
  const time = (iso: string) => formatTime(iso, { zone, style: 'seconds' });
  // Where the player was at each step: the track, whole (the map's frame) and up to the slider.
  const points = useMemo(
    () => steps.map((s): [number, number] | null => (s.position ? [s.position.latitude, s.position.longitude] : null)),
    [steps],
  );
  const whole = useMemo(() => dedupe(points.slice()), [points]);
  const sofar = useMemo(() => dedupe(points.slice(0, at + 1)), [points, at]);
  const markers = useMemo<WorldMapMarker[]>(
    () =>
      step.position
        ? [{ id: 'replayed', label: name, latitude: step.position.latitude, longitude: step.position.longitude }]
        : [],
    [step.position, name],
  );

  return (
    <Stack gap="md" data-testid="replay">
      {!matchesStored && <Alert color="orange">{t('operations.replay.mismatch')}</Alert>}
      <Stack gap={4}>
        <Group justify="space-between">
          <Text size="sm" fw={600} data-testid="replay-step">
            {t('operations.replay.step', { step: at + 1, count: steps.length })} · {summary(step)}
          </Text>
          <Text size="sm" c="dimmed">
            {time(step.at)}
          </Text>
        </Group>
        <Slider
          min={0}
          max={Math.max(0, steps.length - 1)}
          step={1}
          value={at}
          onChange={onAt}
          label={(value) => time(steps[value]?.at ?? step.at)}
          thumbLabel={t('operations.replay.slider')}
          marks={steps.length <= 40 ? steps.map((_, position) => ({ value: position })) : undefined}
        />
      </Stack>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Title order={4} fz="h5" mb={4}>
            {t('operations.replay.timeline')}
          </Title>
          <ScrollArea.Autosize mah={PLAYER_MAP_HEIGHT + 200}>
            <Stack
              gap={2}
              component="ol"
              aria-label={t('operations.replay.timeline')}
              style={{ padding: 0, margin: 0 }}
            >
              {steps.map((s, position) => (
                <UnstyledButton
                  key={`${s.seq}:${position}`}
                  component="li"
                  onClick={() => onAt(position)}
                  aria-current={position === at ? 'step' : undefined}
                  style={{
                    listStyle: 'none',
                    padding: '2px 6px',
                    borderRadius: 4,
                    background: position === at ? 'var(--mantine-color-blue-light)' : undefined,
                  }}
                >
                  <Text size="xs" c="dimmed">
                    {formatTime(s.at, { zone, style: 'seconds', withoutZone: true })}
                  </Text>
                  <Group gap={4} wrap="nowrap">
                    {s.kind !== 'event' && (
                      <Badge size="xs" variant="light">
                        {t(`operations.replay.kind.${s.kind}`)}
                      </Badge>
                    )}
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {summary(s)}
                    </Text>
                  </Group>
                </UnstyledButton>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="sm">
            <WorldMap
              markers={markers}
              scenes={scenes}
              height={PLAYER_MAP_HEIGHT}
              label={t('operations.replay.map')}
              track={sofar}
              frame={whole}
            />
            <Title order={4} fz="h5">
              {t('operations.replay.trace')}
            </Title>
            {step.trace ? (
              <EntryCard
                entry={{
                  id: step.seq,
                  when: new Date(step.at),
                  event: step.event ? traceEventOf(step.event) : { type: 'pushed' },
                  outputs: step.outputs,
                  trace: step.trace as StepTrace,
                }}
                index={index}
                whenLabel={formatTime(step.at, { zone, style: 'time', withoutZone: true })}
              />
            ) : (
              <Text size="sm" c="dimmed">
                {t('operations.replay.noTrace')}
              </Text>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          {step.state ? (
            <PlayerStatePanel
              state={step.state}
              labelOf={labelOf}
              zone={zone}
              rawLabel={t('operations.replay.title', { name })}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t('operations.replay.notJoined')}
            </Text>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The points present, without a point repeated in a row (a player standing still). */
function dedupe(points: ReadonlyArray<[number, number] | null>): Array<[number, number]> {
  const kept: Array<[number, number]> = [];
  for (const point of points) {
    if (!point) continue;
    const last = kept.at(-1);
    if (!last || last[0] !== point[0] || last[1] !== point[1]) kept.push(point);
  }
  return kept;
}
