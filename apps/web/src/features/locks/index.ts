export { useEditLock, type EditLock, type EditLockStatus } from './useEditLock';
export { LockBanner } from './LockBanner';
