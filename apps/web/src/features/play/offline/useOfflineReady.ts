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

/**
 * Resolves once a service worker has installed — its install ends when the player's page and files are
 * precached — and controls this page, so that the page's own later requests (a dialog's chunk, the Greek texts)
 * are answered from the device. Until then "Ready offline" would be a promise the phone cannot keep: a player who
 * went offline on it lost the page at the next file it asked for (seen on a slow machine, where the install took
 * longer than the game's data).
 */
export async function serviceWorkerInControl(
  container: ServiceWorkerContainer = navigator.serviceWorker,
): Promise<void> {
  await container.ready;
  if (container.controller) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      if (!container.controller) return;
      container.removeEventListener('controllerchange', done);
      resolve();
    };
    container.addEventListener('controllerchange', done);
    done();
  });
}

/**
 * Once the game is loaded and the service worker controls the page: keeps what the game needs offline on the
 * device; undefined while that runs (or cannot: no service worker, as under the dev server).
 */
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
    queryFn: async () => {
      await serviceWorkerInControl();
      return prepareOffline({
        gameId,
        instanceId: instanceId!,
        game: { game, spec },
        area: prefetchTiles && place?.radius ? place : null,
        tileUrl,
      });
    },
    enabled: canCache() && !!instanceId && !config.isPending,
    staleTime: Infinity,
    retry: false,
  });
  return ready.data;
}
