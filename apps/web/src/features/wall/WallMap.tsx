import type { WallAnswer } from '@loci/domain';
import { CircleMarker, MapContainer, Tooltip } from 'react-leaflet';
import { DEFAULT_ZOOM } from '../../components/map/leaflet-setup';
import { MapTiles } from '../../components/map/MapTiles';

/** The teams on a map (only when the organiser chose it): one marker each, at the last position of the team. */
export function WallMap({ map }: { map: NonNullable<WallAnswer['map']> }) {
  const first = map.markers[0];
  const centre = map.centre ?? (first ? { latitude: first.latitude, longitude: first.longitude } : null);
  if (!centre) return null;
  return (
    <MapContainer
      className="wall-map"
      center={[centre.latitude, centre.longitude]}
      zoom={DEFAULT_ZOOM}
      zoomControl={false}
      attributionControl
      keyboard={false}
    >
      <MapTiles />
      {map.markers.map((marker) => (
        <CircleMarker
          key={marker.key}
          center={[marker.latitude, marker.longitude]}
          radius={14}
          pathOptions={{ color: '#fff', weight: 3, fillColor: marker.colour ?? '#1c6bb0', fillOpacity: 1 }}
        >
          <Tooltip permanent direction="top" offset={[0, -14]}>
            {marker.name}
          </Tooltip>
        </CircleMarker>
      ))}
    </MapContainer>
  );
}
