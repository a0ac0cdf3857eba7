import type { FullInstance } from '@loci/domain';
import { Anchor, Avatar, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WorldMap, type WorldMapMarker } from '../design/world/WorldMap';
import type { WorldScene } from '../design/world/world-values';
import { PLAYER_MAP_HEIGHT } from './operations-values';
import { StateTree } from './StateTree';
import './locales';

type UserState = NonNullable<FullInstance['state']['usersState']>[string] & {
  location?: { latitude: number; longitude: number } | null;
};

export interface InstancePlayersPanelProps {
  instance: FullInstance;
  scenes: readonly WorldScene[];
  onRefresh: () => void;
  refreshing: boolean;
}

/**
 * The Players panel of an instance (spec 1 §2): each player with avatar, name
 * (opening their state tree) and status in brackets, and a map of where they
 * are, refreshed on demand.
 */
export function InstancePlayersPanel({ instance, scenes, onRefresh, refreshing }: InstancePlayersPanelProps) {
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
                ({player.status})
              </Text>
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
          <StateTree
            value={states[opened.id] ?? opened}
            label={t('operations.instance.playerState', { name: opened.name })}
          />
        )}
      </Modal>
    </Stack>
  );
}
