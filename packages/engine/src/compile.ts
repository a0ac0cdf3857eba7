import {
  DEFAULT_LOCATION_RADIUS,
  DEFAULT_OBJECT_RADIUS,
  DEFAULT_SCENE_RADIUS,
  hasLocationServices,
  triggerVerbsOf,
  type Action,
  type Archetype,
  type Attribute,
  type Character,
  type DesignEntity,
  type GameSpec,
  type Interaction,
  type Item,
  type Limit,
  type Location,
  type LocationContact,
  type LocationVisibility,
  type Milestone,
  type Mission,
  type MissionAction,
  type Offer,
  type Rule,
  type Scene,
  type SubMission,
  type Accomplishment,
  type PayloadSpec,
  type Question,
} from '@loci/domain';
import { compileBlocks, compileCondition, type CompiledBlocks, type CompiledCondition } from './conditions.js';
import { elementKey } from './context.js';
import { geofence, type Geofence } from './geo.js';

/**
 * A game spec indexed once for the engine: entities by id with their
 * defaults applied, conditions compiled into tests, rules sorted per scene.
 * Entities are read leniently (a stored spec may predate a field), so a
 * missing flag takes the default the editor would have given it.
 */
export interface CompiledSpec {
  spec: GameSpec;
  gameId: string;
  /** Map games have location services (geofences, ranges); image games do not. */
  locationServices: boolean;
  market: boolean;
  /**
   * What a player whose game is over may still do with offers (the game's
   * end policies; only with the market on): pick offers, redeem held ones,
   * buy items and attributes (redeemAssets).
   */
  afterEnd: { pickOffers: boolean; redeemOffers: boolean; redeemAssets: boolean };
  /** End of the playing period (epoch ms), or null for none. */
  playingPeriodEnd: number | null;
  currencyItemId: string | null;
  currencyName: string;
  scenes: Map<string, CompiledScene>;
  /** Scenes in the spec's order. */
  sceneList: CompiledScene[];
  universeSceneId: string | null;
  rules: Map<string, CompiledRule>;
  rulesByScene: Map<string, CompiledRule[]>;
  interactions: Map<string, CompiledInteraction>;
  /** Statement id → conversation (interaction) id. */
  statementConversation: Map<string, string>;
  missions: Map<string, CompiledMission>;
  subMissions: Map<string, CompiledSubMission>;
  /** Missions and sub-missions accomplished by a condition. */
  conditionMissionMask: number;
  milestones: CompiledMilestone[];
  milestoneMask: number;
  locations: Map<string, CompiledLocation>;
  locationsByScene: Map<string, CompiledLocation[]>;
  archetypes: Map<string, ThingDefinition>;
  offers: Map<string, ThingDefinition>;
  items: Map<string, CompiledItem>;
  attributes: Map<string, CompiledAttribute>;
  characters: Map<string, { id: string; name: string; isPlayer: boolean }>;
  /** Some archetype or offer has automatic contact or act. */
  automatic: boolean;
  /** Design problems found while compiling (unknown condition types, verbs…); they never throw. */
  problems: string[];
  /** Live rules per current scene id (current scene's first, then the universe's), filled on demand. */
  liveRules: Map<string, CompiledRule[]>;
  /** Live locations per current scene id, filled on demand. */
  liveLocations: Map<string, CompiledLocation[]>;
}

export interface CompiledScene {
  id: string;
  name: string;
  title: string;
  enabled: boolean;
  universe: boolean;
  /** The scene's circle on map games; null without a centre. */
  fence: Geofence | null;
  index: number;
}

export interface CompiledRule {
  id: string;
  name: string;
  sceneId: string;
  idx: number;
  trigger: CompiledCondition;
  /** A code trigger holds only during the event that typed the code. */
  momentary: boolean;
  /** '{bit}:{elementId}' of the one element the trigger reads, when it reads one (see markElementDirty). */
  triggerKey: string | null;
  fireOnce: boolean;
  preconditions: CompiledBlocks;
  sideeffects: Action[];
  sideeffectselse: Action[];
}

export interface CompiledQuestion {
  id: string;
  index: number;
  title: string;
  qType: 'openEnded' | 'MC';
  dType: string | null;
  allowMultipleAnswers: boolean;
  hasCorrectAnswer: boolean;
  attempts: number;
  hint: string;
  reTryIfFailed: boolean;
  correctAnswer: string;
  correctAnswerBinary: 'yes' | 'no' | null;
  options: Array<{ id: string; partOfCorrect: boolean }>;
}

export interface CompiledOption {
  id: string;
  actionLabel: string;
  condition: CompiledBlocks;
  actions: Action[];
}

export interface CompiledStatement {
  id: string;
  spokenBy: string | null;
  options: CompiledOption[];
}

export interface CompiledInteraction {
  id: string;
  name: string;
  type: string;
  title: string;
  questions: CompiledQuestion[];
  /** Questions by id and by index (as text), for quiz answers and sub-element conditions. */
  questionByKey: Map<string, CompiledQuestion>;
  resumable: boolean;
  statements: CompiledStatement[];
  statementById: Map<string, CompiledStatement>;
}

export interface CompiledAccomplishment {
  type: 'action' | 'condition' | 'submissions';
  action: MissionAction | null;
  condition: CompiledBlocks;
  ordered: boolean;
  notifyPlayer: boolean;
}

export interface CompiledSubMission {
  id: string;
  title: string;
  missionId: string;
  index: number;
  accomplishment: CompiledAccomplishment;
}

export interface CompiledMission {
  id: string;
  name: string;
  title: string;
  accomplishment: CompiledAccomplishment;
  subMissions: CompiledSubMission[];
}

export interface CompiledMilestone {
  id: string;
  name: string;
  condition: CompiledBlocks;
}

export interface CompiledLocation {
  id: string;
  name: string;
  sceneId: string;
  fence: Geofence;
  trackable: boolean;
  visible: LocationVisibility;
  contactable: LocationContact;
  condition: CompiledBlocks;
}

/** An archetype or an offer: what the engine needs to perceive, contact, act on, pick, drop, destroy or create one. */
export interface ThingDefinition {
  kind: 'archetype' | 'offer';
  id: string;
  name: string;
  title: string;
  moderated: boolean;
  payloadSpec: PayloadSpec;
  playerGenerated: boolean;
  limitCreation: Limit;
  limitPicks: Limit;
  limitDestroys: Limit;
  conditionCreation: CompiledBlocks;
  conditionPerception: CompiledBlocks;
  conditionContact: CompiledBlocks;
  conditionAct: CompiledBlocks;
  sideeffectsContact: Action[];
  sideeffectsAct: Action[];
  sideeffectsElseContact: Action[];
  sideeffectsElseAct: Action[];
  trackable: boolean;
  visible: boolean;
  radius: number;
  pickable: boolean;
  destroyable: boolean;
  redropable: boolean;
  inRangeOnlyContact: boolean;
  inRangeOnlyAct: boolean;
  automaticContact: boolean;
  automaticAct: boolean;
  redeemable: boolean;
  price: number | null;
  /** Offers: how many a newly placed offer holds (null = unlimited). */
  quantity: number | null;
}

export interface CompiledItem {
  id: string;
  name: string;
  title: string;
  hidden: boolean;
  notifyOnChange: boolean;
  limited: boolean;
  maxItems: number | null;
  isCurrency: boolean;
  /** The market fields (spec 2 §3): bought with the currency when redeemable and priced. */
  market: AssetMarket;
}

export interface CompiledAttribute {
  id: string;
  name: string;
  title: string;
  hidden: boolean;
  notifyOnChange: boolean;
  market: AssetMarket;
}

/** What the market may do with an item or attribute: buy it (redeemable, at its price), trade it. */
export interface AssetMarket {
  redeemable: boolean;
  tradable: boolean;
  /** In the currency; null when it has none. */
  price: number | null;
}

/** An item's or attribute's market fields (hidden ones are never on the market). */
function assetMarket(asset: { hidden?: unknown; redeemable?: unknown; tradable?: unknown; price?: unknown }) {
  const hidden = bool(asset.hidden, false);
  return {
    redeemable: !hidden && bool(asset.redeemable, false),
    tradable: !hidden && bool(asset.tradable, false),
    price: num(asset.price),
  };
}

const cache = new WeakMap<GameSpec, CompiledSpec>();

/** The compiled form of `spec`, computed once per spec object (cached in a WeakMap). */
export function compileSpec(spec: GameSpec): CompiledSpec {
  let compiled = cache.get(spec);
  if (!compiled) {
    compiled = buildCompiledSpec(spec);
    cache.set(spec, compiled);
  }
  return compiled;
}

// ─── Lenient readers ────────────────────────────────────────────────────────

const bool = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);
const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const num = (value: unknown): number | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
};
const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const actions = (value: unknown): Action[] =>
  list<Action>(value).filter((action) => action !== null && typeof action === 'object');

function entities<T>(spec: GameSpec, kind: keyof GameSpec['entities']): Array<Partial<T> & DesignEntity> {
  return list<Partial<T> & DesignEntity>(spec.entities?.[kind]).filter(
    (entity) => entity !== null && typeof entity === 'object' && typeof entity.id === 'string',
  );
}

function endOf(end: unknown): number | null {
  const time = typeof end === 'string' && end !== '' ? Date.parse(end) : NaN;
  return Number.isNaN(time) ? null : time;
}

function limitOf(value: unknown): Limit {
  const limit = (value ?? {}) as Partial<Limit>;
  const unit = limit.timeUnit;
  return {
    enabled: bool(limit.enabled, false),
    maxItems: num(limit.maxItems),
    timeUnit: unit === 'minute' || unit === 'hour' || unit === 'day' ? unit : 'total',
  };
}

/**
 * The market's currency: the item the game's settings chose (`currencyItemId`),
 * else, for specs saved before that setting, the first item marked `isCurrency`.
 */
function currencyItemOf(game: Partial<GameSpec['game']>, items: Map<string, CompiledItem>): string | null {
  const chosen = str(game.currencyItemId);
  if (chosen && items.has(chosen)) return chosen;
  for (const item of items.values()) if (item.isCurrency) return item.id;
  return null;
}

function buildCompiledSpec(spec: GameSpec): CompiledSpec {
  const game = (spec.game ?? {}) as Partial<GameSpec['game']>;
  const c: CompiledSpec = {
    spec,
    gameId: str(game.id),
    locationServices: game.pg ? hasLocationServices({ pg: { type: game.pg.type } }) : true,
    market: bool(game.market, false),
    afterEnd: {
      pickOffers: bool(game.market, false) && bool(game.endPolicies?.pickOffers, false),
      // Picking after the end implies redeeming after it (the settings form forces it on).
      redeemOffers:
        bool(game.market, false) &&
        (bool(game.endPolicies?.redeemOffers, false) || bool(game.endPolicies?.pickOffers, false)),
      redeemAssets: bool(game.market, false) && bool(game.endPolicies?.redeemAssets, false),
    },
    playingPeriodEnd: endOf(game.playingPeriod?.end),
    currencyItemId: null,
    currencyName: str(game.currencyName),
    scenes: new Map(),
    sceneList: [],
    universeSceneId: null,
    rules: new Map(),
    rulesByScene: new Map(),
    interactions: new Map(),
    statementConversation: new Map(),
    missions: new Map(),
    subMissions: new Map(),
    conditionMissionMask: 0,
    milestones: [],
    milestoneMask: 0,
    locations: new Map(),
    locationsByScene: new Map(),
    archetypes: new Map(),
    offers: new Map(),
    items: new Map(),
    attributes: new Map(),
    characters: new Map(),
    automatic: false,
    problems: [],
    liveRules: new Map(),
    liveLocations: new Map(),
  };

  for (const item of entities<Item>(spec, 'item')) {
    const compiled: CompiledItem = {
      id: item.id,
      name: item.name,
      title: str(item.title, item.name),
      hidden: bool(item.hidden, false),
      notifyOnChange: bool(item.notifyOnChange, false),
      limited: bool(item.limited, false),
      maxItems: num(item.maxItems),
      isCurrency: bool(item.isCurrency, false),
      market: assetMarket(item),
    };
    c.items.set(item.id, compiled);
  }
  c.currencyItemId = currencyItemOf(game, c.items);
  for (const attribute of entities<Attribute>(spec, 'attribute')) {
    c.attributes.set(attribute.id, {
      id: attribute.id,
      name: attribute.name,
      title: str(attribute.title, attribute.name),
      hidden: bool(attribute.hidden, false),
      notifyOnChange: bool(attribute.notifyOnChange, false),
      market: assetMarket(attribute),
    });
  }
  for (const character of entities<Character>(spec, 'character')) {
    c.characters.set(character.id, {
      id: character.id,
      name: character.name,
      isPlayer: bool(character.isPlayer, false),
    });
  }

  entities<Scene>(spec, 'scene').forEach((scene, index) => {
    const latitude = num(scene.place?.center?.latitude) ?? num(scene.lat);
    const longitude = num(scene.place?.center?.longitude) ?? num(scene.lng);
    const radius = num(scene.place?.radius) ?? num(scene.radius) ?? DEFAULT_SCENE_RADIUS;
    const compiled: CompiledScene = {
      id: scene.id,
      name: scene.name,
      title: str(scene.title, scene.name),
      enabled: bool(scene.enabled, true),
      universe: bool(scene.universe, false),
      fence: latitude !== null && longitude !== null ? geofence({ latitude, longitude }, radius) : null,
      index,
    };
    c.scenes.set(scene.id, compiled);
    c.sceneList.push(compiled);
    if (compiled.universe && c.universeSceneId === null) c.universeSceneId = scene.id;
  });

  for (const interaction of entities<Interaction>(spec, 'interaction')) compileInteraction(c, interaction);
  for (const milestone of entities<Milestone>(spec, 'milestone')) {
    const condition = compileBlocks(milestone.condition, c);
    c.milestones.push({ id: milestone.id, name: milestone.name, condition });
    c.milestoneMask |= condition.mask;
  }
  for (const mission of entities<Mission>(spec, 'mission')) compileMission(c, mission);
  for (const location of entities<Location>(spec, 'location')) compileLocation(c, location);
  for (const archetype of entities<Archetype>(spec, 'archetype')) {
    c.archetypes.set(archetype.id, compileThing(c, 'archetype', archetype));
  }
  for (const offer of entities<Offer>(spec, 'offer')) c.offers.set(offer.id, compileThing(c, 'offer', offer));

  const rules = entities<Rule>(spec, 'rule').map((rule, order) => ({ rule, order }));
  rules.sort((a, b) => (num(a.rule.idx) ?? 0) - (num(b.rule.idx) ?? 0) || a.order - b.order);
  for (const { rule } of rules) {
    const trigger = compileCondition(rule.trigger as never, c, true);
    if (trigger.problem) c.problems.push(`Rule ${rule.name}: ${trigger.problem}`);
    else if (!triggerVerbsOf(String(rule.trigger?.conditionType)).includes(String(rule.trigger?.verb))) {
      // Evaluated all the same; the editor would not have offered it.
      c.problems.push(`Rule ${rule.name}: '${String(rule.trigger?.verb)}' is not a trigger verb`);
    }
    const compiled: CompiledRule = {
      id: rule.id,
      name: rule.name,
      sceneId: str(rule.sceneId),
      idx: num(rule.idx) ?? 0,
      trigger,
      momentary: rule.trigger?.conditionType === 'player-code',
      triggerKey: triggerKeyOf(c, rule.trigger, trigger.mask),
      fireOnce: bool(rule.fireOnce, true),
      preconditions: compileBlocks(rule.triggerPreconditions, c),
      sideeffects: actions(rule.sideeffects),
      sideeffectselse: actions(rule.sideeffectselse),
    };
    c.rules.set(rule.id, compiled);
    const ofScene = c.rulesByScene.get(compiled.sceneId) ?? [];
    ofScene.push(compiled);
    c.rulesByScene.set(compiled.sceneId, ofScene);
  }
  return c;
}

/** The element a trigger reads, as a dirty-element key: its element, or the currency item for currency conditions. */
function triggerKeyOf(c: CompiledSpec, trigger: Partial<Rule['trigger']> | undefined, mask: number): string | null {
  const element = trigger?.conditionType === 'player-some-currency' ? c.currencyItemId : trigger?.elementId;
  return typeof element === 'string' && element !== '' ? elementKey(mask, element) : null;
}

function compileQuestion(question: Partial<Question>, index: number): CompiledQuestion {
  const binary = question.correctAnswerBinary;
  return {
    id: str(question.id, String(index)),
    index,
    title: str(question.title),
    qType: question.qType === 'MC' ? 'MC' : 'openEnded',
    dType: question.dType ?? null,
    allowMultipleAnswers: bool(question.allowMultipleAnswers, false),
    hasCorrectAnswer: bool(question.hasCorrectAnswer, false),
    attempts: Math.max(1, Math.floor(num(question.attempts) ?? 1)),
    hint: str(question.hint),
    reTryIfFailed: bool(question.reTryIfFailed, false),
    correctAnswer:
      question.correctAnswer === undefined || question.correctAnswer === null ? '' : String(question.correctAnswer),
    correctAnswerBinary: binary === 'yes' || binary === 'no' ? binary : null,
    options: list<{ id?: string; partOfCorrect?: boolean }>(question.options).map((option, optionIndex) => ({
      id: str(option?.id, String(optionIndex)),
      partOfCorrect: bool(option?.partOfCorrect, false),
    })),
  };
}

function compileInteraction(c: CompiledSpec, interaction: Partial<Interaction> & DesignEntity): void {
  const questions = list<Partial<Question>>(interaction.questions).map(compileQuestion);
  const questionByKey = new Map<string, CompiledQuestion>();
  for (const question of questions) {
    questionByKey.set(String(question.index), question);
    questionByKey.set(question.id, question);
  }
  const conversation = interaction.conversation ?? { resumable: false, statements: [] };
  const statements: CompiledStatement[] = list<Record<string, unknown>>(conversation.statements).map(
    (statement, index) => ({
      id: str(statement.id, String(index)),
      spokenBy: typeof statement.spokenBy === 'string' && statement.spokenBy ? statement.spokenBy : null,
      options: list<Record<string, unknown>>(statement.options).map((option, optionIndex) => ({
        id: str(option.id, String(optionIndex)),
        actionLabel: str(option.actionLabel),
        condition: compileBlocks(option.condition as never, c),
        actions: actions(option.actions),
      })),
    }),
  );
  const statementById = new Map(statements.map((statement) => [statement.id, statement]));
  for (const statement of statements) c.statementConversation.set(statement.id, interaction.id);
  c.interactions.set(interaction.id, {
    id: interaction.id,
    name: interaction.name,
    type: str(interaction.type),
    title: str(interaction.title, interaction.name),
    questions,
    questionByKey,
    resumable: bool(conversation.resumable, false),
    statements,
    statementById,
  });
}

function compileAccomplishment(
  c: CompiledSpec,
  accomplishment: Partial<Accomplishment> | undefined,
): CompiledAccomplishment {
  const type = accomplishment?.accomplishmentType;
  const compiled: CompiledAccomplishment = {
    type: type === 'action' || type === 'submissions' ? type : 'condition',
    action: (accomplishment?.action as MissionAction | null | undefined) ?? null,
    condition: compileBlocks(accomplishment?.condition, c),
    ordered: bool(accomplishment?.ordered, false),
    notifyPlayer: bool(accomplishment?.notifyPlayer, false),
  };
  if (compiled.type === 'condition') c.conditionMissionMask |= compiled.condition.mask;
  return compiled;
}

function compileMission(c: CompiledSpec, mission: Partial<Mission> & DesignEntity): void {
  const accomplishment = compileAccomplishment(c, mission.accomplishment);
  const subMissions =
    accomplishment.type === 'submissions'
      ? list<Partial<SubMission>>(mission.accomplishment?.submissions).map((sub, index): CompiledSubMission => ({
          id: str(sub.id, `${mission.id}#${index}`),
          title: str(sub.title),
          missionId: mission.id,
          index,
          accomplishment: compileAccomplishment(c, sub.accomplishment),
        }))
      : [];
  for (const sub of subMissions) c.subMissions.set(sub.id, sub);
  c.missions.set(mission.id, {
    id: mission.id,
    name: mission.name,
    title: str(mission.title, mission.name),
    accomplishment,
    subMissions,
  });
}

function compileLocation(c: CompiledSpec, location: Partial<Location> & DesignEntity): void {
  const visible = location.visible;
  const contactable = location.contactable;
  const compiled: CompiledLocation = {
    id: location.id,
    name: location.name,
    sceneId: str(location.sceneId),
    fence: geofence(
      { latitude: num(location.lat) ?? 0, longitude: num(location.lng) ?? 0 },
      num(location.radius) ?? DEFAULT_LOCATION_RADIUS,
    ),
    trackable: bool(location.trackable, true),
    visible: visible === 'in-range' || visible === 'never' ? visible : 'always',
    contactable: contactable === 'always' || contactable === 'never' ? contactable : 'in-range',
    condition: compileBlocks(location.if, c),
  };
  c.locations.set(compiled.id, compiled);
  const ofScene = c.locationsByScene.get(compiled.sceneId) ?? [];
  ofScene.push(compiled);
  c.locationsByScene.set(compiled.sceneId, ofScene);
}

function compileThing(
  c: CompiledSpec,
  kind: 'archetype' | 'offer',
  thing: Partial<Offer> & DesignEntity,
): ThingDefinition {
  const isOffer = kind === 'offer';
  const definition: ThingDefinition = {
    kind,
    id: thing.id,
    name: thing.name,
    title: str(thing.title, thing.name),
    moderated: bool(thing.moderated, false),
    payloadSpec: (thing.payloadSpec ?? {}) as PayloadSpec,
    playerGenerated: bool(thing.playerGenerated, false),
    limitCreation: limitOf(thing.limitCreation),
    limitPicks: limitOf(thing.limitPicks),
    limitDestroys: limitOf(thing.limitDestroys),
    conditionCreation: compileBlocks(thing.conditionCreation, c),
    conditionPerception: compileBlocks(thing.conditionPerception, c),
    conditionContact: compileBlocks(thing.conditionContact, c),
    conditionAct: compileBlocks(thing.conditionAct, c),
    sideeffectsContact: actions(thing.sideeffectsContact),
    sideeffectsAct: actions(thing.sideeffectsAct),
    sideeffectsElseContact: actions(thing.sideeffectsElseContact),
    sideeffectsElseAct: actions(thing.sideeffectsElseAct),
    trackable: bool(thing.trackable, true),
    visible: bool(thing.visible, true),
    radius: num(thing.radius) ?? DEFAULT_OBJECT_RADIUS,
    // Offers are pickable and redeemable unless told otherwise (spec 2 §3 defaults).
    pickable: bool(thing.pickable, isOffer),
    destroyable: bool(thing.destroyable, false),
    redropable: bool(thing.redropable, false),
    inRangeOnlyContact: bool(thing.inRangeOnlyContact, false),
    inRangeOnlyAct: bool(thing.inRangeOnlyAct, false),
    automaticContact: bool(thing.automaticContact, false),
    automaticAct: bool(thing.automaticAct, false),
    redeemable: bool(thing.redeemable, isOffer),
    price: num(thing.price),
    quantity: isOffer ? num(thing.quantity) : null,
  };
  if (definition.automaticContact || definition.automaticAct) c.automatic = true;
  return definition;
}

/** Is `sceneId` the universe scene (by flag, or by the deep-link name 'universe')? */
export function isUniverseScene(c: CompiledSpec, sceneId: string): boolean {
  return sceneId === 'universe' || (c.universeSceneId !== null && sceneId === c.universeSceneId);
}

/** Is `sceneId` live for a player whose current scene is `currentSceneId` (the current scene or the universe)? */
export function isLiveScene(c: CompiledSpec, sceneId: string, currentSceneId: string | null): boolean {
  return sceneId === currentSceneId || isUniverseScene(c, sceneId);
}

/** What lives in the universe scene (by flag, and under the deep-link name 'universe'). */
function universal<T>(c: CompiledSpec, byScene: Map<string, T[]>): T[] {
  const universe = c.universeSceneId;
  return [
    ...(universe ? (byScene.get(universe) ?? []) : []),
    ...(universe !== 'universe' ? (byScene.get('universe') ?? []) : []),
  ];
}

/** The live rules of a player in `currentSceneId`: that scene's rules by idx, then the universe scene's. */
export function liveRulesOf(c: CompiledSpec, currentSceneId: string | null): CompiledRule[] {
  const key = currentSceneId ?? '';
  let rules = c.liveRules.get(key);
  if (!rules) {
    const own = currentSceneId && !isUniverseScene(c, currentSceneId) ? (c.rulesByScene.get(currentSceneId) ?? []) : [];
    rules = [...own, ...universal(c, c.rulesByScene)];
    c.liveRules.set(key, rules);
  }
  return rules;
}

/** The locations live for a player in `currentSceneId`: that scene's and the universe's. */
export function liveLocationsOf(c: CompiledSpec, currentSceneId: string | null): CompiledLocation[] {
  const key = currentSceneId ?? '';
  let locations = c.liveLocations.get(key);
  if (!locations) {
    const own =
      currentSceneId && !isUniverseScene(c, currentSceneId) ? (c.locationsByScene.get(currentSceneId) ?? []) : [];
    locations = [...own, ...universal(c, c.locationsByScene)];
    c.liveLocations.set(key, locations);
  }
  return locations;
}

/** The archetype or offer an id names. */
export function thingDefinition(c: CompiledSpec, id: string): ThingDefinition | undefined {
  return c.archetypes.get(id) ?? c.offers.get(id);
}
