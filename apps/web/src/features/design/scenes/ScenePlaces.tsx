import { LOCATION_PERCEPTION_LABELS, type DesignEntity } from '@loci/domain';
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Workspace } from '../../../api/design';
import { entitiesOf } from '../common/workspace-data';
import '../common/locales';
import { vocabulary, type Translate } from '../common/vocabulary';
import { QuickRuleMenu, effectGroups } from '../rules/QuickRuleMenu';
import { titleOf } from '../rules/quick-rules';
import { domainText } from '../../../i18n/domain';

/** The locations (places) of a scene. */
export function placesOfScene(workspace: Workspace, sceneId: string): DesignEntity[] {
  return entitiesOf(workspace, 'location').filter((location) => location.sceneId === sceneId);
}

function perception(t: Translate, value: unknown): string {
  return typeof value === 'string' && value in LOCATION_PERCEPTION_LABELS
    ? vocabulary.perception(t, value as keyof typeof LOCATION_PERCEPTION_LABELS)
    : '—';
}

/** The Scene Places tab (spec 2 §2): the scene's locations and New place. */
export function ScenePlaces({
  workspace,
  sceneId,
  canEdit,
}: {
  workspace: Workspace;
  sceneId: string;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const gameId = workspace.game.id;
  const places = placesOfScene(workspace, sceneId);
  const newPath = `/games/${gameId}/locations/create/0/${sceneId}`;
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        {canEdit ? (
          <Button component={Link} to={newPath} size="xs" leftSection={<IconPlus size={16} />}>
            {t('design.scenes.newPlace')}
          </Button>
        ) : (
          <Button size="xs" leftSection={<IconPlus size={16} />} disabled>
            {t('design.scenes.newPlace')}
          </Button>
        )}
      </Group>
      {places.length === 0 ? (
        <Text size="sm" c="dimmed">
          {domainText(t, 'DESIGN_TEXTS', 'noItems')}
        </Text>
      ) : (
        <Stack gap="xs" role="list" aria-label={t('design.scenes.places')}>
          {places.map((place) => (
            <Paper key={place.id} withBorder radius="md" p="sm" role="listitem">
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={`/games/${gameId}/locations/edit/${place.id}`} fw={500} truncate>
                    {String(place.title || place.name)}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {place.name}
                    {typeof place.radius === 'number' ? ` · ${place.radius} m` : ''}
                  </Text>
                </Stack>
                <Group gap={4} wrap="nowrap">
                  {place.trackable === true && (
                    <Badge size="xs" variant="light">
                      {t('design.locations.trackable')}
                    </Badge>
                  )}
                  <Badge size="xs" variant="outline" color="gray">
                    {t('design.locations.visible')}: {perception(t, place.visible)}
                  </Badge>
                  <QuickRuleMenu
                    workspace={workspace}
                    label={t('design.quickRules.arrive')}
                    ariaLabel={t('design.quickRules.arriveAt', { place: titleOf(place) })}
                    groups={effectGroups(workspace, { kind: 'arrive', placeId: place.id }, titleOf(place), t)}
                    disabled={!canEdit}
                  />
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
