import { CARD_DESCRIPTION_MAX, cardControls, type CardControl, type GamesListItem } from '@loci/domain';
import { ActionIcon, Badge, Box, Button, Card, Center, Group, Image, Menu, Stack, Text, Title } from '@mantine/core';
import {
  IconArchive,
  IconChartBar,
  IconCopy,
  IconDots,
  IconDownload,
  IconEye,
  IconEyeOff,
  IconMapPin,
  IconMapPins,
  IconPencil,
  IconPlayerPlay,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import { formatTime } from '../../i18n/time';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mediaThumbUrl } from '../../api/media';
import type { GameOperation } from './queries';
import { htmlToPlainText, truncateText } from './text';

const MENU: { control: CardControl; operation: GameOperation; icon: ReactNode; color?: string }[] = [
  { control: 'Clone', operation: 'clone', icon: <IconCopy size={16} /> },
  { control: 'Unpublish', operation: 'unpublish', icon: <IconEyeOff size={16} /> },
  { control: 'Archive', operation: 'archive', icon: <IconArchive size={16} /> },
  { control: 'Delete', operation: 'delete', icon: <IconTrash size={16} />, color: 'red' },
];

const FOOTER: { control: CardControl; to: (id: string) => string; icon: ReactNode; primary?: boolean }[] = [
  { control: 'Design', to: (id) => `/games/${id}`, icon: <IconPencil size={16} />, primary: true },
  { control: 'View inside', to: (id) => `/games/${id}`, icon: <IconEye size={16} />, primary: true },
  { control: 'Settings', to: (id) => `/games/edit/${id}`, icon: <IconSettings size={16} /> },
  { control: 'Gameplay', to: (id) => `/active-games/${id}`, icon: <IconPlayerPlay size={16} /> },
  { control: 'Analytics', to: (id) => `/analytics/${id}`, icon: <IconChartBar size={16} /> },
];

/** A game's logo (cover) as a card image, or a map-pin placeholder when it has none or it fails to load. */
export function GameLogo({ game, title }: { game: Pick<GamesListItem, 'id' | 'logoId'>; title: string }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (game.logoId && !failed) {
    return (
      <Image
        src={mediaThumbUrl(game.id, game.logoId, { width: 600, square: false })}
        alt={t('games.list.logo', { title })}
        h={140}
        fit="cover"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <Center h={140} bg="var(--mantine-color-default-hover)" c="dimmed" aria-hidden>
      <IconMapPin size={40} stroke={1.2} />
    </Center>
  );
}

/** What a card offers beyond the operations of spec 1: bundles and relocation (issue 17). */
export type BundleAction = 'export' | 'cloneTo' | 'relocate';

const BUNDLE_MENU: { action: BundleAction; right: 'clone' | 'edit'; icon: ReactNode }[] = [
  { action: 'export', right: 'clone', icon: <IconDownload size={16} /> },
  { action: 'cloneTo', right: 'clone', icon: <IconMapPins size={16} /> },
  { action: 'relocate', right: 'edit', icon: <IconMapPin size={16} /> },
];

const BUNDLE_LABELS: Record<BundleAction, string> = {
  export: 'bundles.export',
  cloneTo: 'bundles.cloneTo',
  relocate: 'bundles.relocate',
};

interface Props {
  game: GamesListItem;
  onOperation: (operation: GameOperation, game: GamesListItem) => void;
  onBundleAction?: (action: BundleAction, game: GamesListItem) => void;
}

/** One game of the list: logo, title, owner, dates, description, and the controls the user's rights allow. */
export function GameCard({ game, onOperation, onBundleAction }: Props) {
  const { t } = useTranslation();
  const controls = cardControls(game.rights, { published: game.publicVersionId !== null });
  const title = game.title || t('games.list.untitled');
  const description = truncateText(htmlToPlainText(game.description), CARD_DESCRIPTION_MAX);
  const menu = MENU.filter((item) => controls.includes(item.control));
  const footer = FOOTER.filter((item) => controls.includes(item.control));
  // Exporting is cloning to a file (clone right); relocating changes the design (edit right, not archived).
  const bundleMenu = onBundleAction
    ? BUNDLE_MENU.filter((item) => game.rights.includes(item.right) && !(item.action === 'relocate' && game.isArchived))
    : [];

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      h="100%"
      style={{ display: 'flex', flexDirection: 'column' }}
      component="article"
      aria-label={title}
    >
      <Card.Section>
        <GameLogo game={game} title={title} />
      </Card.Section>

      <Group justify="space-between" align="flex-start" wrap="nowrap" mt="md" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={3} fz="lg" lineClamp={2}>
            {title}
          </Title>
          <Text size="sm" c="dimmed" truncate>
            {t('games.list.owner', { name: game.userId.name })}
          </Text>
        </Stack>
        {menu.length + bundleMenu.length > 0 && (
          <Menu position="bottom-end" withinPortal shadow="md" width={180}>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={t('games.list.actions', { title })}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {menu.map((item) => (
                <Menu.Item
                  key={item.control}
                  leftSection={item.icon}
                  color={item.color}
                  onClick={() => onOperation(item.operation, game)}
                >
                  {t(`games.list.controls.${item.control}`)}
                </Menu.Item>
              ))}
              {bundleMenu.length > 0 && menu.length > 0 && <Menu.Divider />}
              {bundleMenu.map((item) => (
                <Menu.Item
                  key={item.action}
                  leftSection={item.icon}
                  onClick={() => onBundleAction?.(item.action, game)}
                >
                  {t(BUNDLE_LABELS[item.action])}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>

      <Group gap={6} mt="xs">
        {game.publicVersionId !== null && (
          <Badge variant="light" color="teal" size="sm">
            {t('games.list.published')}
          </Badge>
        )}
        {game.isArchived && (
          <Badge variant="light" color="gray" size="sm">
            {t('games.list.archived')}
          </Badge>
        )}
        {game.publicAccess !== 'no' && (
          <Badge variant="light" color="blue" size="sm">
            {t(game.publicAccess === 'clone' ? 'games.list.publicClone' : 'games.list.publicView')}
          </Badge>
        )}
        {game.multiplayer && (
          <Badge variant="light" color="grape" size="sm">
            {t('games.list.multiplayer')}
          </Badge>
        )}
      </Group>

      <Text size="sm" mt="sm" style={{ flex: 1, overflowWrap: 'anywhere' }}>
        {description}
      </Text>

      <Text size="xs" c="dimmed" mt="md">
        {t('games.list.created', { date: formatTime(game.createdAt, { style: 'date' }) })} ·{' '}
        {t('games.list.updated', { date: formatTime(game.updatedAt, { style: 'date' }) })}
      </Text>

      {footer.length > 0 && (
        <Box mt="md" pt="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Group gap="xs">
            {footer.map((item) => (
              <Button
                key={item.control}
                component={Link}
                to={item.to(game.id)}
                size="xs"
                variant={item.primary ? 'filled' : 'default'}
                leftSection={item.icon}
              >
                {t(`games.list.controls.${item.control}`)}
              </Button>
            ))}
          </Group>
        </Box>
      )}
    </Card>
  );
}
