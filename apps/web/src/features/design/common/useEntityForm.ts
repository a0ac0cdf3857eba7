import {
  DESIGN_KIND_INFO,
  type DesignEntity,
  type DesignEntityOf,
  type DesignKind,
  type FieldErrors,
} from '@loci/domain';
import type { FormErrors } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../api/client';
import { useLeavePermit, type LeavePermit } from '../../../components/forms';
import { designApi, designQueryKeys, type Workspace } from '../../../api/design';
import { useEditLock, type EditLock } from '../../locks';
import { useWorkspace } from '../useWorkspace';
import { useDesignMutations } from './mutations';
import { useGameRights } from './useGameRights';
import { validateEntity } from './validate';
import { findEntity } from './workspace-data';

export interface UseEntityFormOptions {
  /**
   * The form lives in a modal (e.g. 'Create new…' of an EntityPicker): nothing
   * navigates; this is called with the created or saved entity, or with
   * nothing on cancel and delete.
   */
  onDone?: (entity?: DesignEntity) => void;
  /** Overrides where save, create, delete and cancel go (default: spec 2 §2, see `defaultReturnPath`). */
  returnPath?: string | ((entity: DesignEntity | undefined, after: 'save' | 'delete' | 'cancel') => string);
  /** Takes no edit lock (default: every existing entity's form is locked by its kind's lock). */
  withoutLock?: boolean;
  /** A rule's scene when creating (rules/create/0/:sceneId); read from the route when not given. */
  sceneId?: string;
}

/** What `useEntityForm` gives a form page (and EntityFormShell). */
export interface EntityFormState<K extends DesignKind = DesignKind> {
  kind: K;
  gameId: string;
  /** The stored entity's id; undefined for a new one. */
  entityId: string | undefined;
  isNew: boolean;
  /** The stored entity (undefined when new, or while it loads). */
  entity: DesignEntityOf<K> | undefined;
  workspace: Workspace | undefined;
  /** The entity (or the workspace) is still loading. */
  isLoading: boolean;
  /** No such entity in this game. */
  notFound: boolean;
  canEdit: boolean;
  /** The form's edit lock (undefined when new or unlocked). */
  lock: EditLock | undefined;
  /** No edit right, or the lock is not ours: every control is disabled. */
  readOnly: boolean;
  isSaving: boolean;
  isDeleting: boolean;
  inModal: boolean;
  /** The kind's client rules (the domain's schema for this game): field errors, empty when valid. */
  validate: (values: unknown) => FieldErrors;
  /**
   * Creates or saves. Field errors of the server (400 by path, 409 name taken)
   * go onto `form`; other failures are toasted. Navigates (or calls onDone) on
   * success and returns the stored entity.
   */
  submit: (values: object, form?: { setErrors: (errors: FormErrors) => void }) => Promise<DesignEntity | undefined>;
  /** Deletes without asking (EntityFormShell asks 'Are you really sure?' first), then navigates. */
  remove: () => Promise<void>;
  /** Leaves the form without saving. */
  cancel: () => void;
  /** Lets the form's own navigation (after save, delete, cancel) pass the unsaved-changes guard. */
  permit: LeavePermit;
  /** Where the form goes after `after`. */
  returnPathFor: (entity: DesignEntity | undefined, after: 'save' | 'delete' | 'cancel') => string;
}

/** '0' (or nothing) means a new entity (spec 2 §2). */
export function isNewEntityId(entityId: string | undefined): boolean {
  return !entityId || entityId === '0';
}

/**
 * Where a form returns (spec 2 §2): the game page, except that rules return to
 * their scene, a location with a scene to that scene, and a scene opened with
 * ?returnTo=objectShow back to its page.
 */
export function defaultReturnPath(
  gameId: string,
  kind: DesignKind,
  entity: DesignEntity | undefined,
  after: 'save' | 'delete' | 'cancel',
  context: { sceneId?: string; returnTo?: string | null } = {},
): string {
  const game = `/games/${gameId}`;
  // A thing made by a quick rule goes back to the scene it was made from (returnTo=scenes/show/…).
  if (after !== 'delete' && context.returnTo?.startsWith('scenes/show/')) return `${game}/${context.returnTo}`;
  const sceneId = (typeof entity?.sceneId === 'string' && entity.sceneId) || context.sceneId;
  if (kind === 'rule' && sceneId) return `${game}/scenes/show/${sceneId}`;
  // A saved place lands on its scene's places, where the next place is added.
  if (kind === 'location' && sceneId) return `${game}/scenes/show/${sceneId}?tab=places`;
  if (kind === 'scene' && after !== 'delete' && entity && context.returnTo === 'objectShow') {
    return `${game}/scenes/show/${entity.id}`;
  }
  return game;
}

/**
 * Loads, validates, creates, saves and deletes one design entity for its form
 * (spec 2 §2, §5, §7): from the workspace query (or GET when missing there),
 * under its kind's edit lock, with the spec's toasts and navigation.
 */
export function useEntityForm<K extends DesignKind>(
  kind: K,
  entityIdParam: string | undefined,
  options: UseEntityFormOptions = {},
): EntityFormState<K> {
  const params = useParams();
  const gameId = params.gameId ?? '';
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const permit = useLeavePermit();
  const isNew = isNewEntityId(entityIdParam);
  const entityId = isNew ? undefined : entityIdParam;
  const { data: workspace, isPending: workspacePending } = useWorkspace(gameId);
  const { canEdit } = useGameRights(gameId);
  const fromWorkspace = findEntity(workspace, kind, entityId);

  const { create, update, remove: removeMutation } = useDesignMutations(gameId, kind);
  // Once deleted it is gone from the workspace on purpose: not asked for again.
  const deleting = removeMutation.isPending || removeMutation.isSuccess;

  // An entity the workspace does not hold (yet) is asked for directly.
  const direct = useQuery({
    queryKey: designQueryKeys.entity(gameId, kind, entityId ?? ''),
    queryFn: ({ signal }) => designApi.get(gameId, kind, entityId!, signal),
    enabled: Boolean(gameId && entityId && workspace && !fromWorkspace && !deleting),
    retry: false,
  });
  const entity = fromWorkspace ?? direct.data;
  const notFound = !isNew && !entity && !deleting && direct.isError;
  const isLoading =
    !isNew && !entity && !notFound && !deleting && (workspacePending || direct.isFetching || direct.isPending);

  const withLock = !options.withoutLock && !isNew;
  const lock = useEditLock(gameId, DESIGN_KIND_INFO[kind].lockKind, entityId, { enabled: withLock && canEdit });
  const readOnly = !canEdit || (withLock && !lock.isHeld);

  const { onDone, returnPath } = options;
  const sceneId = options.sceneId ?? params.sceneId;
  const returnTo = searchParams.get('returnTo');
  const returnPathFor = useCallback(
    (target: DesignEntity | undefined, after: 'save' | 'delete' | 'cancel') => {
      if (typeof returnPath === 'string') return returnPath;
      if (typeof returnPath === 'function') return returnPath(target, after);
      return defaultReturnPath(gameId, kind, target, after, { sceneId, returnTo });
    },
    [gameId, kind, returnPath, sceneId, returnTo],
  );

  const backgroundType = workspace?.game.pg.type;
  const market = workspace?.game.market;
  const validate = useCallback(
    (values: unknown) =>
      validateEntity(kind, values, { backgroundType: backgroundType ?? 'map', market: market ?? false }),
    [kind, backgroundType, market],
  );

  // Keeps `entity` readable from the callbacks without making them change on every refetch.
  const entityRef = useRef(entity);
  useEffect(() => {
    entityRef.current = entity;
  });

  const submit = useCallback<EntityFormState['submit']>(
    async (values, form) => {
      try {
        const saved = entityId ? await update.mutateAsync({ id: entityId, values }) : await create.mutateAsync(values);
        if (onDone) onDone(saved);
        else permit.allow(() => navigate(returnPathFor(saved, 'save')));
        return saved;
      } catch (error) {
        const errors = isApiError(error) ? error.body?.errors : undefined;
        if (form && errors && Object.keys(errors).length > 0) form.setErrors(errors);
        return undefined;
      }
    },
    [entityId, update, create, onDone, navigate, returnPathFor, permit],
  );

  const remove = useCallback(async () => {
    if (!entityId) return;
    const gone = entityRef.current;
    try {
      await removeMutation.mutateAsync(entityId);
    } catch {
      return;
    }
    if (onDone) onDone();
    else permit.allow(() => navigate(returnPathFor(gone, 'delete')));
  }, [entityId, removeMutation, onDone, navigate, returnPathFor, permit]);

  const cancel = useCallback(() => {
    // Cancel discards the changes: it leaves without asking.
    if (onDone) onDone();
    else permit.allow(() => navigate(returnPathFor(entityRef.current, 'cancel')));
  }, [onDone, navigate, returnPathFor, permit]);

  return {
    kind,
    gameId,
    entityId,
    isNew,
    entity,
    workspace,
    isLoading,
    notFound,
    canEdit,
    lock: withLock && canEdit ? lock : undefined,
    readOnly,
    isSaving: create.isPending || update.isPending,
    isDeleting: removeMutation.isPending,
    inModal: Boolean(onDone),
    validate,
    submit,
    remove,
    cancel,
    permit,
    returnPathFor,
  };
}
