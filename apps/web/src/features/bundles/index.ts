export { ImportBundleModal } from './ImportBundleModal';
export { RelocateModal } from './RelocateModal';
