import L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { useMap } from 'react-leaflet';
import Supercluster, { type ClusterProperties } from 'supercluster';
import { markerIconFor } from './world-map-parts';
import './clustered-markers.css';
import type { WorldMapMarker } from './WorldMap';

/*
 * The markers of a live map (the operator's map of every player, issue 12
 * item 6): thousands of them, refreshed every few seconds. Leaflet draws a DOM
 * element per marker, and 5,000 of them made every pan and zoom frame take a
 * third of a second and every refresh a half-second task
 * (bench/operators-ui.bench.mjs). So the points go into a supercluster index
 * (rebuilt on each refresh: a few milliseconds for 5,000), and the map draws
 * only what the index gives for its view and zoom — a few dozen clusters and
 * lone players — redrawn when the view moves. A redraw keeps the Leaflet
 * markers it already has (by player or cluster id), moving them or changing a
 * cluster's count in place, and only adds or removes the difference.
 */

/** Points closer than this many pixels are drawn as one cluster. */
const CLUSTER_RADIUS = 60;
/** From this zoom on every player is drawn alone (streets: players side by side are still apart). */
const CLUSTER_MAX_ZOOM = 17;
/** A map without a size (hidden, or in a test) has no view: it shows the whole world. */
const WORLD: [number, number, number, number] = [-180, -85, 180, 85];

type Point = { marker: WorldMapMarker };

function indexOf(markers: readonly WorldMapMarker[]): Supercluster<Point> {
  // extent 256: the radius in the pixels of Leaflet's 256-pixel tiles (supercluster's default, 512, halves it).
  const index = new Supercluster<Point>({ radius: CLUSTER_RADIUS, extent: 256, maxZoom: CLUSTER_MAX_ZOOM });
  index.load(
    markers.map((marker) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [marker.longitude, marker.latitude] },
      properties: { marker },
    })),
  );
  return index;
}

function viewOf(map: L.Map): [number, number, number, number] {
  const size = map.getSize();
  if (size.x === 0 || size.y === 0) return WORLD;
  const bounds = map.getBounds();
  return [
    Math.max(-180, bounds.getWest()),
    Math.max(-85, bounds.getSouth()),
    Math.min(180, bounds.getEast()),
    Math.min(85, bounds.getNorth()),
  ];
}

/** The round badge of a cluster, sized by its count (its colours in clustered-markers.css). */
const colourIcons = new Map<string, L.DivIcon>();
/** A team member's marker (the live map of a game played in teams): a dot in the team's colour. */
function colourIcon(colour: string): L.DivIcon {
  let icon = colourIcons.get(colour);
  if (!icon) {
    const safe = /^#[0-9a-fA-F]{3,8}$/.test(colour) ? colour : '#868e96';
    icon = L.divIcon({
      className: 'loci-team-member',
      html: `<div style="width:20px;height:20px;border-radius:50%;background:${safe};border:3px solid #fff;box-shadow:0 0 0 1px rgba(0,0,0,.5),0 1px 4px rgba(0,0,0,.4)"></div>`,
      iconSize: [20, 20],
      iconAnchor: [10, 10],
    });
    colourIcons.set(colour, icon);
  }
  return icon;
}

function clusterIcon(count: number): L.DivIcon {
  const size = count < 10 ? 32 : count < 100 ? 38 : count < 1000 ? 44 : 50;
  return L.divIcon({
    html: `<span aria-hidden="true">${count}</span>`,
    className: 'loci-cluster',
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

interface Shown {
  marker: L.Marker;
  /** A cluster's count (its icon), 0 for a lone player. */
  count: number;
  label: string;
}

export interface ClusteredMarkersProps {
  markers: readonly WorldMapMarker[];
  /** How a cluster of `count` markers is named (its title, for a pointer and a screen reader). */
  clusterLabel: (count: number) => string;
}

/** Draws `markers` on the map of its parent MapContainer, clustered (see above). */
export function ClusteredMarkers({ markers, clusterLabel }: ClusteredMarkersProps) {
  const map = useMap();
  const layer = useMemo(() => L.layerGroup(), []);
  const index = useMemo(() => indexOf(markers), [markers]);
  // A cluster's click asks the newest index: the cluster may have been drawn from the one before.
  const newestIndex = useRef(index);
  newestIndex.current = index;
  // The markers of this render by id: a click on a player's marker opens what the newest data says.
  const current = useRef(new Map<string, WorldMapMarker>());
  current.current = useMemo(() => new Map(markers.map((marker) => [marker.id, marker])), [markers]);
  const shown = useRef(new Map<string, Shown>());
  const label = useRef(clusterLabel);
  label.current = clusterLabel;

  useEffect(() => {
    layer.addTo(map);
    return () => {
      layer.remove();
      shown.current.clear();
    };
  }, [map, layer]);

  useEffect(() => {
    const draw = () => {
      const zoom = Math.round(map.getZoom());
      const next = new Map<string, Shown>();
      for (const feature of index.getClusters(viewOf(map), zoom)) {
        const [longitude, latitude] = feature.geometry.coordinates as [number, number];
        const cluster = 'cluster' in feature.properties ? (feature.properties as ClusterProperties) : null;
        const lone = cluster ? null : (feature.properties as Point).marker;
        const count = cluster?.point_count ?? 0;
        const key = cluster ? `cluster:${cluster.cluster_id}` : `marker:${lone!.id}`;
        const text = cluster ? label.current(count) : lone!.label;
        let entry = shown.current.get(key);
        if (entry && (entry.count !== count || entry.label !== text)) {
          // Another count, or a renamed player: a new marker (Leaflet sets title and alt only when it adds one).
          layer.removeLayer(entry.marker);
          entry = undefined;
        }
        if (entry) {
          const at = entry.marker.getLatLng();
          if (at.lat !== latitude || at.lng !== longitude) entry.marker.setLatLng([latitude, longitude]);
        } else {
          const marker = cluster
            ? clusterMarker(cluster.cluster_id, count, text, latitude, longitude)
            : playerMarker(lone!, text, latitude, longitude);
          entry = { marker, count, label: text };
          layer.addLayer(marker);
        }
        next.set(key, entry);
      }
      for (const [key, entry] of shown.current) if (!next.has(key)) layer.removeLayer(entry.marker);
      shown.current = next;
    };

    const clusterMarker = (clusterId: number, count: number, text: string, latitude: number, longitude: number) => {
      const marker = L.marker([latitude, longitude], { icon: clusterIcon(count), title: text });
      // Its name for a screen reader (alt names only an image icon; the badge's digits alone say too little).
      marker.on('add', () => marker.getElement()?.setAttribute('aria-label', text));
      // A click zooms to where the cluster falls apart, at least one step (a refresh may have renumbered it).
      marker.on('click', () => {
        let zoom = map.getZoom() + 1;
        try {
          zoom = Math.max(zoom, newestIndex.current.getClusterExpansionZoom(clusterId));
        } catch {
          // not a cluster of the newest index: one step
        }
        map.setView(marker.getLatLng(), Math.min(zoom, map.getMaxZoom()));
      });
      return marker;
    };

    const playerMarker = (lone: WorldMapMarker, text: string, latitude: number, longitude: number) => {
      const icon = lone.colour ? colourIcon(lone.colour) : markerIconFor(lone.iconUri);
      const marker = L.marker([latitude, longitude], { icon, title: text, alt: text });
      // A coloured dot is no image: its name for a screen reader, as a cluster's.
      if (lone.colour) marker.on('add', () => marker.getElement()?.setAttribute('aria-label', text));
      marker.bindTooltip(text);
      marker.on('click', () => current.current.get(lone.id)?.onOpen?.());
      return marker;
    };

    draw();
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
    };
  }, [map, layer, index]);

  return null;
}
