import { DEFAULT_TILE_URL } from '@loci/domain';
import { useQuery } from '@tanstack/react-query';
import { TileLayer } from 'react-leaflet';
import { clientConfigApi } from '../../api/client-config';
import { queryKeys } from '../../api/query-keys';
import { OSM_TILES } from './leaflet-setup';

/** The map's tile layer, from the tile host the server is configured with (LOCI_TILE_URL). */
export function MapTiles() {
  const config = useQuery({
    queryKey: queryKeys.clientConfig,
    queryFn: ({ signal }) => clientConfigApi.getClientConfig(signal),
    staleTime: Infinity,
  });
  // Until the server answers (or when it cannot), OpenStreetMap's tiles: the server's default as well.
  const url = config.data?.tileUrl ?? DEFAULT_TILE_URL;
  return <TileLayer url={url} attribution={OSM_TILES.attribution} maxZoom={OSM_TILES.maxZoom} />;
}
