import type { DesignKind, Rule } from '@loci/domain';
import type { Output, RuleTrace } from '@loci/engine';
import { Badge, Button, Card, Code, Group, List, ScrollArea, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PlayDebug } from '../../../api/play';
import { conditionSentence } from '../../design/common/vocabulary';
import { formatTime } from '../../../i18n/time';
import type { SpecIndex } from '../spec-index';
import type { TraceEntry } from '../session/session-reducer';
import '../locales';
import { TraceClock } from '../clock/TraceClock';

export interface TracePanelProps {
  entries: TraceEntry[];
  debug: PlayDebug | null;
  /** Names of every element, and the rules with their preconditions (the design, in a playtest). */
  index: SpecIndex | null;
  onReset: () => void;
  busy?: boolean;
  /** The game's timezone: the steps' times are shown in it. */
  zone?: string | null;
}

const round = (value: number) => Math.round(value * 1e5) / 1e5;

/** An element as the trace names it: its title, then its system name in brackets when they differ (issue 14). */
export function titledName(index: SpecIndex | null, kind: DesignKind, id: string): string {
  const title = index?.nameOf(kind, id) ?? id;
  const name = index?.byId(kind, id)?.name;
  return name && name !== title ? `${title} (${name})` : title;
}

/** A short line for the event of a step: 'location 37.97153, 23.72575', 'answer boat-question: 2'. */
export function describeEvent(
  event: TraceEntry['event'],
  index: SpecIndex | null,
  thingNames: Record<string, string> = {},
): string {
  const name = (kind: 'interaction' | 'mission' | 'archetype', id: string) => titledName(index, kind, id);
  const thing = (id: string) => thingNames[id] ?? id;
  switch (event.type) {
    case 'location':
      return `location ${round(event.latitude)}, ${round(event.longitude)}`;
    case 'seen':
      return `seen ${name('interaction', event.interactionId)}`;
    case 'answer': {
      // Only a quiz has several questions worth naming.
      const quiz = index?.interaction(event.interactionId);
      const position =
        quiz?.type === 'INTER_QUIZ' ? quiz.questions.findIndex((question) => question.id === event.questionId) : -1;
      const which = position >= 0 ? ` (question ${position + 1})` : '';
      return `answer ${name('interaction', event.interactionId)}${which}: ${JSON.stringify(event.answer)}`;
    }
    case 'confirm':
      return `confirm ${name('interaction', event.interactionId)}: ${event.approved ? 'yes' : 'no'}`;
    case 'option':
      return `option ${name('interaction', event.interactionId)} → ${event.optionId}`;
    case 'code':
      return `code "${event.code}"`;
    case 'contact':
    case 'act':
    case 'pick':
    case 'drop':
    case 'destroy':
      return `${event.type} ${thing(event.objectId)}`;
    case 'offer':
      return `offer ${event.action} ${thing(event.objectId)}`;
    case 'create':
      return `create ${name('archetype', event.archetypeId)}`;
    case 'submission':
      return `submission ${name('mission', event.missionId)}`;
    case 'chat':
      return `message to the ${event.channel === 'team' ? 'team' : 'organiser'}: "${event.text}"`;
    case 'recorded':
      return event.name;
    default:
      return event.type;
  }
}

function describeOutput(output: Output, index: SpecIndex | null): string {
  const target = output.interactionId
    ? titledName(index, 'interaction', output.interactionId)
    : output.sceneId
      ? titledName(index, 'scene', output.sceneId)
      : (output.message ?? output.errorCode ?? '');
  return [output.action, target].filter(Boolean).join(' ');
}

function RuleLine({ rule, index }: { rule: RuleTrace; index: SpecIndex | null }) {
  const { t, i18n } = useTranslation();
  const design = index?.byId('rule', rule.ruleId);
  // A condition in the interface language (the design workspace's sentence).
  const sentence = (condition: Rule['trigger']) => conditionSentence(t, i18n.language, condition, index!.nameOf);
  const fired = rule.newlyTrue && !rule.skipped;
  return (
    <Card
      withBorder
      padding="xs"
      radius="sm"
      data-testid="trace-rule"
      // Rules listed only because they are live (nothing they read changed) step back: a dashed, grey card (not a
      // faded one: its text keeps its contrast).
      bg={rule.evaluated === false ? 'gray.0' : undefined}
      style={rule.evaluated === false ? { borderStyle: 'dashed' } : undefined}
    >
      <Stack gap={4}>
        <Group justify="space-between" gap={4} wrap="nowrap">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {rule.ruleName}
          </Text>
          {fired ? (
            <Badge size="sm" color="teal">
              {t('play.trace.fired')}
            </Badge>
          ) : (
            <Badge size="sm" color="gray" variant="light">
              {t('play.trace.notFired')}
            </Badge>
          )}
        </Group>
        <Group gap={4}>
          <Badge size="xs" variant="outline" color={rule.triggerMatched ? 'teal' : 'gray'}>
            {rule.triggerMatched ? t('play.trace.triggerHolds') : t('play.trace.triggerDoesNotHold')}
          </Badge>
          {rule.newlyTrue && (
            <Badge size="xs" variant="outline" color="blue">
              {t('play.trace.newlyTrue')}
            </Badge>
          )}
          {rule.branch && (
            <Badge size="xs" variant="light" color={rule.branch === 'sideeffects' ? 'teal' : 'orange'}>
              {rule.branch === 'sideeffects' ? t('play.trace.branchThen') : t('play.trace.branchElse')}
            </Badge>
          )}
          {rule.preconditionsHeld === false && (
            <Badge size="xs" variant="light" color="orange">
              {t('play.trace.preconditionsFailed')}
            </Badge>
          )}
          {rule.skipped && (
            <Badge size="xs" variant="light" color="gray">
              {t('play.trace.skipped', { reason: rule.skipped })}
            </Badge>
          )}
          {rule.evaluated === false && (
            <Badge size="xs" variant="light" color="gray">
              {t('play.trace.notEvaluated')}
            </Badge>
          )}
          {rule.pass > 0 && (
            // A rule can be looked at again after the event's first consequences (a milestone reached, …).
            <Badge size="xs" variant="light" color="violet">
              {t('play.trace.round', { round: rule.pass })}
            </Badge>
          )}
        </Group>
        {design && (
          <Text size="xs" c="dimmed">
            {t('play.trace.when', { condition: sentence(design.trigger) })}
          </Text>
        )}
        {(rule.failedBlocks ?? []).map((failure) => {
          const condition = design?.triggerPreconditions?.[failure.block]?.conditions?.[failure.condition];
          return (
            <Text key={`${failure.block}:${failure.condition}`} size="xs" c="orange.8">
              {t('play.trace.failedBlock', {
                block: failure.block + 1,
                condition: condition
                  ? sentence(condition)
                  : t('play.trace.conditionNumber', { number: failure.condition + 1 }),
              })}
            </Text>
          );
        })}
        {(rule.notes ?? []).map((note, position) => (
          <Text key={position} size="xs" c="dimmed" fs="italic">
            {note}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}

/** One step of the trace: its event, outputs, rules and notes (the playtest's panel and the operators' replay). */
export function EntryCard({
  entry,
  index,
  whenLabel,
  zone,
}: {
  entry: TraceEntry;
  index: SpecIndex | null;
  /** The step's time as shown (default: its clock time in `zone`, the zone named). */
  whenLabel?: string;
  /** The game's timezone. */
  zone?: string | null;
}) {
  const { t } = useTranslation();
  const rules = entry.trace?.rules ?? [];
  return (
    <Card withBorder padding="sm" radius="md" data-testid="trace-entry">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={600} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {describeEvent(entry.event, index, entry.thingNames)}
          </Text>
          <Text size="xs" c="dimmed">
            {whenLabel ?? formatTime(entry.when, { zone, style: 'time' })}
          </Text>
        </Group>
        {entry.outputs.length > 0 && (
          <Group gap={4}>
            {entry.outputs.map((output, position) => (
              <Badge
                key={position}
                size="xs"
                variant="light"
                color={output.action === 'error' ? 'red' : 'blue'}
                style={{ textTransform: 'none' }}
              >
                {describeOutput(output, index)}
              </Badge>
            ))}
          </Group>
        )}
        {rules.length === 0 && (
          <Text size="xs" c="dimmed">
            {t('play.trace.noRules')}
          </Text>
        )}
        {rules.map((rule, position) => (
          <RuleLine key={`${rule.ruleId}:${rule.pass}:${position}`} rule={rule} index={index} />
        ))}
        {(entry.trace?.notes ?? []).map((note, position) => (
          <Text key={position} size="xs" c="dimmed" fs="italic">
            {note}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}

function PlayerState({ debug, index }: { debug: PlayDebug | null; index: SpecIndex | null }) {
  const { t } = useTranslation();
  if (!debug) return <Text size="sm">{t('play.trace.noState')}</Text>;
  const { player } = debug;
  const named = (kind: 'item' | 'attribute' | 'rule' | 'location' | 'scene', id: string) => titledName(index, kind, id);
  const rows: Array<[string, string]> = [
    [
      t('play.state.status'),
      t(`play.state.statuses.${player.status === 'left game' ? 'leftGame' : player.status}`, {
        defaultValue: player.status,
      }),
    ],
    [t('play.state.scene'), player.currentSceneId ? named('scene', player.currentSceneId) : '—'],
    [
      t('play.state.location'),
      player.location ? `${round(player.location.latitude)}, ${round(player.location.longitude)}` : '—',
    ],
    [
      t('play.state.inside'),
      Object.keys(player.insideLocations)
        .map((id) => named('location', id))
        .join(', ') || '—',
    ],
    [
      t('play.state.items'),
      Object.entries(player.items)
        .map(([id, count]) => `${named('item', id)} × ${count}`)
        .join(', ') || '—',
    ],
    [
      t('play.state.attributes'),
      Object.entries(player.attributes)
        .map(([id, value]) => `${named('attribute', id)} = ${value}`)
        .join(', ') || '—',
    ],
    [t('play.state.triggers'), player.triggers.map((id) => named('rule', id)).join(', ') || '—'],
    [
      t('play.state.firedRules'),
      Object.keys(player.firedRules)
        .map((id) => named('rule', id))
        .join(', ') || '—',
    ],
    [t('play.state.pending'), player.pending.map((output) => describeOutput(output, index)).join(', ') || '—'],
  ];
  return (
    <Stack gap="sm">
      <List spacing={4} size="sm" listStyleType="none">
        {rows.map(([label, value]) => (
          <List.Item key={label}>
            <Text span size="sm" fw={600}>
              {label}:{' '}
            </Text>
            <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </List.Item>
        ))}
      </List>
      <Text size="xs" fw={600} c="dimmed">
        {t('play.state.raw')}
      </Text>
      <Code block style={{ fontSize: 11, maxWidth: '100%', overflowX: 'auto' }}>
        {JSON.stringify(player, null, 2)}
      </Code>
    </Stack>
  );
}

/** The playtest's side panel: each step's rules (newest first) and the player's state. */
export function TracePanel({ entries, debug, index, onReset, busy, zone }: TracePanelProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" h="100%" style={{ minHeight: 0 }} aria-label={t('play.trace.title')} role="region">
      <Group justify="space-between" px="sm" pt="sm">
        <Title order={2} size="h4">
          {t('play.trace.title')}
        </Title>
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconRefresh size={14} />}
          onClick={onReset}
          loading={busy}
        >
          {t('play.trace.reset')}
        </Button>
      </Group>
      <Tabs defaultValue="steps" style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        <Tabs.List px="sm">
          <Tabs.Tab value="steps">{t('play.trace.steps')}</Tabs.Tab>
          <Tabs.Tab value="state">{t('play.trace.playerState')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="steps" style={{ flex: 1, minHeight: 0 }}>
          {/* Focusable, so that the keyboard scrolls it too. */}
          <ScrollArea h="100%" px="sm" py="xs" type="auto" viewportProps={{ tabIndex: 0 }}>
            <Stack gap="xs">
              <TraceClock
                player={debug?.player}
                world={debug?.world}
                zone={zone}
                taskTitle={(kind, id) => index?.nameOf(kind, id) ?? id}
              />
              {entries.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('play.trace.empty')}
                </Text>
              )}
              {entries.map((entry) => (
                <EntryCard key={entry.id} entry={entry} index={index} zone={zone} />
              ))}
            </Stack>
          </ScrollArea>
        </Tabs.Panel>
        <Tabs.Panel value="state" style={{ flex: 1, minHeight: 0 }}>
          <ScrollArea h="100%" px="sm" py="xs" type="auto" viewportProps={{ tabIndex: 0 }}>
            <PlayerState debug={debug} index={index} />
          </ScrollArea>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
