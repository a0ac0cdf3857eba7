/**
 * The play protocol, version PROTOCOL_VERSION: what a player's app sends, what
 * the engine answers (outputs and the player's view) and every socket message,
 * as zod schemas. The engine takes its event and output types from here, the
 * server validates and documents (OpenAPI) with them, and the web reads them.
 */

/**
 * Bump with every change of a message's shape that an app already in use could not read.
 * 2: a step's answer and the `outputs` push may carry only what changed in the view (`viewDelta`,
 * protocol/view-delta.ts) instead of the whole `view` — only to an app that sends `viewRevision` with its
 * events, so an app of version 1 (which never does) is still answered and pushed whole views.
 */
export const PROTOCOL_VERSION = 2;
/**
 * The oldest PROTOCOL_VERSION the server still speaks with: an app that names an older one in its socket
 * handshake (`auth.protocolVersion`; none counts as 1) is refused and told to reload. Raise it with a change
 * that an app already in use could not follow.
 */
export const OLDEST_PROTOCOL_VERSION = 1;

/** Whether the server speaks the protocol version an app names (`undefined`: an app from before the field, 1). */
export function isSpokenProtocolVersion(version: unknown): boolean {
  const named = version ?? 1;
  return (
    Number.isInteger(named) && (named as number) >= OLDEST_PROTOCOL_VERSION && (named as number) <= PROTOCOL_VERSION
  );
}

export * from './events.js';
export * from './outputs.js';
export * from './engine-texts.js';
export * from './view.js';
export * from './view-delta.js';
export * from './socket.js';
export * from './trades.js';
export * from './rescue.js';
export * from './clock.js';
export * from './scheduled-messages.js';
export * from './judging.js';
export * from './rescue-messages.js';
export * from './messages.js';
