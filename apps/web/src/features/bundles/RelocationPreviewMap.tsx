import { latLngBounds } from 'leaflet';
import { useEffect } from 'react';
import { Circle, CircleMarker, MapContainer, Tooltip, useMap } from 'react-leaflet';
import { MapFrame } from '../../components/map/MapFrame';
import { MapTiles } from '../../components/map/MapTiles';
import type { RelocatedPlace } from '@loci/domain';

// SVG attributes cannot read CSS variables: Mantine's gray 6 (the playground, dashed) and teal 6.
const PLAYGROUND = { color: '#868e96', weight: 1, fillOpacity: 0.05, dashArray: '4 4' };
const AFTER = { color: '#12b886', weight: 2, fillOpacity: 0.12 };

function FitAfter({ places }: { places: RelocatedPlace[] }) {
  const map = useMap();
  useEffect(() => {
    if (places.length === 0) return;
    const bounds = latLngBounds(places.map((place) => [place.after.lat, place.after.lng] as [number, number]));
    map.fitBounds(bounds.pad(0.3), { maxZoom: 17 });
  }, [map, places]);
  return null;
}

/** Every place of a game at its new position (green), with the playground's circle; shapes only, no editing. */
export function RelocationPreviewMap({ places, label }: { places: RelocatedPlace[]; label: string }) {
  const centre = places.find((place) => place.kind === 'playground')?.after ?? places[0]?.after ?? { lat: 0, lng: 0 };
  return (
    <MapFrame h={320} label={label}>
      <MapContainer center={[centre.lat, centre.lng]} zoom={14} style={{ height: '100%', width: '100%' }}>
        <MapTiles />
        {places.map((place) =>
          place.radius ? (
            <Circle
              key={`${place.kind}-${place.id}`}
              center={[place.after.lat, place.after.lng]}
              radius={place.radius}
              pathOptions={place.kind === 'playground' ? PLAYGROUND : AFTER}
            >
              <Tooltip>{place.name}</Tooltip>
            </Circle>
          ) : (
            <CircleMarker
              key={`${place.kind}-${place.id}`}
              center={[place.after.lat, place.after.lng]}
              radius={5}
              pathOptions={AFTER}
            >
              <Tooltip>{place.name}</Tooltip>
            </CircleMarker>
          ),
        )}
        <FitAfter places={places} />
      </MapContainer>
    </MapFrame>
  );
}
