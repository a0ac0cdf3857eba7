import type { PlayerStateItem } from '@loci/domain';
import { Avatar, Badge, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconEye, IconMessage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, playerStatusLabel } from './operations-values';
import { Rows } from './PlayerStatePanel';
import type { MessageRecipient } from './SendMessageModal';
import { seeAsPlayerPath } from './see-as-player-path';
import './locales';
import './see-as-player-locales';

/** The player the modal shows: the full state from playerStates, or the instance list's id, name and status. */
export type PlayerInfo = Pick<PlayerStateItem, 'id' | 'name' | 'status'> & Partial<PlayerStateItem>;

export interface PlayerInfoModalProps {
  player: PlayerInfo | null;
  onClose: () => void;
  /** The label of a scene, item, attribute or object type by its id (falls back to the id). */
  labelOf: (id: string) => string;
  /** The game's timezone, for the times shown. */
  zone?: string | null;
  /** Opens the message modal for this player (offered while they are in a running instance). */
  onMessage?: (player: MessageRecipient) => void;
  /** The game's id: with it, a player in an instance gets the "See as the player" link. */
  gameId?: string;
}

/** A player's state (spec 1 §2, §3): name, status, scene, and what they own and are attributed. */
export function PlayerInfoModal({ player, onClose, labelOf, zone, onMessage, gameId }: PlayerInfoModalProps) {
  const { t } = useTranslation();
  const state = player?.state;
  const items = Object.entries(state?.owns.item ?? {}).map(([id, count]): [string, string] => [
    labelOf(id),
    String(count),
  ]);
  const objects = Object.entries(state?.owns.object ?? {}).map(([id, object]): [string, string] => {
    const { name, archetypeId } = (object ?? {}) as { name?: string; archetypeId?: string };
    return [name || id, archetypeId ? labelOf(archetypeId) : ''];
  });
  const attributes = Object.entries(state?.is.attributed ?? {}).map(([id, value]): [string, string] => [
    labelOf(id),
    String(value),
  ]);

  return (
    <Modal opened={player !== null} onClose={onClose} title={t('operations.player.title')} centered size="lg">
      {player && (
        <Stack gap="md">
          <Group gap="sm">
            <Avatar src={player.avatar?.photo?.uri ?? null} alt="" name={player.name} color="initials" />
            <Stack gap={0}>
              <Text fw={600}>{player.name}</Text>
              {player.email && (
                <Text size="sm" c="dimmed">
                  {player.email}
                </Text>
              )}
            </Stack>
          </Group>
          <List spacing={4} size="sm">
            <List.Item>
              {t('operations.player.status')}: <Badge variant="light">{playerStatusLabel(t, player.status)}</Badge>
            </List.Item>
            <List.Item>
              {t('operations.player.scene')}:{' '}
              {state?.currentSceneId ? labelOf(state.currentSceneId) : t('operations.player.noScene')}
            </List.Item>
            {state && (
              <>
                <List.Item>
                  {t('operations.player.started')}: {formatDate(state.has.started.game.when, zone)}
                </List.Item>
                <List.Item>
                  {t('operations.player.lastPlayed')}: {formatDate(state.lastPlayed, zone)}
                </List.Item>
              </>
            )}
          </List>
          {gameId && player.instanceId && (
            <Group>
              <Button
                component={Link}
                to={seeAsPlayerPath(gameId, player.instanceId, player.id)}
                variant="light"
                leftSection={<IconEye size={16} />}
              >
                {t('operations.seeAsPlayer.open')}
              </Button>
            </Group>
          )}
          {onMessage && (player.status === 'playing' || player.status === 'paused') && (
            <Group>
              <Button
                variant="light"
                leftSection={<IconMessage size={16} />}
                onClick={() => onMessage({ id: player.id, name: player.name })}
              >
                {t('operations.messageTo.player', { name: player.name })}
              </Button>
            </Group>
          )}
          <Rows title={t('operations.player.items')} empty={t('operations.player.noneItems')} rows={items} />
          <Rows title={t('operations.player.objects')} empty={t('operations.player.noneObjects')} rows={objects} />
          <Rows
            title={t('operations.player.attributes')}
            empty={t('operations.player.noneAttributes')}
            rows={attributes}
          />
        </Stack>
      )}
    </Modal>
  );
}
