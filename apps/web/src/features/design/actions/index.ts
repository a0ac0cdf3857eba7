// The action editors, used by rules, conversations, archetypes and offers.
export { ActionsEditor, type ActionsEditorProps } from './ActionsEditor';
export { ActionEditor, type ActionEditorProps } from './ActionEditor';
export { emptyAction, isBlocking, type ActionArgsValue, type ActionValue, type ActionsContext } from './action-values';
