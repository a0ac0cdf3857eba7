import { z } from 'zod';
import type { EngineErrorCode } from './outputs.js';

/**
 * The texts the engine writes itself — its refusals, the notifications it makes of missions, judging, task
 * time and the market, the end it gives a game — by key (issue 31). An output carrying one says it twice: as
 * `text` (the key and its values), which an app shows in its player's language (the web player's catalogues,
 * `play.engineTexts.<key>`), and as `message`, the English below, for an app that does not know the key. The
 * designer's own texts (a notification's message, an end message) are no engine text: the server gives them in
 * the player's language already (design/translations.ts), in `message` alone.
 *
 * The English is written here once, in the catalogues' own form (`{{value}}` where a value goes); the web's
 * English catalogue is this table.
 */
export const ENGINE_TEXTS = {
  // Refusals by their code (the `errorCode` of an 'error' output says which).
  INVALID_EVENT: 'This request is not understood',
  NOT_STARTED: 'The game has not started yet',
  GAME_NOT_ACTIVE: 'This game is no longer active',
  GAME_OVER: 'The game is over for you',
  PAUSED: 'The game is paused',
  LEFT_GAME: 'You have left this game',
  UNKNOWN_OBJECT: 'There is no such object here',
  NOT_PERCEIVED: 'You cannot see this object',
  OUT_OF_RANGE: 'You are too far away',
  NOT_CONTACTABLE: 'This place cannot be contacted',
  CONDITION_NOT_MET: 'You cannot do this now',
  NOT_PICKABLE: 'This object cannot be picked',
  NOT_DROPPABLE: 'This object cannot be dropped',
  NOT_DESTROYABLE: 'This object cannot be destroyed',
  NOT_CREATABLE: 'Players cannot make objects of this type',
  NOT_REDEEMABLE: 'This offer cannot be redeemed',
  NOT_OWNED: 'You do not have this',
  QUANTITY_EXHAUSTED: 'Sorry, none left',
  LIMIT_REACHED: 'You have reached the limit for now',
  NOT_ENOUGH_CURRENCY: 'You cannot afford this',
  NOT_FOR_SALE: 'This cannot be bought',
  NOT_AFTER_END: 'The game is over: its end policies do not allow this',
  INVALID_PAYLOAD: 'Some required fields are missing',
  UNKNOWN_INTERACTION: 'There is no such interaction',
  NOT_ASKED: 'This has not been asked',
  INVALID_ANSWER: 'This answer is not valid',
  NOT_CURRENT_STATEMENT: 'This is not the current statement of the conversation',
  UNKNOWN_OPTION: 'There is no such option',
  UNKNOWN_MISSION: 'There is no such mission',
  NOT_ASSIGNED: 'This mission is not assigned to you',
  NOT_SUBMITTABLE: 'This mission is not accomplished by a submission',
  INVALID_SUBMISSION: 'This submission is missing what the mission asks for',
  OUT_OF_ORDER: 'Accomplish the previous sub-missions first',
  WRONG_GAME: 'This code belongs to another game',
  // Refusals that say more than their code.
  quizNoSuchQuestion: 'There is no such question in this quiz',
  alreadyAnswered: 'This question is already answered',
  missionAlreadyAccomplished: 'This mission is already accomplished',
  missionTimeUp: 'Time is up for this mission',
  asksForText: 'This mission asks for a text',
  asksForMedia: 'This mission asks for a photo, video or sound',
  /** `kinds`: the media kinds the mission takes (MEDIA_KIND_WORDS), said as a list ("a photo or a video"). */
  asksForKinds: 'This mission asks for {{kinds}}',
  submissionWaiting: 'Your submission is waiting for the organiser',
  /** `fields`: the labels of the object type's required fields, the designer's words. */
  requiredFields: 'Required: {{fields}}',
  // Notifications.
  missionAssigned: 'New mission: {{title}}',
  missionAccomplished: 'Mission accomplished: {{title}}',
  subMissionAccomplished: 'Accomplished: {{title}}',
  sentToOrganiser: 'Sent to the organiser: {{title}}',
  approved: 'Approved: {{title}}',
  approvedWithPoints: 'Approved: {{title}} (+{{points}})',
  notAccepted: 'Not accepted, {{title}}',
  notAcceptedBecause: 'Not accepted, {{title}}: {{reason}}',
  withdrawn: 'Withdrawn, {{title}}',
  withdrawnBecause: 'Withdrawn, {{title}}: {{reason}}',
  /** A question's, a quiz's or a mission's own time limit ran out. */
  taskTimeUp: 'Time is up: {{title}}',
  /** A unit bought on the market. */
  boughtOne: '+1 {{title}}',
  // The end the engine gives a game.
  timeUp: 'Time is up',
  gameTerminated: 'This game has been terminated',
  gameExpired: 'This game has expired',
  // The media kinds a mission may ask for, as `asksForKinds` lists them.
  kindImage: 'a photo',
  kindVideo: 'a video',
  kindAudio: 'a sound recording',
} as const satisfies Record<EngineErrorCode, string> & Record<string, string>;

export type EngineTextKey = keyof typeof ENGINE_TEXTS;

/** The keys an output's `text` may name (the media kinds are words inside a text, never a text of their own). */
export const ENGINE_TEXT_KEYS = Object.keys(ENGINE_TEXTS).filter((key) => !key.startsWith('kind')) as [
  EngineTextKey,
  ...EngineTextKey[],
];

/** The media kinds of `asksForKinds`, by their ENGINE_TEXTS key. */
export const MEDIA_KIND_WORDS = { image: 'kindImage', video: 'kindVideo', audio: 'kindAudio' } as const;

/** A value of an engine text: a word or a number, or a list (media kinds by their code, field labels). */
const engineTextValueSchema = z.union([z.string(), z.number(), z.array(z.string())]);

/** An engine text as an output carries it: which text, and the values it names. */
export const engineTextSchema = z.object({
  key: z.enum(ENGINE_TEXT_KEYS),
  values: z.record(z.string(), engineTextValueSchema).optional(),
});
export type EngineText = z.infer<typeof engineTextSchema>;

/**
 * The values of an engine text as words to put in it: a list as the language says lists (`or` for the media
 * kinds, a comma for the field labels), a media kind by its word (`translate` gives a key's text: a catalogue's,
 * the English by default), a number as it is.
 */
export function engineTextValues(
  text: EngineText,
  translate: (key: EngineTextKey) => string = (key) => ENGINE_TEXTS[key],
  locale = 'en',
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(text.values ?? {}).map(([name, value]) => {
      if (!Array.isArray(value)) return [name, String(value)];
      if (name !== 'kinds') return [name, value.join(', ')];
      const words = value.map((kind) =>
        kind in MEDIA_KIND_WORDS ? translate(MEDIA_KIND_WORDS[kind as keyof typeof MEDIA_KIND_WORDS]) : kind,
      );
      return [name, new Intl.ListFormat(locale, { type: 'disjunction' }).format(words)];
    }),
  );
}

/** An engine text as words: its text (`translate`'s, the English by default) with its values put in. */
export function sayEngineText(
  text: EngineText,
  translate: (key: EngineTextKey) => string = (key) => ENGINE_TEXTS[key],
  locale = 'en',
): string {
  const values = engineTextValues(text, translate, locale);
  return translate(text.key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
}
