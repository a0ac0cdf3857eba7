import { readableTitle, SCENE_DESCRIPTION_MAX } from '@loci/domain';
import { Anchor, Badge, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconList, IconMap, IconMapPin, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { findEntity, plainText, truncate } from '../common/workspace-data';
import { ScenesMap } from '../overview/ScenesMap';
import { useLoadedWorkspace } from '../shell/workspace-context';
import { UnknownWorkspacePage } from '../shell/UnknownWorkspacePage';
import { ScenePlaces } from './ScenePlaces';
import { SceneRules } from './SceneRules';
import '../common/locales';

const SCENE_MAP_HEIGHT = 500;

/**
 * /games/:gameId/scenes/show/:sceneId (spec 2 §2): Scene Script (its rules),
 * Scene Places and Scene Map (the last two on map games only), and a Settings
 * link to the scene form that returns here.
 */
export function ScenePage() {
  const { t } = useTranslation();
  const { sceneId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const { gameId, workspace, canEdit } = useLoadedWorkspace();
  const scene = findEntity(workspace, 'scene', sceneId);
  if (!scene) return <UnknownWorkspacePage />;
  const isMap = workspace.game.pg.type === 'map';
  const description = plainText(scene.notes);
  // ?tab=places (after saving a place) or ?tab=map opens that tab; the script is the default.
  const asked = searchParams.get('tab');
  const tab = isMap && (asked === 'places' || asked === 'map') ? asked : 'script';
  const changeTab = (value: string | null) =>
    setSearchParams(value && value !== 'script' ? { tab: value } : {}, { replace: true });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Title order={2} style={{ overflowWrap: 'anywhere' }}>
              {readableTitle(scene)}
            </Title>
            {scene.universe === true && <Badge>{t('design.sidebar.universe')}</Badge>}
            {scene.enabled === false && <Badge color="gray">{t('design.scenes.disabled')}</Badge>}
          </Group>
          <Text size="sm" c="dimmed">
            {scene.name}
          </Text>
        </Stack>
        <Anchor
          component={Link}
          to={`/games/${gameId}/scenes/edit/${scene.id}?returnTo=objectShow`}
          size="sm"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
        >
          <IconSettings size={16} />
          {t('design.scenes.settings')}
        </Anchor>
      </Group>
      {description && <Text size="sm">{truncate(description, SCENE_DESCRIPTION_MAX)}</Text>}

      <Tabs value={tab} onChange={changeTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="script" leftSection={<IconList size={16} />}>
            {t('design.scenes.script')}
          </Tabs.Tab>
          {isMap && (
            <Tabs.Tab value="places" leftSection={<IconMapPin size={16} />}>
              {t('design.scenes.places')}
            </Tabs.Tab>
          )}
          {isMap && (
            <Tabs.Tab value="map" leftSection={<IconMap size={16} />}>
              {t('design.scenes.map')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="script" pt="md">
          <SceneRules workspace={workspace} sceneId={scene.id} canEdit={canEdit} />
        </Tabs.Panel>
        {isMap && (
          <Tabs.Panel value="places" pt="md">
            <ScenePlaces workspace={workspace} sceneId={scene.id} canEdit={canEdit} />
          </Tabs.Panel>
        )}
        {isMap && (
          <Tabs.Panel value="map" pt="md">
            <ScenesMap
              workspace={workspace}
              sceneId={scene.id}
              height={SCENE_MAP_HEIGHT}
              label={t('design.scenes.mapLabel', { name: readableTitle(scene) })}
            />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
