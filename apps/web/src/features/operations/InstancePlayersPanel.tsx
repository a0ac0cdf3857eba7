import type { FullInstance } from '@loci/domain';
import { ActionIcon, Anchor, Avatar, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconMessage, IconRefresh } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WorldMap, type WorldMapMarker } from '../design/world/WorldMap';
import type { WorldScene } from '../design/world/world-values';
import { PLAYER_MAP_HEIGHT, playerStatusLabel } from './operations-values';
import type { LabelOf } from './design-labels';
import { PlayerStatePanel, type ReadablePlayerState } from './PlayerStatePanel';
import type { MessageRecipient } from './SendMessageModal';
import './locales';

type UserState = NonNullable<FullInstance['state']['usersState']>[string] & ReadablePlayerState;

export interface InstancePlayersPanelProps {
  instance: FullInstance;
  scenes: readonly WorldScene[];
  onRefresh: () => void;
  refreshing: boolean;
  /** Titles of the design's scenes, items, attributes, missions and milestones. */
  labelOf: LabelOf;
  /** The game's timezone, for the times shown. */
  zone: string | null | undefined;
  /** Opens the message modal for one player. */
  onMessage: (player: MessageRecipient) => void;
}

/**
 * The Players panel of an instance (spec 1 §2): each player with avatar, name
 * (opening their state tree) and status in brackets, and a map of where they
 * are, refreshed on demand.
 */
export function InstancePlayersPanel({
  instance,
  scenes,
  onRefresh,
  refreshing,
  labelOf,
  zone,
  onMessage,
}: InstancePlayersPanelProps) {
  const { t } = useTranslation();
  const [openId, setOpenId] = useState<string | null>(null);
  const states = useMemo(
    () => (instance.state.usersState ?? {}) as Record<string, UserState>,
    [instance.state.usersState],
  );
  const opened = instance.players.find((player) => player.id === openId);

  const markers = useMemo<WorldMapMarker[]>(
    () =>
      instance.players.flatMap((player) => {
        const location = states[player.id]?.location;
        return location
          ? [
              {
                id: player.id,
                label: player.name,
                latitude: location.latitude,
                longitude: location.longitude,
                onOpen: () => setOpenId(player.id),
              },
            ]
          : [];
      }),
    [instance.players, states],
  );

  return (
    <Stack gap="md">
      {instance.players.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('operations.instance.noPlayers')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {instance.players.map((player) => (
            <Group key={player.id} gap="sm" component="li">
              <Avatar
                size="sm"
                src={states[player.id]?.avatar.photo?.uri ?? null}
                name={player.name}
                color="initials"
              />
              <Anchor component="button" type="button" onClick={() => setOpenId(player.id)}>
                {player.name}
              </Anchor>
              <Text size="sm" c="dimmed">
                ({playerStatusLabel(t, player.status)})
              </Text>
              <Tooltip label={t('operations.messageTo.player', { name: player.name })}>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={t('operations.messageTo.player', { name: player.name })}
                  onClick={() => onMessage({ id: player.id, name: player.name })}
                >
                  <IconMessage size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ))}
        </Stack>
      )}
      <Group justify="space-between">
        <Text fw={500} size="sm">
          {t('operations.instance.playersMap')}
        </Text>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRefresh size={14} />}
          onClick={onRefresh}
          loading={refreshing}
        >
          {t('operations.instance.refresh')}
        </Button>
      </Group>
      <WorldMap
        markers={markers}
        scenes={scenes}
        height={PLAYER_MAP_HEIGHT}
        label={t('operations.instance.playersMap')}
      />
      <Modal
        opened={Boolean(opened)}
        onClose={() => setOpenId(null)}
        title={opened ? t('operations.instance.playerState', { name: opened.name }) : ''}
        size="xl"
        centered
      >
        {opened && (
          <PlayerStatePanel
            state={states[opened.id] ?? opened}
            labelOf={labelOf}
            zone={zone}
            rawLabel={t('operations.instance.playerState', { name: opened.name })}
          />
        )}
      </Modal>
    </Stack>
  );
}
