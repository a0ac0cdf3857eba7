import type { AuditEntry } from '@loci/domain';
import { Button, Group, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { unparseCsv } from '../../csv';
import { formatDate } from './operations-values';
import './locales';

const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

/** A world edit in one line: 'update object crate-1', 'delete has.offer.{sceneId}.{id}'. */
function describeWorldEdit(what: unknown): string {
  const edit = (what ?? {}) as { op?: unknown; key?: unknown; values?: { type?: unknown; name?: unknown } };
  if (edit.op === 'delete' && typeof edit.key === 'string') return `delete ${edit.key}`;
  if (edit.op === 'update' && edit.values && typeof edit.values.name === 'string') {
    return `update ${edit.values.type === 'offer' ? 'offer' : 'object'} ${edit.values.name}`;
  }
  return show(what);
}

/** What the operator reads for a design entity's id: its title (design-labels.ts); the id when it is unknown. */
type LabelOf = (id: string) => string;
const asIs: LabelOf = (id) => id;

/**
 * One action of a rescue in one line, in the interface language and by titles, never ids: 'give 1 × Brass key',
 * 'move to The harbour'; a team's member placed by name: 'place Maria at 35.5, 24'.
 */
function describeRescueAction(action: unknown, t: TFunction, labelOf: LabelOf): string {
  const done = (action ?? {}) as Record<string, unknown> & { kind?: unknown; member?: { name?: unknown } };
  const target = (key: string) => (typeof done[key] === 'string' ? labelOf(done[key]) : '');
  switch (done.kind) {
    case 'give':
    case 'take':
      return t(`operations.audit.actions.${done.kind}`, { count: Number(done.count), target: target('assetId') });
    case 'set':
      return t('operations.audit.actions.set', { target: target('attributeId'), value: String(done.value) });
    case 'scene':
      return t('operations.audit.actions.scene', { target: target('sceneId') });
    case 'assignMission':
    case 'completeMission':
      return t(`operations.audit.actions.${done.kind}`, { target: target('missionId') });
    case 'milestone':
      return t('operations.audit.actions.milestone', { target: target('milestoneId') });
    case 'rearm':
      return t('operations.audit.actions.rearm', { target: target('ruleId') });
    case 'closeDialog':
      return t('operations.audit.actions.closeDialog', { number: Number(done.index) + 1 });
    case 'teleport': {
      const place = { latitude: done.latitude, longitude: done.longitude };
      return typeof done.member?.name === 'string'
        ? t('operations.audit.actions.teleportMember', { ...place, member: done.member.name })
        : t('operations.audit.actions.teleport', place);
    }
    default:
      return show(action);
  }
}

/** What an audit row did: one line per action of a rescue, one line for a world edit. */
export function describeActions(entry: AuditEntry, t: TFunction, labelOf: LabelOf = asIs): string[] {
  if (Array.isArray(entry.what)) return entry.what.map((action) => describeRescueAction(action, t, labelOf));
  if (entry.kind === 'judge') return [describeVerdict(entry.what)];
  return [entry.kind === 'world' ? describeWorldEdit(entry.what) : show(entry.what)];
}

/** A verdict on a submission (issue 29) in one line: 'approved A photo of the fountain +5'. */
function describeVerdict(what: unknown): string {
  const verdict = (what ?? {}) as { verdict?: unknown; missionTitle?: unknown; points?: unknown };
  if (typeof verdict.verdict !== 'string') return show(what);
  const points = typeof verdict.points === 'number' && verdict.points > 0 ? ` +${verdict.points}` : '';
  return `${verdict.verdict} ${typeof verdict.missionTitle === 'string' ? verdict.missionTitle : ''}${points}`.trim();
}

/** What an audit row did, in one line. */
export const describeWhat = (entry: AuditEntry, t: TFunction, labelOf: LabelOf = asIs): string =>
  describeActions(entry, t, labelOf).join('; ');

/** The changes of an audit row as 'path: before → after' lines. */
export const describeChanges = (entry: AuditEntry): string[] =>
  entry.changes.map((change) => `${change.path}: ${show(change.before)} → ${show(change.after)}`);

/** Whom an audit row is about: the player, or the team with the members a rescue acted on ('Owls (Maria)'). */
function playerOf(entry: AuditEntry, t: TFunction): string {
  const player = entry.playerName ?? entry.playerId ?? '';
  const members = entry.members ?? [];
  if (members.length === 0) return player;
  return t('operations.audit.teamMembers', { team: player, members: members.map((member) => member.name).join(', ') });
}

/** The audit log as CSV (csv.ts: formulas escaped), one row per entry. */
export function auditCsv(entries: readonly AuditEntry[], t: TFunction, labelOf: LabelOf = asIs): string {
  return unparseCsv(
    ['at', 'actor', 'kind', 'player', 'what', 'reason', 'changes'],
    entries.map((entry) => [
      entry.at,
      entry.actorName,
      entry.kind,
      playerOf(entry, t),
      describeWhat(entry, t, labelOf),
      entry.reason,
      describeChanges(entry).join('\n'),
    ]),
  );
}

function download(entries: readonly AuditEntry[], fileName: string, t: TFunction, labelOf: LabelOf): void {
  const csv = auditCsv(entries, t, labelOf);
  const url = URL.createObjectURL(new Blob(['\uFEFF' + csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The instance's audit log (issue 16 §3): who, when, what, why, before → after; exportable as CSV. */
export function AuditTable({
  entries,
  zone,
  labelOf = asIs,
}: {
  entries: readonly AuditEntry[];
  zone?: string | null;
  /** The game's titles by id (design-labels.ts `useDesignLabels`). */
  labelOf?: LabelOf;
}) {
  const { t } = useTranslation();
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('operations.audit.empty')}
      </Text>
    );
  }
  return (
    <>
      <Group justify="flex-end">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} />}
          onClick={() => download(entries, `audit-${entries[0]!.instanceId}.csv`, t, labelOf)}
        >
          {t('operations.audit.export')}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={700}>
        <Table striped aria-label={t('operations.audit.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('operations.audit.when')}</Table.Th>
              <Table.Th>{t('operations.audit.who')}</Table.Th>
              <Table.Th>{t('operations.audit.player')}</Table.Th>
              <Table.Th>{t('operations.audit.what')}</Table.Th>
              <Table.Th>{t('operations.audit.why')}</Table.Th>
              <Table.Th>{t('operations.audit.changes')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>{formatDate(entry.at, zone)}</Table.Td>
                <Table.Td>{entry.actorName}</Table.Td>
                <Table.Td>{entry.kind === 'world' ? t('operations.audit.world') : playerOf(entry, t)}</Table.Td>
                <Table.Td>
                  {describeActions(entry, t, labelOf).map((line, index) => (
                    <Text key={index} size="sm">
                      {line}
                    </Text>
                  ))}
                </Table.Td>
                <Table.Td>{entry.reason || '—'}</Table.Td>
                <Table.Td>
                  {describeChanges(entry).map((line) => (
                    <Text key={line} size="xs" ff="monospace">
                      {line}
                    </Text>
                  ))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
