import {
  withWorkspaceEntities,
  workspaceEntities,
  type DesignEntity,
  type DesignEntityOf,
  type DesignKind,
} from '@loci/domain';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { designApi, designQueryKeys, type Workspace } from '../../../api/design';
import { isApiError } from '../../../api/client';
import { notifyError, notifySuccess } from '../../../components/notify';
import {
  createdText,
  deletedText,
  errorCreatingText,
  errorDeletingText,
  errorSavingText,
  savedText,
} from './design-toasts';
import { rulesFollowingRetitle } from '../rules/retitle-rules';

/** Kinds a quick rule's name is made from (its place or scene, and the thing it shows, gives or goes to). */
const NAMED_IN_RULES: ReadonlySet<DesignKind> = new Set(['location', 'scene', 'interaction', 'item', 'mission']);

/**
 * After a retitle, the rules a quick rule named after the old title take the new one (issue 30); a rule that
 * cannot be saved now (another designer holds it) keeps its name, silently: its name is not wrong, only old.
 */
async function renameFollowingRules(
  queryClient: QueryClient,
  gameId: string,
  workspace: Workspace | undefined,
  before: DesignEntity | undefined,
  after: DesignEntity,
) {
  if (!workspace || !before) return;
  const renames = rulesFollowingRetitle(workspace, { id: after.id, before, after });
  for (const { rule, name } of renames) {
    try {
      const saved = await designApi.update(gameId, 'rule', rule.id, { ...rule, name });
      storeEntity(queryClient, gameId, 'rule', saved);
    } catch {
      // Left as it was.
    }
  }
}

/** Puts a created or saved entity into the cached workspace at once (the refetch that follows confirms it). */
function storeEntity<K extends DesignKind>(
  queryClient: QueryClient,
  gameId: string,
  kind: K,
  entity: DesignEntityOf<K>,
) {
  queryClient.setQueryData<Workspace>(designQueryKeys.workspace(gameId), (workspace) => {
    if (!workspace) return workspace;
    const list = workspaceEntities(workspace, kind).filter((other) => other.id !== entity.id);
    return withWorkspaceEntities(workspace, kind, [...list, entity]);
  });
  queryClient.setQueryData(designQueryKeys.entity(gameId, kind, entity.id), entity);
}

function dropEntity(queryClient: QueryClient, gameId: string, kind: DesignKind, id: string) {
  queryClient.setQueryData<Workspace>(designQueryKeys.workspace(gameId), (workspace) => {
    if (!workspace) return workspace;
    return withWorkspaceEntities(
      workspace,
      kind,
      workspaceEntities(workspace, kind).filter((other) => other.id !== id),
    );
  });
  queryClient.removeQueries({ queryKey: designQueryKeys.entity(gameId, kind, id) });
}

/** What a toast calls an entity (issue 30): the title a person typed, else its system name. */
export function toastName(entity: { name: string; title?: unknown }): string {
  const title = typeof entity.title === 'string' ? entity.title.trim() : '';
  return title || entity.name;
}

/** True when the failure carries field errors (400 by path, 409 name taken): the form shows them, no toast. */
export function hasFieldErrors(error: unknown): boolean {
  return isApiError(error) && Object.keys(error.body?.errors ?? {}).length > 0;
}

/**
 * Create, save and delete of design entities with the toasts of spec 2 §7–8;
 * each refreshes the workspace query. Field errors (400/409 with `errors`) are
 * left to the caller's form; every other failure is toasted here.
 */
export function useDesignMutations<K extends DesignKind>(gameId: string, kind: K) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: designQueryKeys.workspace(gameId) });

  const create = useMutation({
    mutationFn: (values: object) => designApi.create(gameId, kind, values),
    onSuccess: (entity) => {
      storeEntity(queryClient, gameId, kind, entity);
      notifySuccess(createdText(kind, toastName(entity)));
      void refresh();
    },
    onError: (error) => {
      if (!hasFieldErrors(error)) notifyError(errorCreatingText(kind), error);
    },
  });

  const update = useMutation({
    mutationFn: async ({ id, values }: { id: string; values: object }) => {
      const workspace = queryClient.getQueryData<Workspace>(designQueryKeys.workspace(gameId));
      const before = workspace
        ? (workspaceEntities(workspace, kind).find((entity) => entity.id === id) as DesignEntity | undefined)
        : undefined;
      const entity = await designApi.update(gameId, kind, id, values);
      if (NAMED_IN_RULES.has(kind))
        await renameFollowingRules(queryClient, gameId, workspace, before, entity as DesignEntity);
      return entity;
    },
    onSuccess: (entity) => {
      storeEntity(queryClient, gameId, kind, entity);
      notifySuccess(savedText(kind, toastName(entity)));
      void refresh();
    },
    onError: (error, { id }) => {
      if (!hasFieldErrors(error)) notifyError(errorSavingText(kind, id), error);
    },
  });

  const remove = useMutation({
    mutationFn: (id: string) => designApi.remove(gameId, kind, id),
    onSuccess: (_answer, id) => {
      dropEntity(queryClient, gameId, kind, id);
      notifySuccess(deletedText(kind));
      void refresh();
    },
    onError: (error, id) => notifyError(errorDeletingText(kind, id), error),
  });

  return { create, update, remove, refresh };
}
