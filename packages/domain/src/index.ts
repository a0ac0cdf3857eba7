export * from './constants.js';
export * from './errors.js';
export * from './user.js';
export * from './game.js';
export * from './rights.js';
export * from './lock.js';
export * from './media.js';
