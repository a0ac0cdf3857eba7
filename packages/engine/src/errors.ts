import { ENGINE_ERROR_CODES, ENGINE_TEXTS, type EngineText, type EngineTextKey, sayEngineText } from '@loci/domain';
import type { EngineErrorCode } from './types.js';

/** A programmer error: the engine was called wrongly (unknown player, invalid clock). Player input never throws. */
export class EngineError extends Error {
  override name = 'EngineError';
}

/** The English of each refusal by its code (domain protocol/engine-texts.ts, where every engine text is written). */
export const ENGINE_MESSAGES = Object.fromEntries(
  ENGINE_ERROR_CODES.map((code) => [code, ENGINE_TEXTS[code]]),
) as Record<EngineErrorCode, string>;

/**
 * A text the engine writes itself, as an output carries it: by key and values (`text`, which an app says in its
 * player's language) and in English (`message`, for an app that does not know the key).
 */
export function engineText(key: EngineTextKey, values?: EngineText['values']): { text: EngineText; message: string } {
  const text: EngineText = values ? { key, values } : { key };
  return { text, message: sayEngineText(text) };
}
