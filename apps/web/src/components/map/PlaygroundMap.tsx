import type { MapType } from '@loci/domain';
import { Box } from '@mantine/core';
import type { LatLngExpression, LeafletEventHandlerFnMap, Marker as LeafletMarker } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { Circle, MapContainer, Marker, useMap, useMapEvents } from 'react-leaflet';
import { DEFAULT_ZOOM } from './leaflet-setup';
import { MapTiles } from './MapTiles';

export interface PlaygroundMapProps {
  lat: number;
  lng: number;
  /** Metres; no circle when not positive. */
  radius: number;
  /** Called when the marker is dragged or the map clicked (not when read-only). */
  onMove?: (lat: number, lng: number) => void;
  readOnly?: boolean;
  height?: number;
  /** Names the map for assistive technology. */
  label: string;
  /** The game's map type: "hybrid" shows the satellite tiles when the server has them. */
  mapType?: MapType;
}

// SVG attributes cannot read CSS variables: Mantine's teal 6.
const CIRCLE_STYLE = { color: '#12b886', weight: 2, fillOpacity: 0.12 };

// Six decimals are about 10 cm: more only adds noise to the stored value.
const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** Keeps the marker in view when the position is typed in. */
function FollowPosition({ position }: { position: [number, number] }) {
  const map = useMap();
  const [lat, lng] = position;
  useEffect(() => {
    if (!map.getBounds().contains([lat, lng])) map.panTo([lat, lng]);
  }, [map, lat, lng]);
  return null;
}

function ClickToMove({ onMove }: { onMove: (lat: number, lng: number) => void }) {
  useMapEvents({ click: (event) => onMove(round(event.latlng.lat), round(event.latlng.lng)) });
  return null;
}

/** A map of a game area: a draggable marker at its centre and a circle of its radius. */
export function PlaygroundMap({
  lat,
  lng,
  radius,
  onMove,
  readOnly = false,
  height = 700,
  label,
  mapType,
}: PlaygroundMapProps) {
  const position = useMemo<[number, number]>(() => [lat, lng], [lat, lng]);
  const editable = !readOnly && Boolean(onMove);
  const markerHandlers = useMemo<LeafletEventHandlerFnMap>(
    () => ({
      dragend: (event) => {
        const point = (event.target as LeafletMarker).getLatLng();
        onMove?.(round(point.lat), round(point.lng));
      },
    }),
    [onMove],
  );

  return (
    <Box
      h={height}
      role="region"
      aria-label={label}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        overflow: 'hidden',
        border: '1px solid var(--mantine-color-default-border)',
        isolation: 'isolate',
      }}
    >
      <MapContainer
        center={position as LatLngExpression}
        zoom={DEFAULT_ZOOM}
        style={{ height: '100%', width: '100%' }}
        scrollWheelZoom
      >
        <MapTiles mapType={mapType} />
        <Marker position={position} draggable={editable} eventHandlers={markerHandlers} />
        {radius > 0 && <Circle center={position} radius={radius} pathOptions={CIRCLE_STYLE} />}
        <FollowPosition position={position} />
        {editable && onMove && <ClickToMove onMove={onMove} />}
      </MapContainer>
    </Box>
  );
}
