import type { TFunction } from 'i18next';
import type { GameVersionSummary } from '../../../api/design';

/** A version's number when the API gives one (0 is the working version). */
export function versionNumber(version: GameVersionSummary): number | undefined {
  const number = (version as GameVersionSummary & { version?: unknown }).version;
  return typeof number === 'number' ? number : undefined;
}

/** 'Working version' for the live spec, else 'Version {n}' (or its date when unnumbered). */
export function versionLabel(version: GameVersionSummary, t: TFunction): string {
  if (version.isLiveSpec) return t('design.sidebar.liveVersion');
  const number = versionNumber(version);
  return t('design.sidebar.version', { version: number ?? version.createdAt.slice(0, 10) });
}

/** The versions newest first. */
export function newestFirst(versions: readonly GameVersionSummary[]): GameVersionSummary[] {
  return [...versions].sort(
    (a, b) => (versionNumber(b) ?? 0) - (versionNumber(a) ?? 0) || b.createdAt.localeCompare(a.createdAt),
  );
}

/** True when a new version should be published (spec 2 §4), as the workspace answer says. */
export function isPublishDue(workspace: {
  publishDue?: boolean;
  current?: unknown;
  versions: GameVersionSummary[];
}): boolean {
  if (typeof workspace.publishDue === 'boolean') return workspace.publishDue;
  const current = workspace.current as { publishDue?: unknown } | undefined;
  if (typeof current?.publishDue === 'boolean') return current.publishDue;
  const live = workspace.versions.find((version) => version.isLiveSpec) as { publishDue?: unknown } | undefined;
  return live?.publishDue === true;
}
