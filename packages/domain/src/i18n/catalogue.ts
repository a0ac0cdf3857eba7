import { BUNDLE_MESSAGES } from '../bundle.js';
import { DESIGN_MESSAGES, DESIGN_TEXTS } from '../design/messages.js';
import { PROBLEM_MESSAGES } from '../design/problem-messages.js';
import { QR_TEXTS } from '../design/qr.js';
import { DESIGN_API_MESSAGES } from '../design/server-support.js';
import { VERSION_MESSAGES } from '../design/version-diff.js';
import { TRANSLATION_MESSAGES } from '../design/translating.js';
import { ERROR_MESSAGES, REQUEST_MESSAGES } from '../errors.js';
import { GAME_MESSAGES, GAME_TEXTS } from '../game.js';
import { GAME_OPERATION_MESSAGES } from '../game-operations.js';
import { LOCK_MESSAGES, LOCK_REQUEST_MESSAGES } from '../lock.js';
import { MEDIA_MESSAGES } from '../media.js';
import { MEDIA_UPLOAD_MESSAGES } from '../media-library.js';
import { DEBUG_MESSAGES, OPERATION_MESSAGES, OPERATION_TEXTS } from '../operations.js';
import { PLAY_MESSAGES } from '../play.js';
import { RESCUE_MESSAGES } from '../protocol/rescue-messages.js';
import { REALTIME_MESSAGES, WATCH_MESSAGES } from '../protocol/socket.js';
import { TRADE_MESSAGES } from '../protocol/trades.js';
import { REPLAY_MESSAGES } from '../replay.js';
import { RICH_TEXT_MESSAGES } from '../rich-text.js';
import { TEXT_LIMIT_MESSAGES } from '../text-limits.js';
import { USER_MESSAGES } from '../roles.js';
import { PROFILE_MESSAGES } from '../user.js';
import { JOIN_CODE_MESSAGES } from '../way-in.js';
import { TEAM_MESSAGES } from '../teams.js';
import { JUDGING_MESSAGES } from '../judging.js';
import { WALL_MESSAGES } from '../wall.js';
import { MESSAGE_MESSAGES } from '../protocol/messages.js';

/**
 * Every text of @loci/domain a user reads, by group (the constant's name) and key: the English of the spec,
 * word for word, is the source. Each language other than English has a catalogue of the same shape
 * (`DomainTranslation`, e.g. ./el.ts), which the type checker and i18n.test.ts hold complete.
 */
export const DOMAIN_CATALOGUE = {
  ERROR_MESSAGES,
  REQUEST_MESSAGES,
  USER_MESSAGES,
  PROFILE_MESSAGES,
  GAME_MESSAGES,
  GAME_TEXTS,
  GAME_OPERATION_MESSAGES,
  DESIGN_MESSAGES,
  DESIGN_TEXTS,
  DESIGN_API_MESSAGES,
  PROBLEM_MESSAGES,
  VERSION_MESSAGES,
  TRANSLATION_MESSAGES,
  QR_TEXTS,
  PLAY_MESSAGES,
  OPERATION_MESSAGES,
  OPERATION_TEXTS,
  RESCUE_MESSAGES,
  // `defaultMessage` is an event name, not a text.
  DEBUG_MESSAGES: {
    payloadValidation: DEBUG_MESSAGES.payloadValidation,
    reservedEvent: DEBUG_MESSAGES.reservedEvent,
    roomForbidden: DEBUG_MESSAGES.roomForbidden,
  },
  REALTIME_MESSAGES,
  WATCH_MESSAGES,
  TRADE_MESSAGES,
  MEDIA_MESSAGES,
  MEDIA_UPLOAD_MESSAGES,
  BUNDLE_MESSAGES,
  JOIN_CODE_MESSAGES,
  LOCK_MESSAGES,
  LOCK_REQUEST_MESSAGES,
  REPLAY_MESSAGES,
  TEAM_MESSAGES,
  JUDGING_MESSAGES,
  WALL_MESSAGES,
  RICH_TEXT_MESSAGES,
  TEXT_LIMIT_MESSAGES,
  MESSAGE_MESSAGES,
} as const;

export type DomainCatalogue = typeof DOMAIN_CATALOGUE;
export type DomainGroup = keyof DomainCatalogue;
export type DomainKey<G extends DomainGroup> = keyof DomainCatalogue[G] & string;

/** A translated entry: a text for a text, a function of the same arguments for a function, the same fields for a pair. */
export type Translated<T> = T extends (...args: infer A) => string
  ? (...args: A) => string
  : T extends string
    ? string
    : { readonly [K in keyof T]: Translated<T[K]> };

/** A language's catalogue: every group and key of the English one, no more. */
export type DomainTranslation = {
  readonly [G in DomainGroup]: { readonly [K in keyof DomainCatalogue[G]]: Translated<DomainCatalogue[G][K]> };
};
