// The condition editors, used by rules, milestones, missions, locations, archetypes and offers.
export { ConditionEditor, type ConditionEditorProps } from './ConditionEditor';
export { ConditionBlocksEditor, type ConditionBlocksEditorProps } from './ConditionBlocksEditor';
export {
  conditionTypeGroups,
  emptyBlock,
  emptyCondition,
  verbsOf,
  type ConditionBlockValue,
  type ConditionValue,
} from './condition-values';
