// The rule form (mounted by the workspace routes).
export { RuleForm, RuleFormPage, toRuleFormValues, type RuleFormProps, type RuleFormValues } from './RuleFormPage';
