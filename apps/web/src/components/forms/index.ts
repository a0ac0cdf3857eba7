// The one form machinery of the console: frame, stored values, unsaved-changes guard.
export { FormShell, type FormShellProps, type ShellDeletion, type ShellForm } from './FormShell';
export { UnsavedChangesGuard, type UnsavedChangesGuardProps } from './UnsavedChangesGuard';
export { useLeavePermit, type LeavePermit } from './useLeavePermit';
export { useStoredValues, type ResettableForm } from './useStoredValues';
export { serverFieldErrors, validateWithSchema } from './field-errors';
export { LatitudeField, LongitudeField } from './CoordinateFields';
export { DescriptionLogoFields, HiddenMarketFields } from './EntityInfoFields';
export { overDefaults, overDefaultsKeepingNull } from './over-defaults';
export { ModalForm, type ModalFormProps } from './ModalForm';
