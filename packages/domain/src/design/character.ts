import { z } from 'zod';
import { DESIGN_MESSAGES } from './messages.js';
import {
  checkNumber,
  choice,
  flag,
  mediaId,
  numberOrEmpty,
  numberOrNull,
  reporter,
  text,
  type DesignContext,
  nameText,
  titleText,
} from './fields.js';

/** Genders of a character; 'm' by default (spec 2 §3). */
export const CHARACTER_GENDERS = ['m', 'f'] as const;
export type CharacterGender = (typeof CHARACTER_GENDERS)[number];

const characterFields = z.object({
  name: nameText,
  title: titleText,
  notes: text,
  age: numberOrEmpty,
  gender: choice(CHARACTER_GENDERS, 'm'),
  mediaId,
  isPlayer: flag(false),
});

/** A character's form body; `mediaId` is the avatar, `isPlayer` marks the player's own character. */
export interface CharacterValues {
  name: string;
  title: string;
  notes: string;
  age: number | null;
  gender: CharacterGender;
  mediaId: string | null;
  isPlayer: boolean;
}
export type Character = CharacterValues & { id: string; gameId: string };

/** The schema of the character form body: name and title required (spec 2 §5). */
export function characterSchemaFor(_context: DesignContext = {}) {
  return characterFields
    .superRefine((character, ctx) => {
      const report = reporter(ctx);
      if (!character.name) report(['name'], DESIGN_MESSAGES.required);
      if (!character.title) report(['title'], DESIGN_MESSAGES.required);
      checkNumber(character.age, report, ['age'], { integer: true, min: 0 });
    })
    .transform((character): CharacterValues => ({ ...character, age: numberOrNull(character.age) }));
}
export const characterSchema = characterSchemaFor();
export type CharacterInput = z.input<typeof characterSchema>;

/** A new character for the create form. */
export function newCharacterDefaults(): CharacterValues {
  return { name: '', title: '', notes: '', age: null, gender: 'm', mediaId: null, isPlayer: false };
}
