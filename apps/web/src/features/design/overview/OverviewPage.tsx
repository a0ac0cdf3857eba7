import { readableTitle } from '@loci/domain';
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconRocket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { entitiesOf, plainText, truncate } from '../common/workspace-data';
import { useLoadedWorkspace } from '../shell/workspace-context';
import { isPublishDue } from '../versions/version-label';
import { PublishModal } from '../versions/PublishModal';
import './overview-locales';
import { ScenesMap } from './ScenesMap';
import '../common/locales';
import { domainText } from '../../../i18n/domain';

const OVERVIEW_MAP_HEIGHT = 500;

/** /games/:gameId: the playground heading, the map of scenes and places, and Publish for editors (spec 2 §2). */
export function OverviewPage() {
  const { t } = useTranslation();
  const { gameId, workspace, canEdit } = useLoadedWorkspace();
  const [publishOpened, publishModal] = useDisclosure(false);
  const { game } = workspace;
  const scenes = entitiesOf(workspace, 'scene');
  // A game without scenes has nothing to play: Publish waits, and says why.
  const isEmpty = scenes.length === 0;
  const showPublish = canEdit && isPublishDue(workspace) && !isEmpty;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2}>{game.pg.title || game.title}</Title>
          <Text size="sm" c="dimmed">
            {game.pg.type === 'map' ? t('design.overview.mapGame') : t('design.overview.imageGame')}
          </Text>
        </Stack>
        {showPublish && (
          <Button leftSection={<IconRocket size={16} />} onClick={publishModal.open}>
            {t('design.versions.publish')}
          </Button>
        )}
        {canEdit && isEmpty && (
          <Text size="sm" c="dimmed" data-testid="publish-reason">
            {t('design.overview.nothingToPublish')}
          </Text>
        )}
      </Group>

      <ScenesMap workspace={workspace} height={OVERVIEW_MAP_HEIGHT} label={t('design.overview.mapLabel')} />

      <Group justify="space-between">
        <Title order={3} fz="h4">
          {t('design.sidebar.scenes')}
        </Title>
        <Button
          component={Link}
          to={`/games/${gameId}/scenes/create/0`}
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={!canEdit}
          onClick={(event) => {
            if (!canEdit) event.preventDefault();
          }}
        >
          {t('design.newOf', { label: t('design.kinds.scene'), context: 'scene' })}
        </Button>
      </Group>
      {scenes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {domainText(t, 'DESIGN_TEXTS', 'noItems')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {scenes.map((scene) => (
            <Card key={scene.id} withBorder radius="md" padding="sm">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Anchor component={Link} to={`/games/${gameId}/scenes/show/${scene.id}`} fw={500} truncate>
                  {readableTitle(scene)}
                </Anchor>
                {scene.universe === true && <Badge size="xs">{t('design.sidebar.universe')}</Badge>}
                {scene.enabled === false && (
                  <Badge size="xs" color="gray">
                    {t('design.scenes.disabled')}
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {scene.name}
              </Text>
              {plainText(scene.notes) && (
                <Text size="sm" mt={4} lineClamp={3}>
                  {truncate(plainText(scene.notes), 400)}
                </Text>
              )}
            </Card>
          ))}
        </SimpleGrid>
      )}
      <PublishModal gameId={gameId} opened={publishOpened} onClose={publishModal.close} />
    </Stack>
  );
}
