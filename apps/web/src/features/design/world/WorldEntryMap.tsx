import type { LeafletEventHandlerFnMap, Marker as LeafletMarker } from 'leaflet';
import { useContext, useEffect, useMemo } from 'react';
import { MapContainer, Marker, useMap } from 'react-leaflet';
import { DEFAULT_ZOOM } from '../../../components/map/leaflet-setup';
import { MapTiles } from '../../../components/map/MapTiles';
import { MapFrame, SceneCircles, markerIconFor } from './world-map-parts';
import type { WorldScene } from './world-values';
import { WorkspaceContext } from '../shell/workspace-context';

export interface WorldEntryMapProps {
  latitude: number;
  longitude: number;
  scenes: readonly WorldScene[];
  /** The type's logo for the marker, when it has one. */
  iconUri?: string | null;
  /** Called when the marker is dropped (not when read-only). */
  onDrop: (latitude: number, longitude: number) => void;
  readOnly: boolean;
  height: number;
  label: string;
}

// Six decimals are about 10 cm: more only adds noise to the stored value.
const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** Keeps the marker in view when the place changes from outside (typed in, or a scene's centre). */
function FollowPosition({ latitude, longitude }: { latitude: number; longitude: number }) {
  const map = useMap();
  useEffect(() => {
    if (!map.getBounds().contains([latitude, longitude])) map.panTo([latitude, longitude]);
  }, [map, latitude, longitude]);
  return null;
}

/** The place of one world object or offer: the scenes' circles and a marker to drag (spec 3 §2). */
export function WorldEntryMap({
  latitude,
  longitude,
  scenes,
  iconUri,
  onDrop,
  readOnly,
  height,
  label,
}: WorldEntryMapProps) {
  const mapType = useContext(WorkspaceContext)?.workspace.game.pg.mapType;
  const handlers = useMemo<LeafletEventHandlerFnMap>(
    () => ({
      dragend: (event) => {
        const point = (event.target as LeafletMarker).getLatLng();
        onDrop(round(point.lat), round(point.lng));
      },
    }),
    [onDrop],
  );
  return (
    <MapFrame height={height} label={label}>
      <MapContainer
        center={[latitude, longitude]}
        zoom={DEFAULT_ZOOM}
        style={{ height: '100%', width: '100%' }}
        scrollWheelZoom
      >
        <MapTiles mapType={mapType} />
        <SceneCircles scenes={scenes} />
        <Marker
          position={[latitude, longitude]}
          draggable={!readOnly}
          icon={markerIconFor(iconUri)}
          alt={label}
          eventHandlers={handlers}
        />
        <FollowPosition latitude={latitude} longitude={longitude} />
      </MapContainer>
    </MapFrame>
  );
}
