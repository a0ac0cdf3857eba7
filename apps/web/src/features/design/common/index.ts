// Shared building blocks of the design forms (used by every design area).
export { EntityFormShell, type EntityFormShellProps, type ShellForm } from './EntityFormShell';
export { EntityPicker, type EntityPickerProps } from './EntityPicker';
export { NameField, type NameFieldForm, type NameFieldProps } from './NameField';
export { NameTitleFields, NotesField, type NameTitleForm } from './DesignFields';
export { useDesignEntityForm, type UseDesignEntityFormOptions } from './useDesignEntityForm';
export {
  defaultReturnPath,
  isNewEntityId,
  useEntityForm,
  type EntityFormState,
  type UseEntityFormOptions,
} from './useEntityForm';
export { useGameRights, type GameRights } from './useGameRights';
export { useDesignMutations, hasFieldErrors } from './mutations';
export { validateEntity } from './validate';
export {
  PICKER_LABEL_MAX,
  entitiesOf,
  entityLabel,
  findEntity,
  gameCenter,
  plainText,
  schemaContextOf,
  truncate,
} from './workspace-data';
export * from './design-toasts';
