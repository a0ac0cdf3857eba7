import { DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_URL, type MapType } from '@loci/domain';
import { useQuery } from '@tanstack/react-query';
import { TileLayer } from 'react-leaflet';
import { clientConfigApi } from '../../api/client-config';
import { queryKeys } from '../../api/query-keys';
import { OSM_TILES } from './leaflet-setup';

/**
 * The map's tile layer, from the tile hosts the server is configured with:
 * LOCI_TILE_URL (and its attribution) for standard maps, LOCI_TILE_URL_SATELLITE
 * for games whose map type is "hybrid" — the standard tiles when the server has no satellite imagery.
 */
export function MapTiles({ mapType = 'standard' }: { mapType?: MapType }) {
  const config = useQuery({
    queryKey: queryKeys.clientConfig,
    queryFn: ({ signal }) => clientConfigApi.getClientConfig(signal),
    staleTime: Infinity,
  });
  const satellite = mapType === 'hybrid' && config.data?.satelliteTileUrl ? config.data : null;
  // Until the server answers (or when it cannot), OpenStreetMap's tiles: the server's default as well.
  const url = satellite?.satelliteTileUrl ?? config.data?.tileUrl ?? DEFAULT_TILE_URL;
  const attribution = satellite
    ? satellite.satelliteTileAttribution
    : (config.data?.tileAttribution ?? DEFAULT_TILE_ATTRIBUTION);
  // A new key when the host changes: Leaflet's TileLayer does not change its attribution in place.
  return <TileLayer key={url} url={url} attribution={attribution} maxZoom={OSM_TILES.maxZoom} />;
}
