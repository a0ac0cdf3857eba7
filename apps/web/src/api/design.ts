import {
  DESIGN_KIND_INFO,
  type DesignGameVersion,
  type DesignEntityOf,
  type DesignKind,
  type InitialState,
  type InitialStateSpecs,
  type InstanceMigration,
  type MigrationPreview,
  type RollbackSnapshot,
  type Rule,
  type VersionDiff,
  type WorkspaceResponse,
  type WorldEntryValues,
} from '@loci/domain';
import { api } from './client';

/** One game version as the versions list presents it (the domain's answer type). */
export type GameVersionSummary = DesignGameVersion;

/** GET /api/design/{gameId}/workspace: everything the workspace shell loads, in one call (lists typed by kind). */
export type Workspace = WorkspaceResponse;

/** GET /api/design/{gameId}/initialStateSpecs/{versionId|current}: what the world object and offer forms need. */
export type { InitialStateSpecs };

const enc = encodeURIComponent;
const base = (gameId: string) => `/design/${enc(gameId)}`;
const segment = (kind: DesignKind) => DESIGN_KIND_INFO[kind].segment;

/** Migrating live games (docs/versions.md): the preview per instance, and an instance's recorded migrations. */
export type { InstanceMigration, MigrationPreview };

/** The design calls of spec 2 §7 and spec 3 §7. */
export const designApi = {
  workspace: (gameId: string, signal?: AbortSignal) => api.get<Workspace>(`${base(gameId)}/workspace`, signal),
  list: <K extends DesignKind>(gameId: string, kind: K, signal?: AbortSignal) =>
    api.get<Array<DesignEntityOf<K>>>(`${base(gameId)}/${segment(kind)}`, signal),
  get: <K extends DesignKind>(gameId: string, kind: K, id: string, signal?: AbortSignal) =>
    api.get<DesignEntityOf<K>>(`${base(gameId)}/${segment(kind)}/${enc(id)}`, signal),
  create: <K extends DesignKind>(gameId: string, kind: K, values: object) =>
    api.post<DesignEntityOf<K>>(`${base(gameId)}/${segment(kind)}`, { ...values, gameId }),
  update: <K extends DesignKind>(gameId: string, kind: K, id: string, values: object) =>
    api.patch<DesignEntityOf<K>>(`${base(gameId)}/${segment(kind)}/${enc(id)}`, { ...values, gameId }),
  remove: (gameId: string, kind: DesignKind, id: string) =>
    api.delete<{ success: boolean }>(`${base(gameId)}/${segment(kind)}/${enc(id)}`),
  moveRule: (gameId: string, ruleId: string, direction: 'up' | 'down') =>
    api.post<Rule[]>(`${base(gameId)}/rules/${enc(ruleId)}/move`, { direction }),
  /** Every scene id of the game in the designer's order; answers the scenes in that order. */
  orderScenes: (gameId: string, ids: string[]) =>
    api.put<Array<DesignEntityOf<'scene'>>>(`${base(gameId)}/scenes/order`, { ids }),
  asyncValidate: (
    gameId: string,
    body: { values: Record<string, unknown>; activeForm: string; blurredField?: string },
  ) =>
    api.post<{ success: boolean; errors: Record<string, string> }>(
      `/design/utils/asyncValidateForm?gameId=${enc(gameId)}`,
      body,
    ),
  versions: (gameId: string, signal?: AbortSignal) =>
    api.get<GameVersionSummary[]>(`${base(gameId)}/gameVersions`, signal),
  publish: (
    gameId: string,
    values: Pick<
      GameVersionSummary,
      'versionNotes' | 'restrictAccessToDesigner' | 'multipleInstances' | 'newInstancesAllowed'
    >,
  ) => api.post<GameVersionSummary>(`${base(gameId)}/gameVersions`, values),
  updateVersion: (gameId: string, versionId: string, values: Partial<GameVersionSummary>) =>
    api.patch<GameVersionSummary>(`${base(gameId)}/gameVersions/${enc(versionId)}`, values),
  archiveVersion: (gameId: string, versionId: string) =>
    api.post<GameVersionSummary>(`${base(gameId)}/gameVersions/${enc(versionId)}/archive`),
  /** What changed from version `fromId` to `toId` ('current' = the working copy). */
  compareVersions: (gameId: string, fromId: string, toId: string, signal?: AbortSignal) =>
    api.get<VersionDiff>(`${base(gameId)}/gameVersions/${enc(fromId)}/compare/${enc(toId)}`, signal),
  rollBack: (gameId: string, versionId: string) =>
    api.post<RollbackSnapshot>(`${base(gameId)}/gameVersions/${enc(versionId)}/rollback`),
  rollbacks: (gameId: string, signal?: AbortSignal) => api.get<RollbackSnapshot[]>(`${base(gameId)}/rollbacks`, signal),
  undoRollback: (gameId: string, snapshotId: string) =>
    api.post<{ ok: true }>(`${base(gameId)}/rollbacks/${enc(snapshotId)}/undo`),
  migrationPreview: (gameId: string, versionId: string, signal?: AbortSignal) =>
    api.get<MigrationPreview[]>(`${base(gameId)}/gameVersions/${enc(versionId)}/migration`, signal),
  migrate: (gameId: string, versionId: string, body: { instanceIds?: string[]; canary?: number }) =>
    api.post<{ migrated: Array<{ instanceId: string; migrationId: string }> }>(
      `${base(gameId)}/gameVersions/${enc(versionId)}/migration`,
      body,
    ),
  /** An instance's migrations, newest first (manage right). */
  instanceMigrations: (gameId: string, instanceId: string, signal?: AbortSignal) =>
    api.get<{ migrations: InstanceMigration[] }>(`${base(gameId)}/instances/${enc(instanceId)}/migrations`, signal),
  /** 409 with the reason when something happened in the instance since. */
  undoMigration: (gameId: string, migrationId: string) =>
    api.post<{ ok: true }>(`${base(gameId)}/migrations/${enc(migrationId)}/undo`),
  initialState: (gameId: string, versionId = 'current', signal?: AbortSignal) =>
    api.get<{ state: InitialState }>(`${base(gameId)}/initialStates/${enc(versionId)}`, signal),
  initialStateSpecs: (gameId: string, versionId = 'current', signal?: AbortSignal) =>
    api.get<InitialStateSpecs>(`${base(gameId)}/initialStateSpecs/${enc(versionId)}`, signal),
  saveWorldEntry: (gameId: string, values: WorldEntryValues, versionId = 'current') =>
    api.post<{ state: InitialState }>(`${base(gameId)}/initialStates/${enc(versionId)}`, values),
  deleteWorldEntry: (gameId: string, type: 'object' | 'offer', sceneId: string, id: string, versionId = 'current') =>
    api.delete<{ state: InitialState }>(
      `${base(gameId)}/initialStates/${enc(versionId)}/state.has.${type}/${enc(sceneId)}/${enc(id)}`,
    ),
};

/** TanStack Query keys of the design workspace; every design change invalidates `workspace(gameId)`. */
export const designQueryKeys = {
  workspace: (gameId: string) => ['design', gameId, 'workspace'] as const,
  entity: (gameId: string, kind: DesignKind, id: string) => ['design', gameId, kind, id] as const,
  initialState: (gameId: string, versionId: string) => ['design', gameId, 'initialState', versionId] as const,
  initialStateSpecs: (gameId: string, versionId: string) => ['design', gameId, 'initialStateSpecs', versionId] as const,
  compare: (gameId: string, fromId: string, toId: string) => ['design', gameId, 'compare', fromId, toId] as const,
  rollbacks: (gameId: string) => ['design', gameId, 'rollbacks'] as const,
  migration: (gameId: string, versionId: string) => ['design', gameId, 'migration', versionId] as const,
  instanceMigrations: (gameId: string, instanceId: string) =>
    ['design', gameId, 'instanceMigrations', instanceId] as const,
};
