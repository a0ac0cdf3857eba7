import { DESIGN_KINDS, type DesignEntity, type DesignKind, type DesignReference } from './registry.js';
import { ACTIONS, CONDITION_TYPES, EMPTY_ACTOR, actorKindOf, isActionName, isConditionType } from './vocabulary.js';

/** Resolves which kind an id belongs to, when an action's 'what' may be of several kinds (an item or an attribute). */
export type KindOf = (id: string) => DesignKind | undefined;

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;
const list = (value: unknown): Loose[] => (Array.isArray(value) ? value.filter(isObject) : []);
const isDesignKind = (kind: string): kind is DesignKind => (DESIGN_KINDS as readonly string[]).includes(kind);

/** The entities one condition refers to: its element, by the vocabulary's element kind. */
export function conditionReferences(condition: unknown): DesignReference[] {
  if (!isObject(condition)) return [];
  const { conditionType, elementId } = condition;
  if (typeof conditionType !== 'string' || !isConditionType(conditionType)) return [];
  const kind = CONDITION_TYPES[conditionType].element;
  return kind && typeof elementId === 'string' && elementId ? [{ kind, id: elementId }] : [];
}

/** The entities a list of condition blocks refers to. */
export function conditionBlocksReferences(blocks: unknown): DesignReference[] {
  return list(blocks).flatMap((block) => list(block.conditions).flatMap(conditionReferences));
}

/**
 * The entities one action refers to: its character actor and its 'what'. When
 * 'what' may be of several kinds, `kindOf` picks the real one; without it,
 * one reference per possible kind is given (ids are unique, so only the real
 * one ever matches an entity).
 */
export function actionReferences(action: unknown, kindOf?: KindOf): DesignReference[] {
  if (!isObject(action)) return [];
  const references: DesignReference[] = [];
  const { actorId, actionName, actionArgs } = action;
  if (typeof actorId === 'string' && actorId && actorId !== EMPTY_ACTOR && actorKindOf(actorId) === 'character') {
    references.push({ kind: 'character', id: actorId });
  }
  const what = isObject(actionArgs) ? actionArgs.what : undefined;
  if (typeof actionName === 'string' && isActionName(actionName) && typeof what === 'string' && what) {
    const kinds = ACTIONS[actionName].whatKinds.filter(isDesignKind);
    const resolved = kinds.length > 1 && kindOf ? kinds.filter((kind) => kind === kindOf(what)) : kinds;
    references.push(...resolved.map((kind) => ({ kind, id: what })));
  }
  return references;
}

/** The entities a list of actions refers to. */
export function actionListReferences(actions: unknown, kindOf?: KindOf): DesignReference[] {
  return list(actions).flatMap((action) => actionReferences(action, kindOf));
}

function accomplishmentReferences(accomplishment: unknown): DesignReference[] {
  if (!isObject(accomplishment)) return [];
  return [
    ...conditionBlocksReferences(accomplishment.condition),
    ...list(accomplishment.submissions).flatMap((subMission) => accomplishmentReferences(subMission.accomplishment)),
  ];
}

const OBJECT_CONDITIONS = ['conditionCreation', 'conditionPerception', 'conditionContact', 'conditionAct'];
const OBJECT_EFFECTS = ['sideeffectsContact', 'sideeffectsAct', 'sideeffectsElseContact', 'sideeffectsElseAct'];

/** Every entity an entity of `kind` refers to, without duplicates and without itself. */
export function findReferences(kind: DesignKind, entity: DesignEntity, kindOf?: KindOf): DesignReference[] {
  const found: DesignReference[] = [];
  const scene = (id: unknown) => {
    if (typeof id === 'string' && id) found.push({ kind: 'scene', id });
  };
  switch (kind) {
    case 'rule':
      scene(entity.sceneId);
      found.push(
        ...conditionReferences(entity.trigger),
        ...conditionBlocksReferences(entity.triggerPreconditions),
        ...actionListReferences(entity.sideeffects, kindOf),
        ...actionListReferences(entity.sideeffectselse, kindOf),
      );
      break;
    case 'milestone':
      found.push(...conditionBlocksReferences(entity.condition));
      break;
    case 'location':
      scene(entity.sceneId);
      found.push(...conditionBlocksReferences(entity.if));
      break;
    case 'mission':
      found.push(...accomplishmentReferences(entity.accomplishment));
      break;
    case 'interaction': {
      const statements = isObject(entity.conversation) ? list(entity.conversation.statements) : [];
      for (const statement of statements) {
        if (typeof statement.spokenBy === 'string' && statement.spokenBy) {
          found.push({ kind: 'character', id: statement.spokenBy });
        }
        for (const option of list(statement.options)) {
          found.push(...conditionBlocksReferences(option.condition), ...actionListReferences(option.actions, kindOf));
        }
      }
      break;
    }
    case 'archetype':
    case 'offer':
      for (const field of OBJECT_CONDITIONS) found.push(...conditionBlocksReferences(entity[field]));
      for (const field of OBJECT_EFFECTS) found.push(...actionListReferences(entity[field], kindOf));
      break;
    case 'scene':
    case 'character':
    case 'item':
    case 'attribute':
      break;
  }
  const seen = new Set<string>();
  return found.filter((reference) => {
    const key = `${reference.kind}:${reference.id}`;
    if ((reference.kind === kind && reference.id === entity.id) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The entities among `entities` that refer to `target` (to refuse deleting it, naming them). */
export function findUsers<T extends { kind: DesignKind; entity: DesignEntity }>(
  entities: readonly T[],
  target: DesignReference,
  kindOf?: KindOf,
): T[] {
  return entities.filter(({ kind, entity }) =>
    findReferences(kind, entity, kindOf).some(
      (reference) => reference.kind === target.kind && reference.id === target.id,
    ),
  );
}
