// The interaction form (mounted by the workspace routes, and in a modal by the condition and action editors).
export { InteractionForm, InteractionFormPage, type InteractionFormProps } from './InteractionFormPage';
export { QuestionEditor, QuestionListEditor, type QuestionEditorProps } from './QuestionEditor';
export { ConversationEditor } from './ConversationEditor';
export {
  interactionDefaults,
  isOfferedInteractionType,
  toInteractionFormValues,
  type InteractionFormValues,
  type QuestionValue,
  type StatementValue,
} from './interaction-values';
