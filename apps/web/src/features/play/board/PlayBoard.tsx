import type { LatLng as RoutePoint, PlayerView } from '@loci/engine';
import { lazy, Suspense, type ReactNode } from 'react';
import { mediaFileUrl, type PlayGameInfo } from '../../../api/play';
import type { LatLng } from '../gps/geolocation';
import type { SpecEntityOf, SpecIndex } from '../spec-index';
import { PlayMap, type PerceivedThing } from './PlayMap';

// An image board (Mantine's ScrollArea, and floating-ui with it) loads with the first game that has one: a map
// game, most of them, does not carry it in its first load.
const ImageBoard = lazy(() => import('./ImageBoard').then((module) => ({ default: module.ImageBoard })));

/** The game's board: the map (map games, with the walker or the GPS position) or the background image. */
export function PlayBoard({
  game,
  view,
  index,
  currentScene,
  playtest,
  position,
  walker,
  onMove,
  onThing,
  onTapLocation,
  route,
  layers,
}: {
  game: PlayGameInfo;
  view: PlayerView;
  index: SpecIndex;
  currentScene: SpecEntityOf<'scene'> | undefined;
  playtest: boolean;
  position: LatLng | null;
  walker: boolean;
  onMove: (lat: number, lng: number) => void;
  onThing: (thing: PerceivedThing) => void;
  onTapLocation: (locationId: string) => void;
  /** A playtest's simulated route, drawn on the map. */
  route?: readonly RoutePoint[];
  /** More layers on the map (a team's members); none on an image board. */
  layers?: ReactNode;
}) {
  if (game.pg.type === 'image') {
    const mediaId = view.background ?? currentScene?.logoId ?? game.pg.bgImageId;
    return (
      <Suspense fallback={null}>
        <ImageBoard
          imageUrl={mediaId ? mediaFileUrl(mediaId) : null}
          index={index}
          view={view}
          onThing={onThing}
          onTapLocation={onTapLocation}
        />
      </Suspense>
    );
  }
  // Scene circles show when the game shows scenes, and always to its designer.
  const scenes =
    game.pg.showScenes || playtest
      ? index.list('scene').filter((scene) => !scene.universe && scene.enabled !== false)
      : [];
  return (
    <PlayMap
      center={{ lat: game.pg.place.lat, lng: game.pg.place.lng }}
      index={index}
      view={view}
      scenes={scenes}
      position={position}
      walker={walker}
      onMove={onMove}
      onThing={onThing}
      onTapLocation={onTapLocation}
      mapType={game.pg.mapType}
      maxAccuracy={game.pg.maxAccuracy}
      route={route}
    >
      {layers}
    </PlayMap>
  );
}
