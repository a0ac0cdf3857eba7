import { type WorldEntry, type WorldEntryType } from '@loci/domain';
import { ActionIcon, Alert, Button, Group, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconEye, IconLock, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { GeneralErrorBox } from '../../../components/GeneralErrorBox';
import { PageLoader } from '../../../components/PageLoader';
import { useGameRights } from '../common';
import { useInitialState, useInitialStateSpecs, useWorldMutations, useWorldVersion } from './queries';
import { WorldMap, type WorldMapMarker } from './WorldMap';
import { WorldVersionSelect } from './WorldVersionSelect';
import { createPath, editPath, worldRouteOf } from './world-route';
import { entriesOf, findType, labelOf, typeIdField, type WorldSpecs } from './world-values';
import './locales';
import { domainText } from '../../../i18n/domain';

/** Map heights (spec 3 §9): objects 700 px, offers 600 px. */
const MAP_HEIGHT: Record<WorldEntryType, number> = { object: 700, offer: 600 };

interface SceneGroup {
  sceneId: string;
  label: string;
  entries: WorldEntry[];
}

/** The entries by scene, in the order of the game's scenes; scenes the specs do not know come last. */
function groupByScene(entries: readonly WorldEntry[], specs: WorldSpecs, t: TFunction) {
  const groups = new Map<string, SceneGroup>();
  for (const scene of specs.scenes) groups.set(scene.id, { sceneId: scene.id, label: labelOf(scene), entries: [] });
  for (const entry of entries) {
    let group = groups.get(entry.sceneId);
    if (!group) {
      group = {
        sceneId: entry.sceneId,
        label: entry.sceneId ? t('design.world.unknownScene', { id: entry.sceneId }) : t('design.world.noScene'),
        entries: [],
      };
      groups.set(entry.sceneId, group);
    }
    group.entries.push(entry);
  }
  return [...groups.values()]
    .filter((group) => group.entries.length > 0)
    .map((group) => ({ ...group, entries: [...group.entries].sort((a, b) => a.name.localeCompare(b.name)) }));
}

/**
 * /games/{gameId}/initialState/manage-objects/0 and …/manage-offers/0
 * (optional ?versionId=): the initial world's objects or offers on a map and
 * in a list by scene, with edit and remove ('Are you really sure?', 'Item
 * deleted'). Adding and removing need the edit right and the working version.
 */
export function ManageWorldPage({ type: typeProp }: { type?: WorldEntryType } = {}) {
  const { t } = useTranslation();
  const { gameId = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const type = typeProp ?? worldRouteOf(pathname, gameId).type;
  const version = useWorldVersion(gameId);
  const rights = useGameRights(gameId);
  const stateQuery = useInitialState(gameId, version.versionId);
  const specsQuery = useInitialStateSpecs(gameId, version.versionId);
  const { remove } = useWorldMutations(gameId, version.versionId);
  const canChange = rights.canEdit && !version.readOnly;

  const specs = specsQuery.data;
  const entries = useMemo(() => entriesOf(stateQuery.data, type), [stateQuery.data, type]);
  const groups = useMemo(() => (specs ? groupByScene(entries, specs, t) : []), [entries, specs, t]);
  const markers = useMemo<WorldMapMarker[]>(
    () =>
      specs
        ? entries.map((entry) => ({
            id: entry.id,
            label: entry.name,
            latitude: entry.location?.latitude ?? 0,
            longitude: entry.location?.longitude ?? 0,
            iconUri: findType(specs, type, entry[typeIdField(type)])?.iconUri,
            onOpen: () => navigate(editPath(gameId, type, entry.id, version.search)),
          }))
        : [],
    [entries, specs, type, navigate, gameId, version.search],
  );

  const handleRemove = (entry: WorldEntry) => {
    modals.openConfirmModal({
      title: t('design.world.deleteTitle', { name: entry.name }),
      centered: true,
      children: <Text size="sm">{domainText(t, 'DESIGN_TEXTS', 'confirmDelete')}</Text>,
      labels: { confirm: t('design.world.remove'), cancel: t('design.world.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate({ type, sceneId: entry.sceneId, id: entry.id }),
    });
  };

  if (stateQuery.isPending || specsQuery.isPending)
    return <PageLoader label={domainText(t, 'DESIGN_TEXTS', 'loading')} />;
  if (!stateQuery.data || !specs) return <GeneralErrorBox error={stateQuery.error ?? specsQuery.error} />;

  const typeTitle = (entry: WorldEntry) => {
    const entryType = findType(specs, type, entry[typeIdField(type)]);
    return entryType ? labelOf(entryType) : '';
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2}>{type === 'object' ? t('design.world.objectsTitle') : t('design.world.offersTitle')}</Title>
        {canChange && (
          <Button
            component={Link}
            to={createPath(gameId, type, '0', version.search)}
            leftSection={<IconPlus size={16} />}
          >
            {type === 'object' ? t('design.world.addObject') : t('design.world.addOffer')}
          </Button>
        )}
      </Group>
      {version.param && <WorldVersionSelect gameId={gameId} value={version.param} />}
      {version.readOnly && (
        <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
          {t('design.world.versionReadOnly')}
        </Alert>
      )}
      {!rights.canEdit && !rights.isLoading && (
        <Alert color="gray" variant="light" icon={<IconEye size={18} />}>
          {t('design.world.readOnly')}
        </Alert>
      )}

      <WorldMap markers={markers} scenes={specs.scenes} height={MAP_HEIGHT[type]} label={t('design.world.map')} />

      <Title order={3} fz="h4">
        {t('design.world.list')}
      </Title>
      {groups.length === 0 ? (
        <Text c="dimmed">
          {type === 'object' ? domainText(t, 'DESIGN_TEXTS', 'noObjects') : domainText(t, 'DESIGN_TEXTS', 'noOffers')}
        </Text>
      ) : (
        groups.map((group) => (
          <Paper key={group.sceneId || '-'} withBorder radius="md" p="sm" component="section" aria-label={group.label}>
            <Title order={4} fz="h5" mb="xs">
              {group.label}
            </Title>
            <Table verticalSpacing={6} highlightOnHover>
              <Table.Tbody>
                {group.entries.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>
                      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {entry.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {typeTitle(entry)}
                      </Text>
                    </Table.Td>
                    <Table.Td w={90}>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label={t('design.world.editEntry', { name: entry.name })}>
                          <ActionIcon
                            component={Link}
                            to={editPath(gameId, type, entry.id, version.search)}
                            variant="subtle"
                            aria-label={t('design.world.editEntry', { name: entry.name })}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                        {canChange && (
                          <Tooltip label={t('design.world.removeEntry', { name: entry.name })}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              onClick={() => handleRemove(entry)}
                              loading={remove.isPending && remove.variables?.id === entry.id}
                              aria-label={t('design.world.removeEntry', { name: entry.name })}
                            >
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        ))
      )}
    </Stack>
  );
}
