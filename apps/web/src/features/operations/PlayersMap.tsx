import { Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WorldMap, type WorldMapMarker } from '../design/world/WorldMap';
import type { WorldScene } from '../design/world/world-values';
import { PLAYER_MAP_HEIGHT, REFRESH_SECONDS } from './operations-values';
import './locales';

/** A player on the map: where they are, and what a click on the marker does. */
export interface PlayerMarker {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  /** A team's colour (games played in teams): the marker is a dot in it. */
  colour?: string;
  onOpen: () => void;
}

/** The refresh-seconds input (spec 1 §5, §9): 1 to 100, default 10; other values are ignored. */
export function useRefreshSeconds() {
  const [seconds, setSeconds] = useState<number>(REFRESH_SECONDS.default);
  const [typed, setTyped] = useState<number | string>(REFRESH_SECONDS.default);
  const handleChange = (value: number | string) => {
    setTyped(value);
    const number = typeof value === 'number' ? value : Number(value);
    if (Number.isInteger(number) && number >= REFRESH_SECONDS.min && number <= REFRESH_SECONDS.max) setSeconds(number);
  };
  return { seconds, typed, handleChange };
}

export interface PlayersMapProps {
  players: readonly PlayerMarker[];
  /** The game's area (or scenes), drawn as circles and framing the map while no one is on it. */
  areas: readonly WorldScene[];
  label: string;
  refresh: ReturnType<typeof useRefreshSeconds>;
}

/** The live map of the players (spec 1 §2): 500 px high, refreshed every chosen number of seconds. */
export function PlayersMap({ players, areas, label, refresh }: PlayersMapProps) {
  const { t } = useTranslation();
  // Thousands of players: clustered, updated in place, and the view left to the operator after the first framing.
  const live = useMemo(() => ({ clusterLabel: (count: number) => t('operations.map.cluster', { count }) }), [t]);
  const markers = useMemo<WorldMapMarker[]>(
    () =>
      players.map((player) => ({
        id: player.id,
        label: player.name,
        latitude: player.latitude,
        longitude: player.longitude,
        ...(player.colour ? { colour: player.colour } : {}),
        onOpen: player.onOpen,
      })),
    [players],
  );
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <Text size="sm" c="dimmed">
          {t('operations.map.onMap', { count: players.length })}
        </Text>
        <NumberInput
          label={t('operations.map.refresh')}
          leftSection={<IconRefresh size={16} />}
          min={REFRESH_SECONDS.min}
          max={REFRESH_SECONDS.max}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          w={200}
          value={refresh.typed}
          onChange={refresh.handleChange}
        />
      </Group>
      <WorldMap markers={markers} scenes={areas} height={PLAYER_MAP_HEIGHT} label={label} live={live} />
    </Stack>
  );
}
