/**
 * A game as a lobby and a player's app read it before playing: its texts (sanitised), terms and playing
 * period — the same for the public lobby, the way in (a link or a code) and the game an instance runs.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { gameVersions, type GameRow } from '../../db/schema.js';
import { gameLanguagesOf, pickGameLanguage, teamsSettingsOf } from '@loci/domain';
import { specOfVersion } from '../runtime/specs.js';
import { withSafeGameTexts } from './player-spec.js';

/** The game's own texts a lobby shows, in one language: what a translation gives, the main language for the rest. */
export type LobbyTexts = Partial<Record<'title' | 'description' | 'instructions' | 'terms', string>>;
const LOBBY_FIELDS = ['title', 'description', 'instructions', 'terms'] as const;

/**
 * The lobby's texts in the caller's language (issue 31): the published version's translations of the game's title,
 * description, instructions and terms, for the first of `languages` (Accept-Language) the game has. Nothing for a
 * game in one language, a reader of its main language, or a game not published (the lobby then reads the settings).
 */
export async function lobbyTextsIn(ctx: AppContext, game: GameRow, languages: readonly string[]): Promise<LobbyTexts> {
  const gameLanguages = gameLanguagesOf(game.settings);
  if (gameLanguages.others.length === 0 || !game.publicVersionId) return {};
  const language = pickGameLanguage(gameLanguages, languages);
  if (language === gameLanguages.main) return {};
  const [version] = await ctx.db.select().from(gameVersions).where(eq(gameVersions.id, game.publicVersionId));
  if (!version) return {};
  const translated = (await specOfVersion(ctx.db, game, version)).translations?.[language] ?? {};
  const texts: LobbyTexts = {};
  for (const field of LOBBY_FIELDS) {
    const text = translated[`game:${field}`];
    if (text) texts[field] = text;
  }
  return texts;
}

/** The game as a lobby shows it (signed in or not): its texts, never its spec, passcode or people. */
export function lobbyGameOf(row: Pick<GameRow, 'id' | 'settings'>, translated: LobbyTexts = {}) {
  const { settings } = row;
  return {
    id: row.id,
    title: translated.title ?? settings.title,
    ...pickGameTexts({
      description: translated.description ?? settings.description,
      instructions: translated.instructions ?? settings.instructions,
    }),
    terms: termsOf({ terms: translated.terms ?? settings.terms }),
    language: settings.language,
    languages: languagesOf(settings),
    logoId: settings.logoId ?? null,
    multiplayer: Boolean(settings.multiplayer),
    playingPeriod: playingPeriodOf(settings),
    teams: {
      enabled: teamsSettingsOf(settings).enabled,
      playersFormTeams: teamsSettingsOf(settings).playersFormTeams,
    },
  };
}

/** Every language a game's texts exist in, the main one first (issue 31). */
function languagesOf(settings: GameRow['settings']): string[] {
  const { main, others } = gameLanguagesOf(settings);
  return [main, ...others];
}

/** A game's playing period as players read it, or null when the game has none. */
export function playingPeriodOf(settings: {
  playingPeriod?: { start?: string | null; end?: string | null; timezone: string } | null;
}): { start: string | null; end: string | null; timezone: string } | null {
  const period = settings.playingPeriod;
  if (!period) return null;
  return { start: period.start || null, end: period.end ?? null, timezone: period.timezone };
}

/** The game's terms, sanitised ('' when it has none). */
export function termsOf(settings: { terms?: string | null }): string {
  return withSafeGameTexts({ terms: settings.terms ?? '' }).terms;
}

/** The game's texts a player reads, sanitised (they may have been stored before rich text was sanitised on save). */
export function pickGameTexts(settings: { description: string; instructions: string }) {
  const { description, instructions } = withSafeGameTexts({
    description: settings.description,
    instructions: settings.instructions,
  });
  return { description, instructions };
}
