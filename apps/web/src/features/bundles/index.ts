export { ImportBundleModal } from './ImportBundleModal';
export { RelocateModal } from './RelocateModal';
export { SampleGames } from './SampleGames';
