import type { MapType } from '@loci/domain';
import L from 'leaflet';
import { useContext, useEffect, useMemo, useRef } from 'react';
import { WorkspaceContext } from '../shell/workspace-context';
import { MapContainer, Marker, Polyline, Tooltip as MapTooltip, useMap } from 'react-leaflet';
import { MapTiles } from '../../../components/map/MapTiles';
import { ClusteredMarkers } from './ClusteredMarkers';
import { MapFrame, SceneCircles, markerIconFor } from './world-map-parts';
import type { WorldScene } from './world-values';

/** One marker of the world map. */
export interface WorldMapMarker {
  id: string;
  label: string;
  latitude: number;
  longitude: number;
  iconUri?: string | null;
  /** A team's colour (the live map of a game played in teams): a dot in it instead of the default marker. */
  colour?: string;
  onOpen?: () => void;
}

export interface WorldMapProps {
  markers: readonly WorldMapMarker[];
  scenes: readonly WorldScene[];
  height: number;
  label: string;
  /** The game's map type: "hybrid" shows the satellite tiles when the server has them. */
  mapType?: MapType;
  /** A path drawn as a line (a player's track in a replay). */
  track?: ReadonlyArray<[number, number]>;
  /** The points the map frames instead of the markers' (a replay frames the whole track, not where the slider is). */
  frame?: ReadonlyArray<[number, number]>;
  /**
   * A live map (the operator's players, refreshed every few seconds): the markers are clustered and updated in
   * place, and the map frames them once, then keeps the view the user chose. `clusterLabel` names a cluster.
   */
  live?: { clusterLabel: (count: number) => string };
}

// Spec 3 §9: a marker map starts at zoom 5 centred at 10, 20; a single point is widened by 0.005° each way.
const START = { center: [10, 20] as [number, number], zoom: 5 };
const SINGLE_POINT_MARGIN = 0.005;

/** The bounds of the markers (or, with none, of the scenes' centres), widened when they are one point. */
function boundsOf(points: ReadonlyArray<[number, number]>): L.LatLngBounds | null {
  if (points.length === 0) return null;
  const bounds = L.latLngBounds(points.map(([lat, lng]) => L.latLng(lat, lng)));
  if (bounds.getNorth() === bounds.getSouth() && bounds.getEast() === bounds.getWest()) {
    const { lat, lng } = bounds.getCenter();
    return L.latLngBounds(
      [lat - SINGLE_POINT_MARGIN, lng - SINGLE_POINT_MARGIN],
      [lat + SINGLE_POINT_MARGIN, lng + SINGLE_POINT_MARGIN],
    );
  }
  return bounds;
}

/**
 * Frames `bounds` whenever `frameKey` changes (by default: whenever the bounds do). With `untilUserMoves`, it
 * stops once the user drags, zooms or scrolls the map: the view is then theirs.
 */
function FitBounds({
  bounds,
  frameKey,
  untilUserMoves = false,
}: {
  bounds: L.LatLngBounds | null;
  frameKey?: string;
  untilUserMoves?: boolean;
}) {
  const map = useMap();
  const key = frameKey ?? bounds?.toBBoxString() ?? '';
  const userMoved = useRef(false);
  useEffect(() => {
    if (!untilUserMoves) return;
    const container = map.getContainer();
    const takeOver = () => {
      userMoved.current = true;
    };
    const events = ['pointerdown', 'wheel', 'keydown', 'touchstart'] as const;
    for (const event of events) container.addEventListener(event, takeOver, { passive: true });
    return () => {
      for (const event of events) container.removeEventListener(event, takeOver);
    };
  }, [map, untilUserMoves]);
  useEffect(() => {
    if (!bounds || userMoved.current) return;
    // A container without a size (hidden, or in a test) has no zoom to fit.
    const size = map.getSize();
    if (size.x > 0 && size.y > 0) map.fitBounds(bounds, { padding: [24, 24] });
    else map.setView(bounds.getCenter(), map.getZoom());
    // The key stands for the bounds.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

/** The world objects or offers of a version on a map (spec 3 §2): one marker each, with its type's icon. */
export function WorldMap({ markers, scenes, height, label, mapType, track, frame, live }: WorldMapProps) {
  // Inside the design workspace the game's own map type, unless the caller says.
  const gameMapType = useContext(WorkspaceContext)?.workspace.game.pg.mapType;
  const bounds = useMemo(() => {
    const points: [number, number][] = frame?.length
      ? [...frame]
      : markers.map((marker) => [marker.latitude, marker.longitude]);
    if (points.length > 0) return boundsOf(points);
    return boundsOf(
      scenes
        .filter((scene) => scene.center && !scene.universe)
        .map((scene) => [scene.center!.latitude, scene.center!.longitude]),
    );
  }, [markers, scenes, frame]);

  return (
    <MapFrame height={height} label={label}>
      <MapContainer center={START.center} zoom={START.zoom} style={{ height: '100%', width: '100%' }} scrollWheelZoom>
        <MapTiles mapType={mapType ?? gameMapType} />
        <SceneCircles scenes={scenes} />
        {track && track.length > 1 && <Polyline positions={[...track]} pathOptions={{ weight: 4, opacity: 0.8 }} />}
        {live ? (
          <ClusteredMarkers markers={markers} clusterLabel={live.clusterLabel} />
        ) : (
          markers.map((marker) => (
            <Marker
              key={marker.id}
              position={[marker.latitude, marker.longitude]}
              icon={markerIconFor(marker.iconUri)}
              title={marker.label}
              alt={marker.label}
              eventHandlers={marker.onOpen ? { click: marker.onOpen } : undefined}
            >
              <MapTooltip>{marker.label}</MapTooltip>
            </Marker>
          ))
        )}
        {/* A live map frames its area until the first markers, then every player as players appear (the first
            answer may hold only some of them), until the operator moves the map: the view is then theirs. */}
        <FitBounds
          bounds={bounds}
          frameKey={live && markers.length > 0 ? `markers:${markers.length}` : undefined}
          untilUserMoves={Boolean(live)}
        />
      </MapContainer>
    </MapFrame>
  );
}
