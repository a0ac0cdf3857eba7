import { engineTextValues, type EngineText, type EngineTextKey } from '@loci/domain';
import type { TFunction } from 'i18next';
import './engine-text-locales';

/**
 * What an output says, in the reader's language: a text the engine wrote itself by its key (`text`, the
 * catalogues' `play.engineTexts`), its values put in as that language says them (lists, media kinds); any other
 * output by its `message` (the designer's words, which the server gives in the player's language already).
 */
export function outputText(
  t: TFunction,
  language: string,
  output: { text?: EngineText; message?: string },
): string | undefined {
  const { text } = output;
  if (!text) return output.message;
  const word = (key: EngineTextKey) => t(`play.engineTexts.${key}`);
  return t(`play.engineTexts.${text.key}`, {
    ...engineTextValues(text, word, language),
    defaultValue: output.message ?? text.key,
  });
}
