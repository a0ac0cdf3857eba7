import {
  ACTIONS,
  ACTION_GROUPS,
  EMPTY_ACTOR,
  actionGroupsFor,
  actorKindOf,
  isActionName,
  type ActionGroupName,
  type ActionInfo,
  type ActionName,
} from '@loci/domain';

/** The arguments of an action as the editors hold them (spec 4 §1), numbers possibly still typed as text. */
export interface ActionArgsValue {
  what?: string | null;
  value?: number | string | null;
  message?: string | null;
  msg?: string | null;
  numberPropHow?: string | null;
}

/** An action as the editors hold it: the stored shape or a draft on its way there. */
export interface ActionValue {
  actorId?: string | null;
  actionName?: string | null;
  actionArgs?: ActionArgsValue | null;
  notify?: boolean | null;
}

/** What the actions of a place can refer to beyond the workspace's entities. */
export interface ActionsContext {
  /** The conversation the actions belong to (a statement option's actions): sayStatement picks its statements. */
  conversation?: { statements: ReadonlyArray<{ id?: string | null; body?: string | null }> };
  /** The payload properties of the object the actions run on (archetype and offer effects): mutateObject picks one. */
  payloadSpec?: Readonly<Record<string, { type?: string | null; label?: string | null } | null | undefined>>;
}

/** The vocabulary row of an action's name, if it is a known one. */
export function actionInfo(name: string | null | undefined): ActionInfo | undefined {
  return name && isActionName(name) ? ACTIONS[name] : undefined;
}

/** True when the actor id names an actor (not empty, not the 'empty' placeholder). */
export function hasActor(actorId: string | null | undefined): actorId is string {
  return Boolean(actorId) && actorId !== EMPTY_ACTOR;
}

/** The action select's options: the groups of spec 2 §9, only the actions the actor may perform. */
export function actionGroupOptions(
  actorId: string | null | undefined,
  labels: { group: (group: ActionGroupName) => string; action: (name: ActionName) => string } = {
    group: (group) => group,
    action: (name) => ACTIONS[name].label,
  },
) {
  const groups = hasActor(actorId)
    ? actionGroupsFor(actorKindOf(actorId))
    : ACTION_GROUPS.map((group) => ({ name: group.name, actions: [...group.actions] }));
  return groups.map((group) => ({
    group: labels.group(group.name),
    items: group.actions.map((name) => ({ value: name, label: labels.action(name) })),
  }));
}

/** A new action: the game acting, nothing chosen yet. */
export function emptyAction(): ActionValue {
  return { actorId: 'system', actionName: '', actionArgs: {}, notify: false };
}

/** The action after its name changed: the arguments of the old action go. */
export function withActionName(action: ActionValue, actionName: string): ActionValue {
  return { ...action, actionName, actionArgs: {} };
}

/** The action after its actor changed: an action the new actor may not perform goes too. */
export function withActor(action: ActionValue, actorId: string): ActionValue {
  const info = actionInfo(action.actionName);
  if (info && hasActor(actorId) && !info.allowedActors.includes(actorKindOf(actorId))) {
    return { ...action, actorId, actionName: '', actionArgs: {} };
  }
  return { ...action, actorId };
}

/** True when the action waits for the player (spec 2 §5). */
export function isBlocking(action: ActionValue): boolean {
  return Boolean(actionInfo(action.actionName)?.blocking);
}
