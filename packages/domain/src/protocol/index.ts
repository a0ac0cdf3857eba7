/**
 * The play protocol, version PROTOCOL_VERSION: what a player's app sends, what
 * the engine answers (outputs and the player's view) and every socket message,
 * as zod schemas. The engine takes its event and output types from here, the
 * server validates and documents (OpenAPI) with them, and the web reads them.
 */

/** Bump with every change of a message's shape that an app already in use could not read. */
export const PROTOCOL_VERSION = 1;

export * from './events.js';
export * from './outputs.js';
export * from './view.js';
export * from './socket.js';
export * from './trades.js';
export * from './rescue.js';
export * from './rescue-messages.js';
