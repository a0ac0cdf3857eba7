// The mission form (mounted by the workspace routes).
export {
  MissionForm,
  MissionFormPage,
  toMissionFormValues,
  type MissionFormProps,
  type MissionFormValues,
} from './MissionFormPage';
export {
  AccomplishmentEditor,
  type AccomplishmentValue,
  type MissionActionValue,
  type SubMissionValue,
} from './AccomplishmentEditor';
