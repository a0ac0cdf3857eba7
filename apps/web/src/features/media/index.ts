export { MediaManagerModal, type MediaManagerModalProps } from './MediaManagerModal';
export { MediaPickerField, type MediaPickerFieldProps } from './MediaPickerField';
export { MediaThumb } from './MediaThumb';
