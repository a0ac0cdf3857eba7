import { Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { designApi, designQueryKeys, type MigrationPreview } from '../../../api/design';
import { notifyError, notifySuccess } from '../../../components/notify';
import './locales';

type Impact = MigrationPreview['players'][number]['impacts'][number];

/** One impact in words: "Item 'gem': dropped", "Scene 'Harbour': moved to 'Pier'", "Mission 'Find': kept, it changed". */
function impactSentence(impact: Impact, t: TFunction): string {
  return t(`design.versions.migration.${impact.decision}`, {
    subject: impact.subject,
    name: impact.name,
    to: impact.toName ?? '',
  });
}

/**
 * Migrating the running instances of older versions to this one (manage
 * right): a preview per instance and player, then one instance, all of them
 * or a canary. Shown on the version's compare page and, from "Migrate to
 * version N", on the Gameplay page (features/operations/MigrateLiveGames).
 */
export function MigrationPanel({
  gameId,
  versionId,
  onMigrated,
}: {
  gameId: string;
  versionId: string;
  /** After a migration (the operations pages refresh their instances). */
  onMigrated?: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const preview = useQuery({
    queryKey: designQueryKeys.migration(gameId, versionId),
    queryFn: ({ signal }) => designApi.migrationPreview(gameId, versionId, signal),
  });
  const migrate = useMutation({
    mutationFn: (body: { instanceIds?: string[]; canary?: number }) => designApi.migrate(gameId, versionId, body),
    onSuccess: ({ migrated }) => {
      notifySuccess(t('design.versions.migration.done', { count: migrated.length }));
      onMigrated?.();
      return queryClient.invalidateQueries({ queryKey: designQueryKeys.migration(gameId, versionId) });
    },
    onError: (error) => notifyError(t('design.versions.migration.failed'), error),
  });
  const instances = preview.data ?? [];
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3}>{t('design.versions.migration.title')}</Title>
        {instances.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('design.versions.migration.none')}
          </Text>
        ) : (
          <>
            <List size="sm" spacing={6} aria-label={t('design.versions.migration.title')}>
              {instances.map((instance) => (
                <List.Item key={instance.instanceId}>
                  <Group gap="xs">
                    <Text size="sm">
                      {t('design.versions.migration.instance', {
                        version: instance.fromVersion,
                        players: instance.players.map((p) => p.name).join(', '),
                      })}
                    </Text>
                    <Button
                      size="compact-xs"
                      variant="light"
                      loading={migrate.isPending}
                      onClick={() => migrate.mutate({ instanceIds: [instance.instanceId] })}
                    >
                      {t('design.versions.migration.one')}
                    </Button>
                  </Group>
                  <List size="xs" withPadding>
                    {instance.players.flatMap((player) =>
                      player.impacts.map((impact) => (
                        <List.Item key={`${player.playerId}-${impact.subject}-${impact.id}`}>
                          {player.name}: {impactSentence(impact, t)}
                        </List.Item>
                      )),
                    )}
                  </List>
                </List.Item>
              ))}
            </List>
            <Group>
              <Button loading={migrate.isPending} onClick={() => migrate.mutate({})}>
                {t('design.versions.migration.all', { count: instances.length })}
              </Button>
              <Button variant="light" loading={migrate.isPending} onClick={() => migrate.mutate({ canary: 1 })}>
                {t('design.versions.migration.canary')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
