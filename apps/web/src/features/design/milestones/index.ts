// The milestone form (mounted by the workspace routes, and in a modal by the condition editors).
export {
  MilestoneForm,
  MilestoneFormPage,
  toMilestoneFormValues,
  type MilestoneFormProps,
  type MilestoneFormValues,
} from './MilestoneFormPage';
