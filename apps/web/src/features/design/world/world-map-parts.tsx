import { Box } from '@mantine/core';
import L from 'leaflet';
import type { ReactNode } from 'react';
import { Circle, Tooltip as MapTooltip } from 'react-leaflet';
import '../../../components/map/leaflet-setup';
import { labelOf, type WorldScene } from './world-values';

/** Marker icons of world entries: 25 by 25 px (spec 3 §9). */
export const MARKER_ICON_SIZE = 25;

// SVG attributes cannot read CSS variables: Mantine's teal 6 and gray 6.
const SCENE_STYLE = { color: '#12b886', weight: 2, fillOpacity: 0.08 };
const UNIVERSE_STYLE = { color: '#868e96', weight: 1, dashArray: '6 6', fillOpacity: 0.02 };

const DEFAULT_ICON = new L.Icon.Default();
const icons = new Map<string, L.Icon>();
/** The marker icon of a type's logo (25×25), or Leaflet's default marker without one. */
export function markerIconFor(iconUri: string | null | undefined): L.Icon | L.Icon.Default {
  if (!iconUri) return DEFAULT_ICON;
  let icon = icons.get(iconUri);
  if (!icon) {
    icon = L.icon({
      iconUrl: iconUri,
      iconSize: [MARKER_ICON_SIZE, MARKER_ICON_SIZE],
      iconAnchor: [MARKER_ICON_SIZE / 2, MARKER_ICON_SIZE / 2],
      popupAnchor: [0, -MARKER_ICON_SIZE / 2],
      tooltipAnchor: [MARKER_ICON_SIZE / 2, 0],
    });
    icons.set(iconUri, icon);
  }
  return icon;
}

/** The scenes' circles, each named by a tooltip. */
export function SceneCircles({ scenes }: { scenes: readonly WorldScene[] }) {
  return (
    <>
      {scenes
        .filter((scene) => scene.center && scene.radius > 0)
        .map((scene) => (
          <Circle
            key={scene.id}
            center={[scene.center!.latitude, scene.center!.longitude]}
            radius={scene.radius}
            pathOptions={scene.universe ? UNIVERSE_STYLE : SCENE_STYLE}
          >
            <MapTooltip sticky>{labelOf(scene)}</MapTooltip>
          </Circle>
        ))}
    </>
  );
}

/** The framed box every world map sits in, named for assistive technology. */
export function MapFrame({ height, label, children }: { height: number; label: string; children: ReactNode }) {
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
      {children}
    </Box>
  );
}
