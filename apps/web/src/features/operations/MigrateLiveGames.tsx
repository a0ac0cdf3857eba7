import type { InstanceListItem } from '@loci/domain';
import { Button, Group, Modal, Text } from '@mantine/core';
import { IconArrowBigUpLines } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameVersionSummary } from '../../api/design';
import { operationsQueryKeys } from '../../api/operations';
import { MigrationPanel } from '../design/versions/MigrationPanel';
import './migration-locales';

/** The newest published, non-archived version: where live games are migrated to. */
export function migrationTargetOf(versions: readonly GameVersionSummary[]): GameVersionSummary | undefined {
  return versions
    .filter((version) => !version.isLiveSpec && !version.isArchived)
    .reduce<GameVersionSummary | undefined>(
      (newest, version) => (!newest || version.version > newest.version ? version : newest),
      undefined,
    );
}

/** The running instances of a published version other than `targetId` (playtests are never migrated). */
export function instancesBehind(instances: readonly InstanceListItem[], targetId: string): InstanceListItem[] {
  return instances.filter(
    (instance) =>
      instance.state.worldState.status === 'active' &&
      !instance.gameVersion.isLiveSpec &&
      instance.gameVersion.id !== targetId,
  );
}

/**
 * "Migrate to version N" on the Gameplay page (docs/versions.md "Migrating
 * live games"), shown to those with the manage right while running instances
 * play an older version: it opens the preview — per instance and player what
 * changes — with Migrate (one instance), Migrate all and the canary.
 */
export function MigrateLiveGames({
  gameId,
  versions,
  instances,
}: {
  gameId: string;
  versions: readonly GameVersionSummary[];
  instances: readonly InstanceListItem[];
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const target = migrationTargetOf(versions);
  const behind = target ? instancesBehind(instances, target.id) : [];
  // Kept open after the last migration: the preview then says no game is left behind.
  if (!target || (behind.length === 0 && !opened)) return null;
  return (
    <>
      {behind.length > 0 && (
        <Group gap="sm">
          <Button variant="light" leftSection={<IconArrowBigUpLines size={16} />} onClick={() => setOpened(true)}>
            {t('operations.migrate.action', { version: target.version })}
          </Button>
          <Text size="sm" c="dimmed">
            {t('operations.migrate.hint', { count: behind.length })}
          </Text>
        </Group>
      )}
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('operations.migrate.title', { version: target.version })}
        size="lg"
      >
        <MigrationPanel
          gameId={gameId}
          versionId={target.id}
          onMigrated={() => void queryClient.invalidateQueries({ queryKey: operationsQueryKeys.game(gameId) })}
        />
      </Modal>
    </>
  );
}
