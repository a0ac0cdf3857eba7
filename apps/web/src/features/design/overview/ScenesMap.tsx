import { useTranslation } from 'react-i18next';
import { type DesignEntity } from '@loci/domain';
import { Box, Center, Image, Text } from '@mantine/core';
import { Fragment, useMemo } from 'react';
import { Circle, MapContainer, Marker, Tooltip as MapTooltip } from 'react-leaflet';
import { useNavigate } from 'react-router';
import { mediaThumbUrl } from '../../../api/media';
import type { Workspace } from '../../../api/design';
import { DEFAULT_ZOOM } from '../../../components/map/leaflet-setup';
import { MapTiles } from '../../../components/map/MapTiles';
import { entitiesOf } from '../common/workspace-data';
import { spotOf } from './scene-geometry';
import { domainText } from '../../../i18n/domain';

// SVG attributes cannot read CSS variables: Mantine's teal 6, grape 6 and gray 6.
const GAME_STYLE = { color: '#868e96', weight: 1, dashArray: '6 6', fillOpacity: 0.03 };
const SCENE_STYLE = { color: '#12b886', weight: 2, fillOpacity: 0.1 };
const LOCATION_STYLE = { color: '#be4bdb', weight: 2, fillOpacity: 0.15 };

export interface ScenesMapProps {
  workspace: Workspace;
  /** Only this scene and its locations (the scene page's map); all scenes but the universe otherwise. */
  sceneId?: string;
  height: number;
  /** Names the map for assistive technology. */
  label: string;
}

/**
 * The map of a game (spec 2 §2): its centre and area, its scenes (not the
 * universe scene) and its locations, with their radii. Clicking a scene opens
 * it. Image games have no map: their background image shows instead.
 */
export function ScenesMap({ workspace, sceneId, height, label }: ScenesMapProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { game } = workspace;
  const scenes = useMemo(
    () => entitiesOf(workspace, 'scene').filter((scene) => (sceneId ? scene.id === sceneId : scene.universe !== true)),
    [workspace, sceneId],
  );
  const locations = useMemo(
    () =>
      entitiesOf(workspace, 'location').filter((location) =>
        sceneId
          ? location.sceneId === sceneId
          : scenes.some((scene) => scene.id === location.sceneId) || !location.sceneId,
      ),
    [workspace, sceneId, scenes],
  );

  if (game.pg.type === 'image') {
    return game.pg.bgImageId ? (
      <Image
        src={mediaThumbUrl(game.id, game.pg.bgImageId, { width: 800, square: false })}
        alt={label}
        radius="md"
        mah={height}
        fit="contain"
      />
    ) : (
      <Center h={120}>
        <Text size="sm" c="dimmed">
          {domainText(t, 'DESIGN_TEXTS', 'waitingForData')}
        </Text>
      </Center>
    );
  }

  const focus: DesignEntity | undefined = sceneId ? scenes[0] : undefined;
  const focusSpot = focus ? spotOf(focus) : null;
  const center: [number, number] = focusSpot ? [focusSpot.lat, focusSpot.lng] : [game.pg.place.lat, game.pg.place.lng];

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
      <MapContainer center={center} zoom={DEFAULT_ZOOM} style={{ height: '100%', width: '100%' }} scrollWheelZoom>
        <MapTiles mapType={game.pg.mapType} />
        {!sceneId && game.pg.place.radius > 0 && (
          <Circle
            center={[game.pg.place.lat, game.pg.place.lng]}
            radius={game.pg.place.radius}
            pathOptions={GAME_STYLE}
          />
        )}
        {scenes.map((scene) => {
          const spot = spotOf(scene);
          if (!spot || spot.radius <= 0) return null;
          return (
            <Circle
              key={scene.id}
              center={[spot.lat, spot.lng]}
              radius={spot.radius}
              pathOptions={SCENE_STYLE}
              eventHandlers={{ click: () => navigate(`/games/${game.id}/scenes/show/${scene.id}`) }}
            >
              <MapTooltip>{String(scene.title || scene.name)}</MapTooltip>
            </Circle>
          );
        })}
        {locations.map((location) => {
          const spot = spotOf(location);
          if (!spot) return null;
          return (
            <Fragment key={location.id}>
              <Marker
                position={[spot.lat, spot.lng]}
                title={String(location.title || location.name)}
                alt={String(location.title || location.name)}
              />
              {spot.radius > 0 && (
                <Circle center={[spot.lat, spot.lng]} radius={spot.radius} pathOptions={LOCATION_STYLE} />
              )}
            </Fragment>
          );
        })}
      </MapContainer>
    </Box>
  );
}
