import type { SpecEntityOf } from '../spec-index';
import { Anchor, Badge, Group, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The header's left side: back to design (playtest), the game's title, the current scene, the playtest badge. */
export function PlayHeading({
  title,
  scene,
  gameId,
  playtest,
  wide,
}: {
  title: string;
  scene: SpecEntityOf<'scene'> | undefined;
  gameId: string;
  playtest: boolean;
  wide: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
      {playtest && (
        <Anchor component={Link} to={`/games/${gameId}`} size="sm" aria-label={t('play.backToDesign')}>
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={16} />
            {wide && t('play.backToDesign')}
          </Group>
        </Anchor>
      )}
      <Title order={1} size="h5" style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {title}
      </Title>
      {scene && (
        <Badge variant="light" color="grape" visibleFrom="xs" style={{ flex: 'none' }}>
          {scene.title || scene.name}
        </Badge>
      )}
      {playtest && (
        <Badge variant="outline" color="orange" style={{ flex: 'none' }}>
          {wide ? t('play.playtestBadge') : t('play.playtest')}
        </Badge>
      )}
    </Group>
  );
}
