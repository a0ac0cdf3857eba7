/**
 * The languages of a step (issue 31; docs/play.md "Languages"): the one a step runs in, each player's, and the
 * step said again in another language for the players it reaches who read that one.
 *
 * A player's language is kept with them (`player_states.language`, a team member's in `team_members.language`):
 * the best of their app's Accept-Language among the game's languages, taken again at each of their calls that
 * names one. A step runs in the language of the player it is about — the caller's own request, else that
 * player's kept language (a tick, an operator's rescue or message, a verdict), else the main language.
 *
 * Why saying a step again is the same step. The engine is pure: stepped again from the same state, with the same
 * event, time and random draws, on the same spec, a step makes the same changes. `specInLanguage` changes only
 * texts — never ids, numbers or rules, and typed answers are accepted in every language whatever the spec's — so
 * the step said again on the spec in another language makes the same changes too, and only the texts it carries
 * (a rule's message, a statement's option labels, the titles in "New mission: …") are that language's. So the
 * players a step reaches who read another language than the one it ran in (a teammate, the other players of a
 * shared world) get its outputs and view from it said in theirs, made once per language and only when asked;
 * what is written is the step as it ran.
 */
import {
  gameLanguagesOf,
  pickGameLanguage,
  specInLanguage,
  type ContentLanguage,
  type GameLanguages,
  type GameSpec,
  type PlayerView,
} from '@loci/domain';
import { viewOf, type AnalyticsRecord, type Output, type StepResult } from '@loci/engine';

/**
 * The language a player reads a game in: the best of `wanted` (their request's Accept-Language, best first) the
 * game has — its main language when it has none of them —, else (a request that names none, or none at all) the
 * language kept with them, else the main language.
 */
export function playerLanguageOf(
  languages: GameLanguages,
  wanted: readonly string[] | undefined,
  kept: string | null | undefined,
): ContentLanguage {
  if (wanted && wanted.length > 0) return pickGameLanguage(languages, wanted);
  return pickGameLanguage(languages, [kept]);
}

/** A step's outputs for one player and their view after it, in one language. */
export interface SaidStep {
  outputs: Output[];
  view: PlayerView;
}

/** A committed step in any of its game's languages (the header: the same step, said again). */
export interface StepInLanguages {
  /** The language the step ran in. */
  language: ContentLanguage;
  /** The language of a player who keeps `kept` (the main one when they keep none, or one the game lost). */
  languageOf(kept: string | null | undefined): ContentLanguage;
  /** What the step says to `playerId` in `language`. */
  forPlayer(playerId: string, language: ContentLanguage): SaidStep;
}

/**
 * The step that ran in `language` on `base` (the version's spec, in no language) as `result`, ready to be said in
 * another: `again` steps it again on another spec (the same state, event, time and draws).
 */
export function stepInLanguages(args: {
  base: GameSpec;
  language: ContentLanguage;
  result: StepResult;
  now: Date;
  again: (spec: GameSpec) => StepResult;
}): StepInLanguages {
  const languages = gameLanguagesOf(args.base.game);
  const results = new Map<ContentLanguage, { spec: GameSpec; result: StepResult }>([
    [args.language, { spec: specInLanguage(args.base, args.language), result: args.result }],
  ]);
  const said = new Map<string, SaidStep>();
  const inLanguage = (language: ContentLanguage) => {
    let found = results.get(language);
    if (!found) {
      const spec = specInLanguage(args.base, language);
      found = { spec, result: args.again(spec) };
      results.set(language, found);
    }
    return found;
  };
  return {
    language: args.language,
    languageOf: (kept) => pickGameLanguage(languages, [kept]),
    forPlayer(playerId, language) {
      const key = `${language}\u0000${playerId}`;
      let found = said.get(key);
      if (!found) {
        const { spec, result } = inLanguage(language);
        found = {
          outputs: result.outputs.filter((output) => output.playerId === playerId),
          view: viewOf(spec, result.state, playerId, args.now),
        };
        said.set(key, found);
      }
      return found;
    },
  };
}

/**
 * The records of a step, each with the language its player read (games of several languages only: the
 * analytics' answers per language, docs/analytics.md); a game in one language keeps its records as they are.
 */
export function recordsWithLanguages(
  spec: GameSpec,
  records: readonly AnalyticsRecord[],
  languageOf: (playerId: string) => ContentLanguage,
): AnalyticsRecord[] {
  if (gameLanguagesOf(spec.game).others.length === 0) return [...records];
  return records.map((record) => ({ ...record, language: languageOf(record.playerId) }));
}
