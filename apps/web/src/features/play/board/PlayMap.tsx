import type { MapType } from '@loci/domain';
import type { LatLng as RoutePoint, ObjectInstance, OfferInstance, PlayerView, Proximity } from '@loci/engine';
import { Button, Stack, Text } from '@mantine/core';
import L, { type LeafletEventHandlerFnMap, type Marker as LeafletMarker } from 'leaflet';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Circle, MapContainer, Marker, Polyline, Popup, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import { distanceMetres } from '@loci/engine/geo';
import { proximityFrom } from '../gps/proximity';
import type { LatLng } from '../gps/geolocation';
import '../gps/locales';
import { DEFAULT_ZOOM } from '../../../components/map/leaflet-setup';
import { MapTiles } from '../../../components/map/MapTiles';
import { mediaIconUrl } from '../../../api/play';
import { definitionOf, sceneCircle, thingTitle, type SpecEntityOf, type SpecIndex } from '../spec-index';

export type PerceivedThing = (ObjectInstance | OfferInstance) & Proximity;

export interface PlayMapProps {
  center: { lat: number; lng: number };
  index: SpecIndex;
  view: PlayerView;
  /** Scene circles to draw (showScenes, or always in a playtest). */
  scenes: Array<SpecEntityOf<'scene'>>;
  /** The player's position (with the fix's accuracy, when the device gave one); null while unknown. */
  position: LatLng | null;
  /** The game's map type: "hybrid" shows the satellite tiles when the server has them. */
  mapType?: MapType;
  /** Fixes less accurate than this many metres do not move the player (the game's setting); their circle is drawn grey. */
  maxAccuracy?: number;
  /** The virtual walker: the player's marker is dragged, or the map clicked, to move. */
  walker: boolean;
  onMove: (lat: number, lng: number) => void;
  onThing: (thing: PerceivedThing) => void;
  onTapLocation: (locationId: string) => void;
  /** A playtest's simulated route: drawn as a line through numbered points. */
  route?: readonly RoutePoint[];
  /** More layers on the map (a team's members). */
  children?: ReactNode;
}

// SVG attributes cannot read CSS variables: Mantine's colours.
const SCENE_STYLE = { color: '#868e96', weight: 1, dashArray: '6 6', fillOpacity: 0.04 };
const SCENE_CURRENT_STYLE = { color: '#7950f2', weight: 2, dashArray: '6 6', fillOpacity: 0.06 };
const LOCATION_STYLE = { color: '#12b886', weight: 2, fillOpacity: 0.15 };
const LOCATION_INSIDE_STYLE = { color: '#fd7e14', weight: 3, fillOpacity: 0.25 };
const ACCURACY_STYLE = { color: '#228be6', weight: 1, fillOpacity: 0.12 };
const ACCURACY_COARSE_STYLE = { color: '#868e96', weight: 1, dashArray: '4 4', fillOpacity: 0.08 };

const round = (value: number) => Math.round(value * 1e6) / 1e6;

const walkerIcon = L.divIcon({
  className: 'loci-walker',
  html: '<div style="width:22px;height:22px;border-radius:50%;background:#228be6;border:3px solid #fff;box-shadow:0 0 0 2px #228be6,0 2px 6px rgba(0,0,0,.4)"></div>',
  iconSize: [22, 22],
  iconAnchor: [11, 11],
});

const defaultIcon = new L.Icon.Default();
const iconCache = new Map<string, L.Icon>();
function mediaIcon(mediaId: string, size: number): L.Icon {
  const key = `${mediaId}:${size}`;
  let icon = iconCache.get(key);
  if (!icon) {
    icon = L.icon({
      iconUrl: mediaIconUrl(mediaId, size * 2),
      iconSize: [size, size],
      iconAnchor: [size / 2, size / 2],
    });
    iconCache.set(key, icon);
  }
  return icon;
}

const ROUTE_STYLE = { color: '#e64980', weight: 3, opacity: 0.8, dashArray: '8 6' };
const routePointIcons = new Map<number, L.DivIcon>();
function routePointIcon(number: number): L.DivIcon {
  let icon = routePointIcons.get(number);
  if (!icon) {
    icon = L.divIcon({
      className: 'loci-route-point',
      html: `<div style="width:20px;height:20px;border-radius:50%;background:#e64980;color:#fff;font:600 11px/20px sans-serif;text-align:center;border:2px solid #fff;box-shadow:0 1px 3px rgba(0,0,0,.4)">${number}</div>`,
      iconSize: [20, 20],
      iconAnchor: [10, 10],
    });
    routePointIcons.set(number, icon);
  }
  return icon;
}

/** A simulated route: the line walked and its points, numbered in order (they let the map's clicks through). */
function RouteLine({ route }: { route: readonly RoutePoint[] }) {
  const { t } = useTranslation();
  const positions = useMemo(() => route.map((point) => [point.latitude, point.longitude] as [number, number]), [route]);
  return (
    <>
      {positions.length > 1 && (
        <Polyline positions={positions} pathOptions={ROUTE_STYLE} className="loci-route" interactive={false} />
      )}
      {positions.map((position, index) => (
        <Marker
          key={`${index}:${position[0]}:${position[1]}`}
          position={position}
          icon={routePointIcon(index + 1)}
          title={t('play.map.routePoint', { number: index + 1 })}
          interactive={false}
          keyboard={false}
        />
      ))}
    </>
  );
}

function ClickToMove({ onMove }: { onMove: (lat: number, lng: number) => void }) {
  useMapEvents({ click: (event) => onMove(round(event.latlng.lat), round(event.latlng.lng)) });
  return null;
}

/** Pans when the player leaves the visible part of the map (never while they drag it). */
function KeepInView({ position }: { position: { lat: number; lng: number } | null }) {
  const map = useMap();
  const lat = position?.lat;
  const lng = position?.lng;
  useEffect(() => {
    if (lat === undefined || lng === undefined) return;
    if (!map.getBounds().pad(-0.1).contains([lat, lng])) map.panTo([lat, lng]);
  }, [map, lat, lng]);
  return null;
}

function LocationShape({
  location,
  perceived,
  onTap,
  onWalk,
}: {
  location: SpecEntityOf<'location'>;
  perceived: PlayerView['perceived']['locations'][number];
  onTap: (id: string) => void;
  /** With the virtual walker, a click on a place walks there (the popup stops the map's own click). */
  onWalk?: (lat: number, lng: number) => void;
}) {
  const handlers = useMemo<LeafletEventHandlerFnMap>(
    () => ({ click: (event) => onWalk?.(round(event.latlng.lat), round(event.latlng.lng)) }),
    [onWalk],
  );
  const { t } = useTranslation();
  const title = location.title || location.name;
  return (
    <Circle
      center={[location.lat, location.lng]}
      radius={location.radius > 0 ? location.radius : 50}
      pathOptions={perceived.inside ? LOCATION_INSIDE_STYLE : LOCATION_STYLE}
      // Set once, when Leaflet draws the path (browser tests find places by it).
      className="loci-location"
      eventHandlers={handlers}
    >
      <Tooltip direction="top">{title}</Tooltip>
      {/* No auto-pan: walking by clicking places must not move the map under the walker. */}
      {location.contactable !== 'never' && (
        <Popup autoPan={false}>
          <Stack gap={4}>
            <Text size="sm" fw={600} component="div">
              {title}
            </Text>
            <Text size="xs" c="dimmed" component="div">
              {perceived.inside
                ? t('play.map.inside')
                : perceived.inRange
                  ? t('play.map.inRange')
                  : t('play.map.outOfRange')}
            </Text>
            <Button size="compact-xs" onClick={() => onTap(location.id)}>
              {t('play.map.tapPlace')}
            </Button>
          </Stack>
        </Popup>
      )}
    </Circle>
  );
}

/** The play map: scene circles, the places and things the player perceives, and the player. */
export function PlayMap({
  center,
  index,
  view,
  scenes,
  position,
  walker,
  onMove,
  onThing,
  onTapLocation,
  mapType,
  maxAccuracy = 50,
  route,
  children,
}: PlayMapProps) {
  const { t } = useTranslation();
  // A tap on an object lying in a place the player could tap asks which one they meant.
  const [choice, setChoice] = useState<{ thing: PerceivedThing; places: Array<SpecEntityOf<'location'>> } | null>(null);
  const placesUnder = (thing: PerceivedThing): Array<SpecEntityOf<'location'>> => {
    const at = thing.location;
    if (!at) return [];
    return view.perceived.locations.flatMap((perceived) => {
      const location = index.location(perceived.id);
      if (!location || location.contactable === 'never') return [];
      const radius = location.radius > 0 ? location.radius : 50;
      return distanceMetres(at, { latitude: location.lat, longitude: location.lng }) <= radius ? [location] : [];
    });
  };
  const handleThing = (thing: PerceivedThing) => {
    const places = placesUnder(thing);
    if (places.length === 0) onThing(thing);
    else setChoice({ thing, places });
  };
  const start = useRef<[number, number]>(position ? [position.lat, position.lng] : [center.lat, center.lng]);
  const walkerHandlers = useMemo<LeafletEventHandlerFnMap>(
    () => ({
      dragend: (event) => {
        const point = (event.target as LeafletMarker).getLatLng();
        onMove(round(point.lat), round(point.lng));
      },
    }),
    [onMove],
  );
  const things: PerceivedThing[] = [...view.perceived.objects, ...view.perceived.offers];
  // react-leaflet moves a marker whenever its position prop is a new array: a render in
  // the middle of a drag (a pushed step, a notification) would snap the walker back.
  const lat = position?.lat;
  const lng = position?.lng;
  const walkerPosition = useMemo<[number, number] | null>(
    () => (lat === undefined || lng === undefined ? null : [lat, lng]),
    [lat, lng],
  );

  return (
    <MapContainer
      center={start.current}
      zoom={DEFAULT_ZOOM + 2}
      style={{ height: '100%', width: '100%' }}
      scrollWheelZoom
      aria-label={t('play.map.label')}
    >
      <MapTiles mapType={mapType} />
      {position?.accuracy !== undefined && position.accuracy > 0 && (
        <Circle
          center={[position.lat, position.lng]}
          radius={position.accuracy}
          pathOptions={position.accuracy > maxAccuracy ? ACCURACY_COARSE_STYLE : ACCURACY_STYLE}
          className="loci-accuracy"
          interactive={false}
        />
      )}
      {scenes.map((scene) => {
        const circle = sceneCircle(scene);
        if (!circle) return null;
        return (
          <Circle
            key={scene.id}
            center={[circle.lat, circle.lng]}
            radius={circle.radius}
            pathOptions={scene.id === view.currentSceneId ? SCENE_CURRENT_STYLE : SCENE_STYLE}
            interactive={false}
          />
        );
      })}
      {view.perceived.locations.map((perceived) => {
        const location = index.location(perceived.id);
        if (!location || !Number.isFinite(location.lat) || !Number.isFinite(location.lng)) return null;
        return (
          <LocationShape
            key={perceived.id}
            location={location}
            perceived={perceived}
            onTap={onTapLocation}
            onWalk={walker ? onMove : undefined}
          />
        );
      })}
      {things.map((thing) => {
        if (!thing.location) return null;
        const definition = definitionOf(index, thing);
        const size = definition?.iconSize && definition.iconSize > 0 ? definition.iconSize : 32;
        const { inRange } = position ? proximityFrom(position, thing, definition, true) : thing;
        const icon = definition?.logoId ? mediaIcon(definition.logoId, size) : defaultIcon;
        return (
          <Marker
            key={thing.id}
            position={[thing.location.latitude, thing.location.longitude]}
            icon={icon}
            title={thingTitle(index, thing)}
            alt={thingTitle(index, thing)}
            eventHandlers={{ click: () => handleThing(thing) }}
            opacity={inRange ? 1 : 0.6}
          />
        );
      })}
      {route && route.length > 0 && <RouteLine route={route} />}
      {walkerPosition && (
        <Marker
          position={walkerPosition}
          icon={walkerIcon}
          draggable={walker}
          eventHandlers={walker ? walkerHandlers : undefined}
          title={t('play.map.you')}
          zIndexOffset={1000}
          keyboard={false}
        />
      )}
      {choice?.thing.location && (
        <Popup
          position={[choice.thing.location.latitude, choice.thing.location.longitude]}
          eventHandlers={{ remove: () => setChoice(null) }}
          autoPan={false}
        >
          <Stack gap={4} aria-label={t('play.map.whichOne')}>
            <Text size="xs" c="dimmed" component="div">
              {t('play.map.whichOne')}
            </Text>
            <Button
              size="compact-xs"
              onClick={() => {
                const { thing } = choice;
                setChoice(null);
                onThing(thing);
              }}
            >
              {thingTitle(index, choice.thing)}
            </Button>
            {choice.places.map((place) => (
              <Button
                key={place.id}
                size="compact-xs"
                variant="light"
                onClick={() => {
                  setChoice(null);
                  onTapLocation(place.id);
                }}
              >
                {place.title || place.name}
              </Button>
            ))}
          </Stack>
        </Popup>
      )}
      {children}
      {walker && <ClickToMove onMove={onMove} />}
      <KeepInView position={position} />
    </MapContainer>
  );
}
