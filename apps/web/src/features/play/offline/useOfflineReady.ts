import { DEFAULT_TILE_URL } from '@loci/domain';
import { useQuery } from '@tanstack/react-query';
import { clientConfigApi } from '../../../api/client-config';
import type { PlayGameInfo, PlaySpec } from '../../../api/play';
import { queryKeys } from '../../../api/query-keys';
import { prepareOffline, type OfflineReady } from './prepare-offline';

/**
 * The OpenStreetMap Foundation's tile servers forbid prefetching areas ("bulk downloading"): with them only
 * the tiles the player has looked at are kept. A tile host of one's own (LOCI_TILE_URL) gets the whole area.
 */
export const NO_PREFETCH_HOSTS = ['tile.openstreetmap.org'];

const canCache = () =>
  typeof caches !== 'undefined' && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** Once the game is loaded: keeps what it needs offline on the device; undefined while that runs (or cannot). */
export function useOfflineReady(options: {
  gameId: string;
  instanceId: string | null;
  game: PlayGameInfo;
  spec: PlaySpec;
}): OfflineReady | undefined {
  const { gameId, instanceId, game, spec } = options;
  const config = useQuery({
    queryKey: queryKeys.clientConfig,
    queryFn: ({ signal }) => clientConfigApi.getClientConfig(signal),
    staleTime: Infinity,
    enabled: canCache(),
  });
  const tileUrl = config.data?.tileUrl ?? DEFAULT_TILE_URL;
  const place = game.pg.type === 'image' ? null : game.pg.place;
  const prefetchTiles = !NO_PREFETCH_HOSTS.some((host) => tileUrl.includes(host));
  const ready = useQuery({
    queryKey: ['play', 'offline', gameId, instanceId, tileUrl],
    queryFn: () =>
      prepareOffline({
        gameId,
        instanceId: instanceId!,
        game: { game, spec },
        area: prefetchTiles && place?.radius ? place : null,
        tileUrl,
      }),
    enabled: canCache() && !!instanceId && !config.isPending,
    staleTime: Infinity,
    retry: false,
  });
  return ready.data;
}
