import {
  DEFAULT_GAME_DESCRIPTION,
  DEFAULT_MESSAGING_SETTINGS,
  DEFAULT_TEAMS_SETTINGS,
  isRichTextEmpty,
  NO_TIME_LIMIT,
  newGameDefaults,
  sceneEntryOf,
  type GameValues,
} from '@loci/domain';
import { DEFAULT_WALL_SETTINGS } from '@loci/domain';
import { overDefaultsKeepingNull } from '../../../components/forms/over-defaults';

/** While typing, a number field holds text ('' when empty, '-' half-way): the domain rules parse it. */
type NumericInput = number | string;

/** The values of the settings form: the game's settings with numbers that may still be text. */
export interface GameFormValues extends Omit<GameValues, 'minAge' | 'maxAge' | 'pg'> {
  minAge: NumericInput;
  maxAge: NumericInput;
  pg: Omit<GameValues['pg'], 'place'> & { place: { lat: NumericInput; lng: NumericInput; radius: NumericInput } };
}

/**
 * The form values of a stored game: its settings only (no id, owner, rights…),
 * over the new-game defaults so that a setting the game lacks still has a value.
 */
export function toFormValues(game: GameValues, now = new Date()): GameFormValues {
  const defaults = newGameDefaults(now);
  const settings = overDefaultsKeepingNull(defaults, game);
  return {
    ...settings,
    playingPeriod: { ...defaults.playingPeriod, ...game.playingPeriod },
    pg: { ...defaults.pg, ...game.pg, place: { ...defaults.pg.place, ...game.pg?.place } },
    capabilities: { ...defaults.capabilities, ...game.capabilities },
    endPolicies: { ...defaults.endPolicies, ...game.endPolicies },
    rankings: { ...defaults.rankings, ...game.rankings },
    // A game saved before the setting existed keeps walking in (a new game's default is the script).
    sceneEntry: sceneEntryOf(game),
    playAgain: game.playAgain === true,
    // ─── teams (issue 28) ───
    teams: { ...DEFAULT_TEAMS_SETTINGS, ...game.teams },
    // ─── end teams ───
    // The clock (issue 28): a game saved before it existed has no time limit.
    timeLimit: { ...NO_TIME_LIMIT, ...game.timeLimit },
    // The feed and the scoreboard (issue 29): a game saved before it existed has the defaults.
    wall: { ...DEFAULT_WALL_SETTINGS, ...game.wall },
    // Messages (issue 29): a game saved before the setting existed has both on.
    messaging: { ...DEFAULT_MESSAGING_SETTINGS, ...game.messaging },
  };
}

/** The tabs of the settings form, in order (spec 1 §2). */
export const SETTINGS_TABS = [
  'general',
  'description',
  'playground',
  'policies',
  'terms',
  'instructions',
  'access',
  'advanced',
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

// Which tab shows a field, by the first segment of its path.
const FIELD_TABS: Record<string, SettingsTab> = {
  title: 'general',
  language: 'general',
  multiplayer: 'general',
  market: 'general',
  logoId: 'general',
  currencyName: 'general',
  currencyIcon: 'general',
  currencyItemId: 'general',
  minAge: 'general',
  maxAge: 'general',
  adultsOnly: 'general',
  photoRequired: 'general',
  sexRequired: 'general',
  description: 'description',
  pg: 'playground',
  capabilities: 'policies',
  endPolicies: 'policies',
  rankings: 'policies',
  terms: 'terms',
  instructions: 'instructions',
  additionalDesignersEmailsText: 'access',
  additionalDesignerOnlyAccessEmailsText: 'access',
  publicAccess: 'access',
  restrictAccessToEmailsText: 'access',
  playPassword: 'access',
  enforceSingleDevice: 'access',
  playingPeriod: 'access',
  sceneEntry: 'playground',
  playAgain: 'policies',
  teams: 'policies',
  timeLimit: 'policies',
  wall: 'policies',
  addonSpec: 'advanced',
};

/** The tab that shows the field at `path` (e.g. 'pg.place.radius'), if any. */
export function tabOfField(path: string): SettingsTab | undefined {
  return FIELD_TABS[path.split('.')[0] ?? ''];
}

/** The tabs with at least one error, in tab order. */
export function tabsWithErrors(errors: Record<string, unknown>): SettingsTab[] {
  const tabs = new Set(
    Object.entries(errors)
      .filter(([, error]) => Boolean(error))
      .map(([path]) => tabOfField(path)),
  );
  return SETTINGS_TABS.filter((tab) => tabs.has(tab));
}

/**
 * A new game's form starts with an empty description showing the example text as a placeholder (issue 30):
 * typing never lands in the middle of it.
 */
export function newGameFormValues(now = new Date()): GameFormValues {
  return { ...toFormValues(newGameDefaults(now), now), description: '' };
}

/** A new game saved without a description gets the example text (spec 1: a default description); Problems flags it. */
export function withExampleDescription<V extends { description: string }>(values: V): V {
  return isRichTextEmpty(values.description) ? { ...values, description: DEFAULT_GAME_DESCRIPTION } : values;
}

/** The example description as plain text, for the placeholder. */
export const EXAMPLE_DESCRIPTION_TEXT = DEFAULT_GAME_DESCRIPTION.replace(/<[^>]+>/g, '');
