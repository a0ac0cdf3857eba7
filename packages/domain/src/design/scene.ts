import { z } from 'zod';
import { DESIGN_MESSAGES } from './messages.js';
import {
  checkLatLng,
  checkRadius,
  flag,
  mediaId,
  nameText,
  numberOr,
  numberOrEmpty,
  reporter,
  text,
  titleText,
  type DesignContext,
  type Report,
} from './fields.js';
import { DEFAULT_SCENE_RADIUS } from './vocabulary.js';
import { SCENE_ENTRIES, sceneEntryOf, type SceneEntry } from '../game.js';

/** How a scene is entered: as the game's setting says ('game'), or its own choice. */
export const SCENE_ENTRY_CHOICES = ['game', ...SCENE_ENTRIES] as const;
export type SceneEntryChoice = (typeof SCENE_ENTRY_CHOICES)[number];

/**
 * Whether walking into the scene's circle makes it current (map games): the
 * scene's own choice, else the game's (docs/engine.md "Scene circles and locations").
 */
export function walksIntoScene(game: { sceneEntry?: SceneEntry | null }, scene: { entry?: SceneEntryChoice }): boolean {
  const entry = scene.entry === undefined || scene.entry === 'game' ? sceneEntryOf(game) : scene.entry;
  return entry === 'walk';
}

const sceneFields = z.object({
  name: nameText,
  systemName: text,
  title: titleText,
  notes: text,
  enabled: flag(true),
  fgOnly: flag(false),
  logoId: mediaId,
  lat: numberOrEmpty,
  lng: numberOrEmpty,
  radius: numberOrEmpty,
  universe: flag(false),
  entry: z
    .enum(SCENE_ENTRY_CHOICES)
    .nullish()
    .transform((value) => value ?? 'game'),
  place: z
    .object({
      center: z.object({ latitude: numberOrEmpty, longitude: numberOrEmpty }).nullish(),
      radius: numberOrEmpty,
    })
    .nullish(),
});
type SceneDraft = z.output<typeof sceneFields>;

/** A scene's form body, as stored; `place` mirrors lat, lng and radius. */
export interface SceneValues {
  name: string;
  systemName: string;
  title: string;
  notes: string;
  enabled: boolean;
  /** Foreground only; map games only. */
  fgOnly: boolean;
  /** The background image; required on image games. */
  logoId: string | null;
  lat: number;
  lng: number;
  radius: number;
  /** The universe scene's rules are live in every scene. */
  universe: boolean;
  /** How players enter the scene on map games: as the game says, by the script only, or also by walking in. */
  entry: SceneEntryChoice;
  place: { center: { latitude: number; longitude: number }; radius: number };
}
export type Scene = SceneValues & { id: string; gameId: string };

/** Lat, lng and radius from the flat fields or, failing those, from `place`. */
function placeOf(scene: SceneDraft) {
  return {
    lat: scene.lat ?? scene.place?.center?.latitude ?? null,
    lng: scene.lng ?? scene.place?.center?.longitude ?? null,
    radius: scene.radius ?? scene.place?.radius ?? null,
  };
}

/** Title and radius required; the background image too on image games (spec 2 §5). */
function checkScene(scene: SceneDraft, report: Report, context: DesignContext): void {
  const isImage = context.backgroundType === 'image';
  if (!scene.name) report(['name'], DESIGN_MESSAGES.required);
  if (!scene.title) report(['title'], DESIGN_MESSAGES.required);
  if (isImage && !scene.logoId) report(['logoId'], DESIGN_MESSAGES.required);
  const { lat, lng, radius } = placeOf(scene);
  checkLatLng(lat, lng, report, [['lat'], ['lng']]);
  // Image games have no map: a missing radius takes the default there.
  checkRadius(radius, report, ['radius'], !isImage);
}

/** The schema of the scene form body; `context.backgroundType` decides the image and map-only fields. */
export function sceneSchemaFor(context: DesignContext = {}) {
  return sceneFields
    .superRefine((scene, ctx) => checkScene(scene, reporter(ctx), context))
    .transform((scene): SceneValues => {
      const place = placeOf(scene);
      const lat = numberOr(place.lat, 0);
      const lng = numberOr(place.lng, 0);
      const radius = numberOr(place.radius, DEFAULT_SCENE_RADIUS);
      return {
        name: scene.name,
        systemName: scene.systemName,
        title: scene.title,
        notes: scene.notes,
        enabled: scene.enabled,
        fgOnly: context.backgroundType === 'image' ? false : scene.fgOnly,
        logoId: scene.logoId,
        lat,
        lng,
        radius,
        universe: scene.universe,
        entry: scene.entry,
        place: { center: { latitude: lat, longitude: lng }, radius },
      };
    });
}
export const sceneSchema = sceneSchemaFor();
export type SceneInput = z.input<typeof sceneSchema>;

/** A new scene for the create form, centred on the game's playground (radius 100 m). */
export function newSceneDefaults(center: { lat: number; lng: number } = { lat: 0, lng: 0 }): SceneInput {
  return {
    name: '',
    systemName: '',
    title: '',
    notes: '',
    enabled: true,
    fgOnly: false,
    logoId: null,
    lat: center.lat,
    lng: center.lng,
    radius: DEFAULT_SCENE_RADIUS,
    universe: false,
    entry: 'game',
  };
}

/**
 * The scene a game starts in, as the engine chooses it: the one the settings
 * choose when it exists, is enabled and is not the universe; else the first
 * enabled non-universe scene of `scenes` (in the designer's order); null for none.
 */
export function startSceneOf(
  scenes: ReadonlyArray<{ id: string; enabled?: boolean; universe?: boolean }>,
  chosenId: string | null | undefined,
): string | null {
  const playable = (scene: { enabled?: boolean; universe?: boolean }) => scene.enabled !== false && !scene.universe;
  const chosen = chosenId ? scenes.find((scene) => scene.id === chosenId) : undefined;
  if (chosen && playable(chosen)) return chosen.id;
  return scenes.find(playable)?.id ?? null;
}
