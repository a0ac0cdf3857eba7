import { Alert, Button, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { designApi, designQueryKeys, type InstanceMigration } from '../../api/design';
import { operationsQueryKeys } from '../../api/operations';
import { notifySuccess, userErrorText } from '../../components/notify';
import { formatDate } from './operations-values';
import './migration-locales';

/**
 * The instance's migrations on its page (docs/versions.md "Migrating live
 * games"): when, by whom, from which version to which, and Undo — refused by
 * the server (409, its reason shown here) once something happened since.
 */
export function InstanceMigrations({
  gameId,
  instanceId,
  zone,
}: {
  gameId: string;
  instanceId: string;
  zone?: string | null;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: designQueryKeys.instanceMigrations(gameId, instanceId),
    queryFn: ({ signal }) => designApi.instanceMigrations(gameId, instanceId, signal),
  });
  const undo = useMutation({
    mutationFn: (migration: InstanceMigration) => designApi.undoMigration(gameId, migration.id),
    onSuccess: () => {
      notifySuccess(t('operations.migrations.undoDone'));
      void queryClient.invalidateQueries({ queryKey: operationsQueryKeys.instance(gameId, instanceId) });
      return queryClient.invalidateQueries({ queryKey: designQueryKeys.instanceMigrations(gameId, instanceId) });
    },
  });
  const confirmUndo = (migration: InstanceMigration) =>
    modals.openConfirmModal({
      title: t('operations.migrations.undoTitle'),
      centered: true,
      children: <Text size="sm">{t('operations.migrations.undoConfirm', { from: migration.fromVersion })}</Text>,
      labels: { confirm: t('operations.migrations.undo'), cancel: t('operations.cancel') },
      onConfirm: () => undo.mutate(migration),
    });
  const migrations = query.data?.migrations ?? [];
  if (migrations.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('operations.migrations.empty')}
      </Text>
    );
  }
  const refusal = undo.error
    ? isApiError(undo.error)
      ? userErrorText(undo.error.status, undo.error.body)
      : String(undo.error)
    : null;
  return (
    <>
      {refusal && (
        <Alert color="orange" variant="light" title={t('operations.migrations.undoRefused')} mb="sm">
          {refusal}
        </Alert>
      )}
      <Table aria-label={t('operations.migrations.label')} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('operations.migrations.when')}</Table.Th>
            <Table.Th>{t('operations.migrations.who')}</Table.Th>
            <Table.Th>{t('operations.migrations.versions')}</Table.Th>
            <Table.Th>{t('operations.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {migrations.map((migration) => (
            <Table.Tr key={migration.id}>
              <Table.Td>{formatDate(migration.createdAt, zone)}</Table.Td>
              <Table.Td>{migration.createdBy ?? t('operations.migrations.unknownUser')}</Table.Td>
              <Table.Td>
                {t('operations.migrations.fromTo', { from: migration.fromVersion, to: migration.toVersion })}
              </Table.Td>
              <Table.Td>
                {migration.undoneAt ? (
                  <Text size="sm" c="dimmed">
                    {t('operations.migrations.undone', { when: formatDate(migration.undoneAt, zone) })}
                  </Text>
                ) : (
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconArrowBackUp size={14} />}
                    loading={undo.isPending && undo.variables?.id === migration.id}
                    onClick={() => confirmUndo(migration)}
                  >
                    {t('operations.migrations.undo')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
