import {
  INTERACTION_TYPES,
  INTERACTION_TYPE_INFO,
  newInteractionDefaults,
  type DesignEntityOf,
  type InteractionType,
} from '@loci/domain';
import { overDefaults } from '../../../components/forms/over-defaults';
import type { ActionValue } from '../actions';
import type { ConditionBlockValue } from '../conditions';

/** A multiple-choice option as the form holds it. */
export interface QuestionOptionValue {
  id?: string | null;
  description?: string | null;
  partOfCorrect?: boolean | null;
}

/** A question (spec 2 §3) as the form holds it: numbers may still be text. */
export interface QuestionValue {
  id?: string | null;
  title?: string | null;
  description?: string | null;
  mediaId?: string | null;
  typeWrite?: boolean | null;
  qType?: string | null;
  dType?: string | null;
  allowMultipleAnswers?: boolean | null;
  hasCorrectAnswer?: boolean | null;
  attempts?: number | string | null;
  hint?: string | null;
  reTryIfFailed?: boolean | null;
  correctAnswer?: string | number | null;
  correctAnswerBinary?: string | null;
  options?: QuestionOptionValue[] | null;
}

/** A direction shown with an info box or a statement. */
export interface DirectionValue {
  isDirection?: boolean | null;
  title?: string | null;
}

/** A player's reply to a statement, with its own condition and actions. */
export interface StatementOptionValue {
  id?: string | null;
  actionLabel?: string | null;
  condition?: ConditionBlockValue[] | null;
  actions?: ActionValue[] | null;
}

/** A statement of a conversation. */
export interface StatementValue {
  id?: string | null;
  body?: string | null;
  spokenBy?: string | null;
  repliedWith?: string | null;
  direction?: DirectionValue | null;
  options?: StatementOptionValue[] | null;
}

/** The values of the interaction form: every type's fields (the domain keeps only the type's on save). */
export interface InteractionFormValues {
  type: string;
  name: string;
  systemName: string;
  notes: string;
  title: string;
  buttonLabel: string;
  buttonLabelSecondary: string;
  buttonLabelTertiary: string;
  description: string;
  descriptionSecondary: string;
  mediaId: string | null;
  mediaIdSecondary: string | null;
  direction: DirectionValue;
  questions: QuestionValue[];
  quizHasIntro: boolean;
  quizHasEpilogue: boolean;
  conversation: { resumable: boolean; statements: StatementValue[] };
  /** Questions and quizzes (issue 28): seconds to answer once asked; empty for no limit. */
  timeLimitSeconds: number | string | null;
}

/** True for the types a designer can create and edit (INTER_MSN exists but is hidden, spec 2 §3). */
export function isOfferedInteractionType(type: string | undefined | null): type is InteractionType {
  return (
    Boolean(type) &&
    (INTERACTION_TYPES as readonly string[]).includes(type!) &&
    !INTERACTION_TYPE_INFO[type as InteractionType].hidden
  );
}

/** The values of a new interaction of `type` (button 'Ok'; a question interaction starts with its question). */
export function interactionDefaults(type: InteractionType): InteractionFormValues {
  return newInteractionDefaults(type);
}

/** The form values of a stored interaction: its fields over the defaults of its type. */
export function toInteractionFormValues(interaction: DesignEntityOf<'interaction'>): InteractionFormValues {
  const type = isOfferedInteractionType(interaction.type) ? interaction.type : 'INTER_INSPECT_INFO';
  const values = overDefaults(interactionDefaults(type), interaction);
  // The create form's question is not the stored one: a stored question interaction has its own.
  if (Array.isArray(interaction.questions)) values.questions = interaction.questions;
  return values;
}
