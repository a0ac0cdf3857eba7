import type { FullInstance, RescueRequest } from '@loci/domain';
import { ActionIcon, Anchor, Avatar, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye, IconHistory, IconMessage, IconRefresh } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WorldMap, type WorldMapMarker } from '../design/world/WorldMap';
import type { WorldScene } from '../design/world/world-values';
import { PLAYER_MAP_HEIGHT, playerStatusLabel } from './operations-values';
import type { LabelOf } from './design-labels';
import { PlayerStatePanel, type ReadablePlayerState } from './PlayerStatePanel';
import { ReplayModal } from './ReplayModal';
import { RescuePanel, type RescueOptions } from './RescuePanel';
import type { MessageRecipient } from './SendMessageModal';
import { seeAsPlayerPath } from './see-as-player-path';
import './locales';
import './see-as-player-locales';

type UserState = NonNullable<FullInstance['state']['usersState']>[string] & ReadablePlayerState;

export interface InstancePlayersPanelProps {
  gameId: string;
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
  /** What the rescue form picks from, and how a rescue is applied (absent: no rescue form). */
  rescueOptions?: RescueOptions;
  onRescue?: (playerId: string, body: RescueRequest) => Promise<unknown>;
  /** The player whose panel is open at first (the stuck players' link). */
  initialPlayerId?: string | null;
}

/**
 * The Players panel of an instance (spec 1 §2): each player with avatar, name
 * (opening their state tree) and status in brackets, and a map of where they
 * are, refreshed on demand.
 */
export function InstancePlayersPanel({
  gameId,
  instance,
  scenes,
  onRefresh,
  refreshing,
  labelOf,
  zone,
  onMessage,
  rescueOptions,
  onRescue,
  initialPlayerId = null,
}: InstancePlayersPanelProps) {
  const { t } = useTranslation();
  const [openId, setOpenId] = useState<string | null>(initialPlayerId);
  const [replayed, setReplayed] = useState<{ id: string; name: string } | null>(null);
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
                // The player's name is beside it.
                alt=""
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
              <Tooltip label={t('operations.replay.open', { name: player.name })}>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={t('operations.replay.open', { name: player.name })}
                  onClick={() => setReplayed({ id: player.id, name: player.name })}
                >
                  <IconHistory size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('operations.seeAsPlayer.openFor', { name: player.name })}>
                <ActionIcon
                  component={Link}
                  to={seeAsPlayerPath(instance.gameId, instance.id, player.id)}
                  variant="subtle"
                  size="sm"
                  aria-label={t('operations.seeAsPlayer.openFor', { name: player.name })}
                >
                  <IconEye size={16} />
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
      <ReplayModal
        gameId={gameId}
        instanceId={instance.id}
        player={replayed}
        onClose={() => setReplayed(null)}
        scenes={scenes}
        labelOf={labelOf}
        zone={zone}
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
        {opened && rescueOptions && onRescue && (
          <RescuePanel
            options={rescueOptions}
            dialogs={pendingTitles(states[opened.id])}
            members={opened.members}
            onSubmit={(body) => onRescue(opened.id, body)}
          />
        )}
      </Modal>
    </Stack>
  );
}

/** The open dialogs of a player (their pending outputs, oldest first), named by title or kind. */
function pendingTitles(state: UserState | undefined): string[] {
  const pending = (state as { pending?: Array<{ title?: string; action?: string }> } | undefined)?.pending ?? [];
  return pending.map((output, index) => `${index + 1}. ${output.title || output.action || ''}`);
}
