import {
  ACTION_NAMES,
  ACTIONS,
  CONDITION_TYPES,
  isActionName,
  isConditionType,
  isDesignKind,
  PROBLEM_MESSAGES,
  startSceneOf,
  walksIntoScene,
  gameLanguagesOf,
  translatableTexts,
  untranslatedTexts,
  type TextOwnerKind,
  type Action,
  type Condition,
  type ConditionBlock,
  type DesignKind,
  type InitialState,
  type MissingReferencePlace,
  type SceneEntryChoice,
  type MissingTextPart,
  type ProblemMessageKey,
  type ProblemName,
  type WorldEntry,
  richTextAsText,
  DEFAULT_GAME_DESCRIPTION,
} from '@loci/domain';
import { distanceMetres, type LatLng } from '../geo.js';
import {
  GPS_ACCURACY_METRES,
  PROBLEM_CODES,
  type Problem,
  type ProblemCode,
  type ProblemEntity,
  type ProblemParams,
  type ProblemsInput,
} from './types.js';

/**
 * The static checker of a game's design (the Problems panel, and what blocks
 * Publish). It reads every kind and reports findings a designer can act on.
 *
 * Reachability is a fixed point over what a player can ever meet: the first
 * scene, the universe scene and (on map games) every enabled scene one can
 * walk into are current at some time; the rules of current scenes whose
 * trigger can happen fire; their effects (and those of conversations and
 * objects met) show interactions, assign missions, give items and move to
 * scenes; milestones and locations whose conditions can hold are reached —
 * until nothing new is found. It over-approximates (a condition is assumed
 * to hold when what it needs exists), so what it calls unreachable is truly so.
 */

type Loose = Record<string, unknown>;
interface Entity extends Loose {
  id: string;
  name?: string;
  title?: string;
}

const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;
const listOf = <T = Loose>(value: unknown): T[] => (Array.isArray(value) ? (value.filter(isObject) as T[]) : []);
/**
 * A stored trigger read as a condition: any object (a workspace may hold a draft's half-made one). Its
 * fields are judged where it is read (the condition table's `possible`, the reference and range checks).
 */
const isCondition = (value: unknown): value is Condition => isObject(value);
const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const plain = (html: unknown): string => richTextAsText(str(html));

/** The actions that show an interaction (showInfo, askQuestion…), from the vocabulary. */
const INTERACTION_ACTIONS = new Set<string>(
  ACTION_NAMES.filter((name) => ACTIONS[name].whatKinds.includes('interaction')),
);
const OBJECT_CONDITIONS = ['conditionCreation', 'conditionPerception', 'conditionContact', 'conditionAct'] as const;
const OBJECT_EFFECTS = [
  'sideeffectsContact',
  'sideeffectsAct',
  'sideeffectsElseContact',
  'sideeffectsElseAct',
] as const;

/** Where a condition or an action list lives, for 'missing-reference' and 'related'. */
interface Owner {
  kind: DesignKind;
  id: string;
}

/** Everything ever met by some player, grown to a fixed point. */
class Reach {
  scenes = new Set<string>();
  enabledScenes = new Set<string>();
  goToTargets = new Set<string>();
  interactions = new Set<string>();
  missions = new Set<string>();
  milestones = new Set<string>();
  locations = new Set<string>();
  items = new Set<string>();
  worldItems = new Set<string>();
  attributes = new Set<string>();
  archetypes = new Set<string>();
  offers = new Set<string>();
  rules = new Set<string>();
  /** Action lists already applied (by a key), so each is applied once. */
  applied = new Set<string>();
  completeGame = false;
  changed = false;

  add(set: Set<string>, id: string | undefined): void {
    if (!id || set.has(id)) return;
    set.add(id);
    this.changed = true;
  }
}

/** The entities of a game by kind and id, with a few derived tables. */
class Design {
  readonly byKind = new Map<DesignKind, Map<string, Entity>>();
  readonly kindOfId = new Map<string, DesignKind>();
  readonly map: boolean;
  readonly market: boolean;
  readonly currencyIds: string[];

  constructor(readonly input: ProblemsInput) {
    for (const [kind, entities] of Object.entries(input.entities) as Array<[DesignKind, unknown]>) {
      const byId = new Map<string, Entity>();
      for (const entity of listOf<Entity>(entities)) {
        byId.set(entity.id, entity);
        this.kindOfId.set(entity.id, kind);
      }
      this.byKind.set(kind, byId);
    }
    this.map = (input.game.pg?.type ?? 'map') === 'map';
    this.market = input.game.market === true;
    this.currencyIds = this.list('item')
      .filter((item) => item.isCurrency === true)
      .map((item) => item.id);
  }

  list(kind: DesignKind): Entity[] {
    return [...(this.byKind.get(kind)?.values() ?? [])];
  }

  get(kind: DesignKind, id: string | undefined): Entity | undefined {
    return id ? this.byKind.get(kind)?.get(id) : undefined;
  }

  worldEntries(): Array<WorldEntry & { type: 'object' | 'offer' }> {
    const state: InitialState | undefined = this.input.initialState;
    if (!state) return [];
    const entries: WorldEntry[] = [];
    for (const group of [state.has?.object, state.has?.offer]) {
      for (const byId of Object.values(group ?? {})) entries.push(...Object.values(byId ?? {}));
    }
    return entries;
  }
}

/** What a designer reads of an element: its title, else its system name, else its id. */
function labelOf(design: Design, kind: DesignKind, id: string): string {
  const entity = design.get(kind, id);
  const name = entity ? str(entity.title).trim() || str(entity.name) || id : id;
  return plain(name) || id;
}

/** An element as a finding names it (its kind and label; 'Scene “Harbour”' in English). */
const named = (design: Design, kind: DesignKind, id: string): ProblemName => ({
  kind,
  label: labelOf(design, kind, id),
});

/** A finding's sentence: its key in PROBLEM_MESSAGES, its parameters, and its English. */
interface ProblemText {
  messageKey: ProblemMessageKey;
  params: ProblemParams;
  message: string;
}
type ParamsOf<K extends ProblemMessageKey> = (typeof PROBLEM_MESSAGES)[K] extends (params: infer P) => string
  ? [params: P]
  : [];

function say<K extends ProblemMessageKey>(messageKey: K, ...params: ParamsOf<K>): ProblemText {
  const entry: unknown = PROBLEM_MESSAGES[messageKey];
  const given = params[0] as ProblemParams | undefined;
  const message = typeof entry === 'function' ? (entry as (value: unknown) => string)(given) : String(entry);
  return { messageKey, params: given ?? {}, message };
}

// ─── Conditions ─────────────────────────────────────────────────────────────

function blocksOf(value: unknown): ConditionBlock[] {
  return listOf<ConditionBlock>(value).map((block) => ({ ...block, conditions: listOf<Condition>(block.conditions) }));
}

const positiveVerb = (verb: string) => (verb.startsWith('not_') ? verb.slice(4) : verb);

/** True when the condition asks for something (not 'does not', not 'at most'). */
function isPositive(condition: Condition): boolean {
  if (condition.verb.startsWith('not_')) return false;
  if (condition.some === 'at_most') return false;
  if (condition.some && (num(condition.someNumber) ?? 0) <= 0) return false;
  return true;
}

/** Two conditions of one block that cannot hold together. */
function contradicts(a: Condition, b: Condition): boolean {
  if (a.conditionType !== b.conditionType) return false;
  const sameElement = (a.elementId ?? '') === (b.elementId ?? '') && (a.subElementId ?? '') === (b.subElementId ?? '');
  if (sameElement && a.verb !== b.verb && positiveVerb(a.verb) === positiveVerb(b.verb)) return true;
  // A player is currently in one scene only.
  if (
    a.conditionType === 'player-scene' &&
    a.verb === 'is_currently_in' &&
    b.verb === 'is_currently_in' &&
    a.elementId !== b.elementId
  ) {
    return true;
  }
  // Counts of one thing: at least n and at most m < n, or two different exact counts.
  if (sameElement && a.some && b.some && a.verb === b.verb) {
    const low = (c: Condition) => (c.some === 'at_least' || c.some === 'exact' ? (num(c.someNumber) ?? 0) : -Infinity);
    const high = (c: Condition) => (c.some === 'at_most' || c.some === 'exact' ? (num(c.someNumber) ?? 0) : Infinity);
    return Math.max(low(a), low(b)) > Math.min(high(a), high(b));
  }
  return false;
}

function blockContradicts(conditions: Condition[]): boolean {
  for (let i = 0; i < conditions.length; i++) {
    for (let j = i + 1; j < conditions.length; j++) {
      if (contradicts(conditions[i]!, conditions[j]!)) return true;
    }
  }
  return false;
}

/** Every block contradicts itself (an empty list of blocks holds). With `trigger`, it is part of every block. */
function alwaysFalse(blocks: ConditionBlock[], trigger?: Condition): boolean {
  if (blocks.length === 0) return false;
  return blocks.every((block) => blockContradicts(trigger ? [trigger, ...block.conditions] : block.conditions));
}

/** True when a question has a correct answer the player can give. */
function questionHasCorrectAnswer(question: Loose): boolean {
  if (question.hasCorrectAnswer !== true) return false;
  if (question.qType === 'MC') return listOf(question.options).some((option) => option.partOfCorrect === true);
  return str(question.correctAnswer).trim() !== '' || question.correctAnswerBinary != null;
}

/** The centre of a scene or location: lat/lng, else its place's centre; null when it has none. */
function centre(entity: Loose): LatLng | null {
  const place = isObject(entity.place) ? entity.place : {};
  const c = isObject(place.center) ? place.center : {};
  const latitude = num(entity.lat) ?? num(c.latitude);
  const longitude = num(entity.lng) ?? num(c.longitude);
  return latitude === null || longitude === null ? null : { latitude, longitude };
}

// ─── The checker ────────────────────────────────────────────────────────────

class Checker {
  readonly problems: Problem[] = [];
  readonly reach = new Reach();

  constructor(readonly design: Design) {}

  report(code: ProblemCode, entity: ProblemEntity, text: ProblemText, related?: ProblemEntity[]): void {
    const problem: Problem = { code, severity: PROBLEM_CODES[code], ...text, entity };
    if (related && related.length > 0) problem.related = related;
    this.problems.push(problem);
  }

  // ── Reachability ──

  /** Whether a condition can ever hold, given what has been reached so far. */
  possible(condition: Condition): boolean {
    if (!isPositive(condition)) return true;
    const { reach, design } = this;
    const id = condition.elementId;
    const verb = condition.verb;
    switch (condition.conditionType) {
      case 'player-scene':
        return id !== undefined && reach.scenes.has(id);
      case 'player-location':
        return id !== undefined && reach.locations.has(id);
      case 'player-item':
      case 'player-some-item':
        return id !== undefined && reach.items.has(id);
      case 'player-some-currency':
        return design.currencyIds.some((currency) => reach.items.has(currency));
      case 'player-attribute':
        return id !== undefined && reach.attributes.has(id);
      case 'player-info':
      case 'player-confirmation':
      case 'player-conversation':
        return id !== undefined && reach.interactions.has(id);
      case 'player-question':
      case 'player-quiz': {
        if (id === undefined || !reach.interactions.has(id)) return false;
        const interaction = design.get('interaction', id);
        const questions = listOf(interaction?.questions);
        if (verb === 'has_completed') return questions.length > 0;
        if (verb === 'has_passed') {
          const asked = condition.subElementId
            ? questions.filter((question) => question.id === condition.subElementId)
            : questions;
          return asked.some(questionHasCorrectAnswer);
        }
        return true;
      }
      case 'player-mission':
        return id !== undefined && reach.missions.has(id);
      case 'player-object':
      case 'world-object':
        return id !== undefined && reach.archetypes.has(id);
      case 'player-offer':
        return id !== undefined && reach.offers.has(id);
      case 'world-item':
      case 'world-some-item':
        return id !== undefined && reach.worldItems.has(id);
      case 'milestone':
        return id !== undefined && reach.milestones.has(id);
      case 'player-game':
        return verb !== 'has_completed' || reach.completeGame;
      case 'game-status':
        return condition.designerInputString !== 'completed' || reach.completeGame;
      default:
        return true;
    }
  }

  satisfiable(blocks: ConditionBlock[]): boolean {
    if (blocks.length === 0) return true;
    return blocks.some(
      (block) => !blockContradicts(block.conditions) && block.conditions.every((c) => this.possible(c)),
    );
  }

  /** Applies an action list's effects to what is reached (once per key). */
  apply(key: string, actions: unknown): void {
    const { reach, design } = this;
    if (reach.applied.has(key)) return;
    reach.applied.add(key);
    reach.changed = true;
    for (const action of listOf<Action>(actions)) {
      const what = str(action.actionArgs?.what) || undefined;
      switch (action.actionName) {
        case 'goToScene':
          reach.add(reach.goToTargets, what);
          break;
        case 'enableScene':
          reach.add(reach.enabledScenes, what);
          break;
        case 'assignMission':
          reach.add(reach.missions, what);
          break;
        case 'giveToPlayer':
        case 'setOnPlayer':
          reach.add(design.kindOfId.get(what ?? '') === 'attribute' ? reach.attributes : reach.items, what);
          break;
        case 'giveToWorld':
        case 'setOnWorld':
          reach.add(reach.worldItems, what);
          break;
        case 'attachToPlayer':
        case 'attachToWorld':
        case 'returnToWorld':
          reach.add(design.kindOfId.get(what ?? '') === 'offer' ? reach.offers : reach.archetypes, what);
          break;
        case 'completeGame':
          if (!reach.completeGame) {
            reach.completeGame = true;
            reach.changed = true;
          }
          break;
        default:
          if (INTERACTION_ACTIONS.has(action.actionName)) reach.add(reach.interactions, what);
      }
    }
  }

  /** The scene a player starts in: the settings' choice, else the first enabled scene that is not the universe (spec 4 §3). */
  startScene(): Entity | undefined {
    const scenes = this.design.list('scene');
    const id = startSceneOf(scenes, this.design.input.game.startSceneId);
    return scenes.find((scene) => scene.id === id);
  }

  /** Whether walking into the scene's circle makes it current (map games, a centre, walking in chosen). */
  walksIn(scene: Entity): boolean {
    return (
      this.design.map &&
      centre(scene) !== null &&
      walksIntoScene(this.design.input.game, scene as { entry?: SceneEntryChoice })
    );
  }

  explore(): void {
    const { reach, design } = this;
    const scenes = design.list('scene');
    const start = this.startScene();
    if (start) reach.add(reach.scenes, start.id);
    for (const scene of scenes) {
      if (scene.universe === true) reach.add(reach.scenes, scene.id);
      if (scene.enabled !== false) reach.add(reach.enabledScenes, scene.id);
    }
    // Items a market sells can be bought.
    if (design.market) {
      for (const item of design.list('item')) if ((num(item.price) ?? 0) > 0) reach.add(reach.items, item.id);
      for (const attribute of design.list('attribute')) {
        if ((num(attribute.price) ?? 0) > 0) reach.add(reach.attributes, attribute.id);
      }
    }
    const worldEntries = design.worldEntries();
    const rules = design.list('rule');
    do {
      reach.changed = false;
      for (const scene of scenes) {
        if (scene.universe === true || !reach.enabledScenes.has(scene.id)) continue;
        // On map games, walking into the circle of a scene entered by walking in makes it current; else only goToScene does.
        if (this.walksIn(scene) || reach.goToTargets.has(scene.id)) reach.add(reach.scenes, scene.id);
      }
      for (const rule of rules) {
        const sceneId = str(rule.sceneId);
        if (!reach.scenes.has(sceneId)) continue;
        const trigger = isCondition(rule.trigger) ? rule.trigger : undefined;
        if (!trigger || !this.possible(trigger)) continue;
        reach.add(reach.rules, rule.id);
        const pre = blocksOf(rule.triggerPreconditions);
        if (pre.length > 0) this.apply(`${rule.id}:else`, rule.sideeffectselse);
        if (!alwaysFalse(pre, trigger) && this.satisfiable(pre)) this.apply(`${rule.id}:then`, rule.sideeffects);
      }
      for (const location of design.list('location')) {
        const sceneId = str(location.sceneId);
        if (reach.scenes.has(sceneId) && this.satisfiable(blocksOf(location.if))) {
          reach.add(reach.locations, location.id);
        }
      }
      for (const milestone of design.list('milestone')) {
        if (!reach.milestones.has(milestone.id) && this.satisfiable(blocksOf(milestone.condition))) {
          reach.add(reach.milestones, milestone.id);
        }
      }
      for (const id of reach.interactions) {
        const interaction = design.get('interaction', id);
        const statements = isObject(interaction?.conversation) ? listOf(interaction.conversation.statements) : [];
        for (const statement of statements) {
          for (const option of listOf(statement.options)) {
            if (this.satisfiable(blocksOf(option.condition))) this.apply(`${id}:${str(option.id)}`, option.actions);
          }
        }
      }
      for (const entry of worldEntries) {
        if (!reach.scenes.has(entry.sceneId)) continue;
        if (entry.offerId) reach.add(reach.offers, entry.offerId);
        if (entry.archetypeId) reach.add(reach.archetypes, entry.archetypeId);
      }
      for (const kind of ['archetype', 'offer'] as const) {
        const present = kind === 'offer' ? reach.offers : reach.archetypes;
        for (const type of design.list(kind)) {
          if (kind === 'archetype' && type.playerGenerated === true) {
            if (this.satisfiable(blocksOf(type.conditionCreation))) reach.add(present, type.id);
          }
          if (!present.has(type.id)) continue;
          // Picking an object or offer gives it to the player; its effects run when contacted or acted on.
          for (const field of OBJECT_EFFECTS) this.apply(`${type.id}:${field}`, type[field]);
        }
      }
    } while (reach.changed);
  }

  // ── Findings ──

  reachability(): void {
    const { reach, design } = this;
    if (!this.startScene()) {
      this.report('no-start-scene', { kind: 'game', id: str(design.input.game.id) }, say('noStartScene'));
    }
    for (const scene of design.list('scene')) {
      if (scene.universe === true || reach.scenes.has(scene.id)) continue;
      const disabled = scene.enabled === false && !reach.enabledScenes.has(scene.id);
      this.report(
        'scene-unreachable',
        { kind: 'scene', id: scene.id },
        say('sceneUnreachable', { scene: named(design, 'scene', scene.id), map: design.map, disabled }),
      );
    }
    for (const location of design.list('location')) {
      if (reach.locations.has(location.id)) continue;
      const inScene = reach.scenes.has(str(location.sceneId));
      this.report(
        'location-unreachable',
        { kind: 'location', id: location.id },
        say(inScene ? 'locationConditionsNeverHold' : 'locationSceneNeverCurrent', {
          location: named(design, 'location', location.id),
        }),
      );
    }
    const unreached = [
      ['interaction', reach.interactions, 'interaction-unreachable', 'interactionUnreachable'],
      ['mission', reach.missions, 'mission-unreachable', 'missionUnreachable'],
      ['milestone', reach.milestones, 'milestone-unreachable', 'milestoneUnreachable'],
    ] as const;
    for (const [kind, reached, code, key] of unreached) {
      for (const entity of design.list(kind)) {
        if (!reached.has(entity.id))
          this.report(code, { kind, id: entity.id }, say(key, { entity: named(design, kind, entity.id) }));
      }
    }
    if (!reach.completeGame && this.startScene()) {
      this.report('game-cannot-end', { kind: 'game', id: str(design.input.game.id) }, say('gameCannotEnd'));
    }
  }

  /** Every condition and action list of the design with its owner, for references and 'needed'. */
  *conditionsWithOwners(): Generator<{ owner: Owner; condition: Condition; trigger?: boolean }> {
    const { design } = this;
    for (const rule of design.list('rule')) {
      const owner = { kind: 'rule' as const, id: rule.id };
      if (isCondition(rule.trigger)) yield { owner, condition: rule.trigger, trigger: true };
      for (const block of blocksOf(rule.triggerPreconditions))
        for (const condition of block.conditions) yield { owner, condition };
    }
    for (const [kind, field] of [
      ['milestone', 'condition'],
      ['location', 'if'],
    ] as const) {
      for (const entity of design.list(kind)) {
        for (const block of blocksOf(entity[field])) {
          for (const condition of block.conditions) yield { owner: { kind, id: entity.id }, condition };
        }
      }
    }
    for (const mission of design.list('mission')) {
      const owner = { kind: 'mission' as const, id: mission.id };
      const accomplishments = [
        mission.accomplishment,
        ...listOf(isObject(mission.accomplishment) ? mission.accomplishment.submissions : []).map(
          (sub) => sub.accomplishment,
        ),
      ];
      for (const accomplishment of accomplishments) {
        if (!isObject(accomplishment)) continue;
        for (const block of blocksOf(accomplishment.condition))
          for (const condition of block.conditions) yield { owner, condition };
      }
    }
    for (const interaction of design.list('interaction')) {
      const statements = isObject(interaction.conversation) ? listOf(interaction.conversation.statements) : [];
      for (const statement of statements) {
        for (const option of listOf(statement.options)) {
          for (const block of blocksOf(option.condition)) {
            for (const condition of block.conditions)
              yield { owner: { kind: 'interaction', id: interaction.id }, condition };
          }
        }
      }
    }
    for (const kind of ['archetype', 'offer'] as const) {
      for (const type of design.list(kind)) {
        for (const field of OBJECT_CONDITIONS) {
          for (const block of blocksOf(type[field])) {
            for (const condition of block.conditions) yield { owner: { kind, id: type.id }, condition };
          }
        }
      }
    }
  }

  *actionsWithOwners(): Generator<{ owner: Owner; action: Action }> {
    const { design } = this;
    for (const rule of design.list('rule')) {
      for (const field of ['sideeffects', 'sideeffectselse']) {
        for (const action of listOf<Action>(rule[field])) yield { owner: { kind: 'rule', id: rule.id }, action };
      }
    }
    for (const interaction of design.list('interaction')) {
      const statements = isObject(interaction.conversation) ? listOf(interaction.conversation.statements) : [];
      for (const statement of statements) {
        for (const option of listOf(statement.options)) {
          for (const action of listOf<Action>(option.actions))
            yield { owner: { kind: 'interaction', id: interaction.id }, action };
        }
      }
    }
    for (const kind of ['archetype', 'offer'] as const) {
      for (const type of design.list(kind)) {
        for (const field of OBJECT_EFFECTS) {
          for (const action of listOf<Action>(type[field])) yield { owner: { kind, id: type.id }, action };
        }
      }
    }
  }

  references(): void {
    const { design } = this;
    const missing = (owner: Owner, kind: DesignKind, id: string, place: MissingReferencePlace) =>
      this.report(
        'missing-reference',
        owner,
        say('missingReference', { owner: named(design, owner.kind, owner.id), kind, id, place }),
      );
    for (const { owner, condition } of this.conditionsWithOwners()) {
      if (!isConditionType(condition.conditionType)) continue;
      const kind = CONDITION_TYPES[condition.conditionType].element;
      if (kind && condition.elementId && !design.get(kind, condition.elementId)) {
        missing(owner, kind, condition.elementId, { in: 'condition' });
      }
    }
    for (const { owner, action } of this.actionsWithOwners()) {
      if (!isActionName(action.actionName)) continue;
      const what = str(action.actionArgs?.what);
      // A property, a statement, a medium or a timer's name is not an entity of the design.
      const kinds = ACTIONS[action.actionName].whatKinds.filter(isDesignKind);
      if (what && kinds.length > 0 && !kinds.some((kind) => design.get(kind, what))) {
        missing(owner, kinds[0]!, what, { in: 'action', action: action.actionName });
      }
    }
    for (const kind of ['rule', 'location'] as const) {
      for (const entity of design.list(kind)) {
        const sceneId = str(entity.sceneId);
        if (sceneId && !design.get('scene', sceneId))
          missing({ kind, id: entity.id }, 'scene', sceneId, { in: 'scene' });
      }
    }
  }

  /** Items, attributes and currency needed (owned in a condition, taken, priced) but never given. */
  needs(): void {
    const { design } = this;
    const given = { item: new Set<string>(), attribute: new Set<string>() };
    let currencyGiven = false;
    for (const { action } of this.actionsWithOwners()) {
      const what = str(action.actionArgs?.what);
      if (action.actionName === 'giveToPlayer' || action.actionName === 'setOnPlayer') {
        const kind = design.kindOfId.get(what);
        if (kind === 'item' || kind === 'attribute') given[kind].add(what);
        if (design.currencyIds.includes(what)) currencyGiven = true;
      }
    }
    if (design.market) {
      for (const kind of ['item', 'attribute'] as const) {
        for (const entity of design.list(kind)) if ((num(entity.price) ?? 0) > 0) given[kind].add(entity.id);
      }
    }
    const needed = { item: new Map<string, Owner[]>(), attribute: new Map<string, Owner[]>() };
    let currencyNeeded: Owner[] = [];
    const need = (kind: 'item' | 'attribute', id: string, owner: Owner) => {
      const owners = needed[kind].get(id) ?? [];
      if (!owners.some((o) => o.id === owner.id)) owners.push(owner);
      needed[kind].set(id, owners);
    };
    for (const { owner, condition } of this.conditionsWithOwners()) {
      if (!isPositive(condition) || !condition.elementId) {
        if (condition.conditionType === 'player-some-currency' && isPositive(condition)) currencyNeeded.push(owner);
        continue;
      }
      if (condition.conditionType === 'player-item' || condition.conditionType === 'player-some-item') {
        need('item', condition.elementId, owner);
      }
      if (condition.conditionType === 'player-attribute') need('attribute', condition.elementId, owner);
    }
    for (const { owner, action } of this.actionsWithOwners()) {
      const what = str(action.actionArgs?.what);
      if (action.actionName === 'takeFromPlayer' && design.kindOfId.get(what) === 'item') need('item', what, owner);
    }
    if (design.market) {
      for (const kind of ['item', 'attribute', 'archetype', 'offer'] as const) {
        for (const entity of design.list(kind)) {
          if ((num(entity.price) ?? 0) > 0 && entity.isCurrency !== true) currencyNeeded.push({ kind, id: entity.id });
        }
      }
    }
    for (const kind of ['item', 'attribute'] as const) {
      for (const [id, owners] of needed[kind]) {
        if (given[kind].has(id) || !design.get(kind, id)) continue;
        if (kind === 'item' && design.currencyIds.includes(id)) {
          currencyNeeded = [...currencyNeeded, ...owners];
          continue;
        }
        this.report(
          kind === 'item' ? 'item-never-given' : 'attribute-never-given',
          { kind, id },
          say('neverGiven', {
            entity: named(design, kind, id),
            owners: owners.slice(0, 3).map((o) => named(design, o.kind, o.id)),
          }),
          owners,
        );
      }
    }
    if (currencyNeeded.length > 0 && !currencyGiven) {
      const currency = str(design.input.game.currencyName);
      const entity: ProblemEntity = design.currencyIds[0]
        ? { kind: 'item', id: design.currencyIds[0] }
        : { kind: 'game', id: str(design.input.game.id) };
      this.report('currency-never-given', entity, say('currencyNeverGiven', { currency }), currencyNeeded.slice(0, 20));
    }
  }

  rules(): void {
    const { design, reach } = this;
    const rules = design.list('rule');
    const universe = new Set(
      design
        .list('scene')
        .filter((scene) => scene.universe === true)
        .map((scene) => scene.id),
    );
    for (const rule of rules) {
      const entity = { kind: 'rule' as const, id: rule.id };
      const trigger = isCondition(rule.trigger) ? rule.trigger : undefined;
      const sceneId = str(rule.sceneId);
      const pre = blocksOf(rule.triggerPreconditions);
      if (trigger && alwaysFalse(pre, trigger)) {
        this.report('rule-contradictory', entity, say('ruleContradictory', { rule: named(design, 'rule', rule.id) }));
      }
      if (!design.get('scene', sceneId)) continue;
      if (!reach.scenes.has(sceneId)) {
        this.report(
          'rule-in-unreachable-scene',
          entity,
          say('ruleInUnreachableScene', {
            rule: named(design, 'rule', rule.id),
            scene: labelOf(design, 'scene', sceneId),
          }),
          [{ kind: 'scene', id: sceneId }],
        );
        continue;
      }
      if (!trigger) continue;
      // A trigger on a place of another scene: that place is live only while the other scene is current.
      if (trigger.conditionType === 'player-location' && trigger.elementId) {
        const location = design.get('location', trigger.elementId);
        const locationScene = str(location?.sceneId);
        if (location && locationScene !== sceneId && !universe.has(sceneId) && !universe.has(locationScene)) {
          this.report(
            'rule-trigger-other-scene',
            entity,
            say('ruleTriggerOtherScene', {
              rule: named(design, 'rule', rule.id),
              scene: labelOf(design, 'scene', sceneId),
              placeScene: labelOf(design, 'scene', locationScene),
            }),
            [{ kind: 'location', id: trigger.elementId }],
          );
          continue;
        }
      }
      if (!reach.rules.has(rule.id)) {
        const kind = isConditionType(trigger.conditionType) ? CONDITION_TYPES[trigger.conditionType].element : null;
        const related = kind && trigger.elementId ? [{ kind, id: trigger.elementId }] : undefined;
        this.report(
          'rule-trigger-impossible',
          entity,
          say('ruleTriggerImpossible', {
            rule: named(design, 'rule', rule.id),
            ...(related ? { awaited: named(design, related[0]!.kind, related[0]!.id) } : {}),
          }),
          related,
        );
      }
    }
    // Twins: the same trigger and preconditions in the same scene.
    const byKey = new Map<string, Entity>();
    for (const rule of [...rules].sort((a, b) => (num(a.idx) ?? 0) - (num(b.idx) ?? 0))) {
      const key = JSON.stringify([rule.sceneId, rule.trigger, rule.triggerPreconditions]);
      const twin = byKey.get(key);
      if (!twin) {
        byKey.set(key, rule);
        continue;
      }
      if (twin.fireOnce !== false || rule.fireOnce !== false) {
        this.report(
          'rule-shadowed',
          { kind: 'rule', id: rule.id },
          say('ruleShadowed', {
            rule: named(design, 'rule', rule.id),
            twin: named(design, 'rule', twin.id),
            fireOnce: twin.fireOnce !== false,
          }),
          [{ kind: 'rule', id: twin.id }],
        );
      }
    }
  }

  questions(): void {
    const { design } = this;
    const passUsers = new Map<string, Owner[]>();
    const completeUsers = new Map<string, Owner[]>();
    const push = (map: Map<string, Owner[]>, id: string, owner: Owner) => map.set(id, [...(map.get(id) ?? []), owner]);
    for (const { owner, condition } of this.conditionsWithOwners()) {
      if (!condition.elementId) continue;
      const type = condition.conditionType;
      if ((type === 'player-question' || type === 'player-quiz') && positiveVerb(condition.verb) === 'has_passed') {
        push(passUsers, `${condition.elementId}\u0000${condition.subElementId ?? ''}`, owner);
      }
      if (type === 'player-quiz' && condition.verb === 'has_completed') push(completeUsers, condition.elementId, owner);
    }
    for (const [key, owners] of passUsers) {
      const [id = '', subId] = key.split('\u0000');
      const interaction = design.get('interaction', id);
      if (!interaction) continue;
      const questions = listOf(interaction.questions).filter((question) => !subId || question.id === subId);
      if (questions.length === 0 || questions.some(questionHasCorrectAnswer)) continue;
      this.report(
        'question-no-correct-answer',
        { kind: 'interaction', id },
        say('questionNoCorrectAnswer', {
          interaction: named(design, 'interaction', id),
          owners: owners.slice(0, 3).map((o) => named(design, o.kind, o.id)),
        }),
        owners,
      );
    }
    for (const interaction of design.list('interaction')) {
      if (interaction.type !== 'INTER_QUIZ') continue;
      const questions = listOf(interaction.questions);
      const empty = questions.filter((question) => question.qType === 'MC' && listOf(question.options).length === 0);
      if (questions.length > 0 && empty.length === 0) continue;
      this.report(
        'quiz-cannot-complete',
        { kind: 'interaction', id: interaction.id },
        say(questions.length === 0 ? 'quizWithoutQuestions' : 'quizQuestionWithoutOptions', {
          interaction: named(design, 'interaction', interaction.id),
        }),
        completeUsers.get(interaction.id),
      );
    }
  }

  missions(): void {
    const { design } = this;
    for (const mission of design.list('mission')) {
      const entity = { kind: 'mission' as const, id: mission.id };
      const accomplishment = isObject(mission.accomplishment) ? mission.accomplishment : {};
      const check = (acc: Loose): 'never' | 'unreachable' | 'ok' => {
        switch (acc.accomplishmentType) {
          case 'condition': {
            const blocks = blocksOf(acc.condition);
            if (alwaysFalse(blocks)) return 'never';
            return this.satisfiable(blocks) ? 'ok' : 'unreachable';
          }
          case 'action':
            return isObject(acc.action) ? 'ok' : 'never';
          case 'submissions': {
            const subs = listOf(acc.submissions);
            if (subs.length === 0) return 'never';
            const results = subs.map((sub) => check(isObject(sub.accomplishment) ? sub.accomplishment : {}));
            if (results.includes('never')) return 'never';
            return results.includes('unreachable') ? 'unreachable' : 'ok';
          }
          default:
            return 'never';
        }
      };
      const result = check(accomplishment);
      if (result === 'never') {
        this.report(
          'mission-cannot-accomplish',
          entity,
          say('missionCannotAccomplish', { mission: named(design, 'mission', mission.id) }),
        );
      } else if (result === 'unreachable' && this.reach.missions.has(mission.id)) {
        this.report(
          'mission-accomplishment-unreachable',
          entity,
          say('missionAccomplishmentUnreachable', { mission: named(design, 'mission', mission.id) }),
        );
      }
    }
  }

  geography(): void {
    const { design } = this;
    if (!design.map) return;
    const scenes = design.list('scene');
    const radiusOf = (entity: Loose, fallback: number) =>
      num(entity.radius) ?? num(isObject(entity.place) ? entity.place.radius : null) ?? fallback;
    const circles = scenes
      .filter((scene) => scene.universe !== true)
      .map((scene) => ({ scene, center: centre(scene), radius: radiusOf(scene, 100) }));
    const universe = new Set(scenes.filter((scene) => scene.universe === true).map((scene) => scene.id));

    // A scene the script leads to that walking in also enters: a player who walks in early skips the story before it.
    const start = this.startScene();
    for (const { scene } of circles) {
      if (scene === start || scene.enabled === false || !this.walksIn(scene)) continue;
      if (!this.reach.goToTargets.has(scene.id)) continue;
      this.report(
        'scene-walk-in-skips-script',
        { kind: 'scene', id: scene.id },
        say('sceneWalkInSkipsScript', { scene: named(design, 'scene', scene.id) }),
      );
    }
    for (const { scene, radius } of circles) {
      if (radius < GPS_ACCURACY_METRES) {
        this.report(
          'geofence-too-small',
          { kind: 'scene', id: scene.id },
          say('sceneTooSmall', { scene: named(design, 'scene', scene.id), radius, accuracy: GPS_ACCURACY_METRES }),
        );
      }
    }
    const locations = design.list('location').map((location) => ({
      location,
      center: centre(location),
      radius: radiusOf(location, 50),
    }));
    for (const { location, center, radius } of locations) {
      if (location.trackable !== false && radius < GPS_ACCURACY_METRES) {
        this.report(
          'geofence-too-small',
          { kind: 'location', id: location.id },
          say('placeTooSmall', {
            location: named(design, 'location', location.id),
            radius,
            accuracy: GPS_ACCURACY_METRES,
          }),
        );
      }
      const sceneId = str(location.sceneId);
      const circle = circles.find((c) => c.scene.id === sceneId);
      if (center && circle?.center && distanceMetres(center, circle.center) > circle.radius) {
        this.report(
          'location-outside-scene',
          { kind: 'location', id: location.id },
          say('locationOutsideScene', {
            location: named(design, 'location', location.id),
            scene: labelOf(design, 'scene', sceneId),
          }),
          [{ kind: 'scene', id: sceneId }],
        );
      }
    }
    // Overlapping geofences whose entering triggers rules: both fire together.
    const entered = new Set<string>();
    for (const rule of design.list('rule')) {
      const trigger = isObject(rule.trigger) ? rule.trigger : {};
      if (trigger.conditionType === 'player-location' && trigger.verb === 'has_entered')
        entered.add(str(trigger.elementId));
    }
    const triggering = locations.filter(
      ({ location, center }) => center && location.trackable !== false && entered.has(location.id),
    );
    for (let i = 0; i < triggering.length; i++) {
      const a = triggering[i]!;
      const sceneA = str(a.location.sceneId);
      for (let j = i + 1; j < triggering.length; j++) {
        const b = triggering[j]!;
        const sceneB = str(b.location.sceneId);
        if (sceneA !== sceneB && !universe.has(sceneA) && !universe.has(sceneB)) continue;
        if (distanceMetres(a.center!, b.center!) >= a.radius + b.radius) continue;
        this.report(
          'geofences-overlap',
          { kind: 'location', id: b.location.id },
          say('geofencesOverlap', {
            location: named(design, 'location', b.location.id),
            other: named(design, 'location', a.location.id),
          }),
          [{ kind: 'location', id: a.location.id }],
        );
      }
    }
    const placed = circles.filter((c) => c.center);
    for (const entry of design.worldEntries()) {
      const point = isObject(entry.location) ? entry.location : null;
      if (!point || num(point.latitude) === null || num(point.longitude) === null || placed.length === 0) continue;
      if (placed.some((c) => distanceMetres(point, c.center!) <= c.radius)) continue;
      const offer = entry.type === 'offer';
      this.report(
        'object-outside-scenes',
        { kind: offer ? 'worldOffer' : 'worldObject', id: entry.id },
        say('objectOutsideScenes', { offer, name: entry.name || entry.id }),
      );
    }
  }

  /**
   * Texts not yet in one of the game's other languages (issue 31): one finding
   * per element and language, an error when the game requires the language
   * complete before publishing.
   */
  translations(): void {
    const { input } = this.design;
    const languages = gameLanguagesOf(input.game);
    if (languages.others.length === 0) return;
    const texts = translatableTexts({ game: input.game, entities: input.entities });
    for (const language of languages.others) {
      const required = languages.required.includes(language);
      const byOwner = new Map<string, { kind: TextOwnerKind; id: string; count: number }>();
      for (const text of untranslatedTexts(texts, input.translations ?? {}, language)) {
        const key = `${text.kind}:${text.entityId ?? ''}`;
        const entry = byOwner.get(key) ?? { kind: text.kind, id: text.entityId ?? input.game.id ?? '', count: 0 };
        entry.count += 1;
        byOwner.set(key, entry);
      }
      for (const { kind, id, count } of byOwner.values()) {
        const code = required ? 'untranslated-required' : 'untranslated-text';
        if (kind === 'game') {
          this.report(code, { kind: 'game', id }, say('gameUntranslated', { language, count, required }));
        } else {
          this.report(
            code,
            { kind, id },
            say('untranslated', { entity: named(this.design, kind, id), language, count, required }),
          );
        }
      }
    }
  }

  texts(): void {
    const { design } = this;
    const missing = (kind: DesignKind, id: string, part: MissingTextPart, index?: number) =>
      this.report(
        'missing-text',
        { kind, id },
        say('missingText', { entity: named(design, kind, id), part, ...(index === undefined ? {} : { index }) }),
      );
    for (const kind of [
      'scene',
      'item',
      'attribute',
      'mission',
      'location',
      'interaction',
      'archetype',
      'offer',
    ] as const) {
      for (const entity of design.list(kind)) if (!plain(entity.title)) missing(kind, entity.id, 'title');
    }
    for (const mission of design.list('mission'))
      if (!plain(mission.description)) missing('mission', mission.id, 'description');
    for (const interaction of design.list('interaction')) {
      const id = interaction.id;
      if (interaction.type === 'INTER_INSPECT_INFO' && !plain(interaction.description) && !interaction.mediaId) {
        missing('interaction', id, 'message');
      }
      for (const [index, question] of listOf(interaction.questions).entries()) {
        if (!plain(question.title) || !plain(question.description)) missing('interaction', id, 'question', index + 1);
        if (listOf(question.options).some((option) => !plain(option.description))) {
          missing('interaction', id, 'questionOption', index + 1);
        }
      }
      const statements = isObject(interaction.conversation) ? listOf(interaction.conversation.statements) : [];
      statements.forEach((statement, index) => {
        if (!plain(statement.body)) missing('interaction', id, 'statement', index + 1);
        if (listOf(statement.options).some((option) => !plain(option.actionLabel))) {
          missing('interaction', id, 'answerLabel', index + 1);
        }
      });
    }
    const game = design.input.game;
    if (game.title !== undefined && !plain(game.title)) {
      this.report('missing-text', { kind: 'game', id: str(game.id) }, say('gameWithoutTitle'));
    }
    // The example text a new game starts with, never replaced: players would read it in the lobby.
    if (game.description !== undefined && game.description.trim() === DEFAULT_GAME_DESCRIPTION) {
      this.report('default-text', { kind: 'game', id: str(game.id) }, say('gameDefaultDescription'));
    }
  }

  media(): void {
    const { design } = this;
    if (!design.input.mediaIds) return;
    const known = new Set(design.input.mediaIds);
    const check = (entity: ProblemEntity, name: ProblemName | null, id: unknown) => {
      if (typeof id !== 'string' || !id || known.has(id)) return;
      this.report(
        'missing-media',
        entity,
        name ? say('missingMedia', { entity: name, id }) : say('gameMissingMedia', { id }),
      );
    };
    const fields: Partial<Record<DesignKind, string[]>> = {
      scene: ['logoId'],
      item: ['logoId'],
      attribute: ['logoId'],
      archetype: ['logoId'],
      offer: ['logoId', 'offerCover', 'offerorLogo'],
      location: ['logoId'],
      character: ['mediaId'],
      interaction: ['mediaId', 'mediaIdSecondary'],
    };
    for (const [kind, names] of Object.entries(fields) as Array<[DesignKind, string[]]>) {
      for (const entity of design.list(kind)) {
        const label = named(design, kind, entity.id);
        for (const name of names) check({ kind, id: entity.id }, label, entity[name]);
        if (kind === 'interaction') {
          for (const question of listOf(entity.questions)) check({ kind, id: entity.id }, label, question.mediaId);
        }
      }
    }
    for (const { owner, action } of this.actionsWithOwners()) {
      if (action.actionName === 'setBackground') {
        check(owner, named(design, owner.kind, owner.id), action.actionArgs?.what);
      }
    }
    check({ kind: 'game', id: str(design.input.game.id) }, null, design.input.game.logoId);
  }
}

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

/**
 * Checks a game's design: every finding, errors first. Pure and synchronous;
 * the Problems panel runs it on the workspace as the designer edits, and the
 * server runs it before publishing (errors refuse the publish).
 */
export function checkGame(input: ProblemsInput): Problem[] {
  const checker = new Checker(new Design(input));
  checker.explore();
  checker.reachability();
  checker.references();
  checker.needs();
  checker.rules();
  checker.questions();
  checker.missions();
  checker.geography();
  checker.texts();
  checker.media();
  checker.translations();
  return checker.problems
    .map((problem, index) => ({ problem, index }))
    .sort((a, b) => SEVERITY_ORDER[a.problem.severity] - SEVERITY_ORDER[b.problem.severity] || a.index - b.index)
    .map(({ problem }) => problem);
}

/** How many findings of each severity. */
export function countProblems(problems: readonly Problem[]): Record<'error' | 'warning' | 'info', number> {
  const counts = { error: 0, warning: 0, info: 0 };
  for (const problem of problems) counts[problem.severity]++;
  return counts;
}
