import { formatNumber, ONE_DECIMAL } from '../i18n';

/** A size in bytes as people read it (1 MB = 1,000,000 bytes, as the limits are). */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1_000_000) return `${formatNumber(bytes / 1_000_000, ONE_DECIMAL)} MB`;
  if (bytes >= 1_000) return `${Math.round(bytes / 1_000)} KB`;
  return `${bytes} B`;
}
