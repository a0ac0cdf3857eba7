import type { AuditEntry } from '@loci/domain';
import { Button, Group, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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

/** What an audit row did: one line per action of a rescue, one line for a world edit. */
export function describeActions(entry: AuditEntry): string[] {
  if (Array.isArray(entry.what)) {
    return entry.what.map((action) => Object.values(action as Record<string, unknown>).join(' '));
  }
  return [entry.kind === 'world' ? describeWorldEdit(entry.what) : show(entry.what)];
}

/** What an audit row did, in one line. */
export const describeWhat = (entry: AuditEntry): string => describeActions(entry).join('; ');

/** The changes of an audit row as 'path: before → after' lines. */
export const describeChanges = (entry: AuditEntry): string[] =>
  entry.changes.map((change) => `${change.path}: ${show(change.before)} → ${show(change.after)}`);

/** The audit log as CSV (csv.ts: formulas escaped), one row per entry. */
export function auditCsv(entries: readonly AuditEntry[]): string {
  return unparseCsv(
    ['at', 'actor', 'kind', 'player', 'what', 'reason', 'changes'],
    entries.map((entry) => [
      entry.at,
      entry.actorName,
      entry.kind,
      entry.playerName ?? entry.playerId ?? '',
      describeWhat(entry),
      entry.reason,
      describeChanges(entry).join('\n'),
    ]),
  );
}

function download(entries: readonly AuditEntry[], fileName: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF' + auditCsv(entries)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The instance's audit log (issue 16 §3): who, when, what, why, before → after; exportable as CSV. */
export function AuditTable({ entries, zone }: { entries: readonly AuditEntry[]; zone?: string | null }) {
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
          onClick={() => download(entries, `audit-${entries[0]!.instanceId}.csv`)}
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
                <Table.Td>
                  {entry.kind === 'world' ? t('operations.audit.world') : (entry.playerName ?? entry.playerId)}
                </Table.Td>
                <Table.Td>
                  {describeActions(entry).map((line, index) => (
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
