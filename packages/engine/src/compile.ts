import {
  DEFAULT_MAX_GPS_ACCURACY,
  NO_TIME_LIMIT,
  TIMED_INTERACTION_TYPES,
  type Condition,
  type TimeLimit,
  hasLocationServices,
  triggerVerbsOf,
  walksIntoScene,
  type Accomplishment,
  type Action,
  type Archetype,
  type GameSpec,
  type Interaction,
  type Limit,
  type Location,
  type LocationContact,
  type LocationVisibility,
  type Mission,
  type MissionAction,
  type Offer,
  type PayloadSpec,
  type Question,
  type Rule,
  type Translations,
  textInEveryLanguage,
} from '@loci/domain';
import { compileBlocks, compileCondition, type CompiledBlocks, type CompiledCondition } from './conditions.js';
import { elementKey } from './context.js';
import { geofence, type Geofence } from './geo.js';

/**
 * A game spec indexed once for the engine: entities by id, conditions
 * compiled into tests, rules sorted per scene. The spec is typed: stored specs
 * are parsed by the domain (`migrateGameSpec`, through each kind's published
 * schema, which gives a missing field the editor's default), so nothing here
 * reads leniently.
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
  afterEnd: { pickOffers: boolean; redeemOffers: boolean; redeemAssets: boolean; tradeAssets: boolean };
  /** End of the playing period (epoch ms), or null for none. */
  playingPeriodEnd: number | null;
  /** The clock (issue 28): the game's time limit (NO_TIME_LIMIT when none), its time zone (for times of day). */
  timeLimit: TimeLimit;
  timezone: string;
  /** The conditions of the clock's types anywhere in the spec (the instants the server must wake the player at). */
  timedConditions: Condition[];
  /** Some question, quiz or mission has a time limit (issue 28, task-time.ts). */
  taskTimeLimits: boolean;
  currencyItemId: string | null;
  currencyName: string;
  /** GPS fixes less accurate than this many metres do not move the player (the game's `pg.maxAccuracy`, 50 m by default). */
  maxAccuracy: number;
  /** The scene the game's settings start in, or null for the first of the designer's order. */
  startSceneId: string | null;
  scenes: Map<string, CompiledScene>;
  /** Scenes in the designer's order (their `idx`; scenes without one after, in the spec's order). */
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
  /** Walking into the circle makes the scene current (the scene's or the game's scene entry is 'walk'). */
  walkIn: boolean;
  index: number;
  /** The designer's position of the scene (from 1), or null when never ordered. */
  idx: number | null;
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
  /**
   * The typed answers accepted: the correct answer in the main language and in
   * each of the game's other languages (issue 31), whichever the player reads.
   */
  acceptedAnswers: string[];
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
  /** A question's or quiz's time limit (issue 28): ms to answer once asked, or null for none. */
  timeLimitMs: number | null;
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
  /** How its submissions are judged (issue 29): `auto` (absent on older specs), `wait` or `later`. */
  judging: 'auto' | 'wait' | 'later';
  /** The mission's time limit (issue 28): ms to accomplish it once assigned, or null for none. */
  timeLimitMs: number | null;
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
  /** Milliseconds the player must stay inside before a GPS entry counts; 0 for none. */
  dwellMs: number;
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
function assetMarket(asset: { hidden: boolean; redeemable: boolean; tradable: boolean; price: number | null }) {
  return {
    redeemable: !asset.hidden && asset.redeemable,
    tradable: !asset.hidden && asset.tradable,
    price: asset.price,
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

/** The designer's scene order: by `idx`, scenes never ordered after the ordered ones, then the spec's order. */
function bySceneOrder(a: CompiledScene, b: CompiledScene): number {
  if (a.idx !== b.idx) {
    if (a.idx === null) return 1;
    if (b.idx === null) return -1;
    return a.idx - b.idx;
  }
  return a.index - b.index;
}

/** The game's time limit, normalised: a mode the engine cannot apply (no minutes, no end) is no limit. */
function timeLimitOf(game: GameSpec['game']): TimeLimit {
  const limit = game.timeLimit;
  if (!limit || typeof limit !== 'object') return NO_TIME_LIMIT;
  const endsGame = limit.endsGame !== false;
  if (limit.mode === 'duration' && typeof limit.minutes === 'number' && limit.minutes > 0) {
    return { mode: 'duration', minutes: limit.minutes, endsAt: null, endsGame };
  }
  if (limit.mode === 'until' && endOf(limit.endsAt) !== null) {
    return { mode: 'until', minutes: NO_TIME_LIMIT.minutes, endsAt: limit.endsAt, endsGame };
  }
  return NO_TIME_LIMIT;
}

function endOf(end: string | null | undefined): number | null {
  const time = typeof end === 'string' && end !== '' ? Date.parse(end) : NaN;
  return Number.isNaN(time) ? null : time;
}

/**
 * The market's currency: the item the game's settings chose (`currencyItemId`),
 * else, for specs saved before that setting, the first item marked `isCurrency`.
 */
function currencyItemOf(game: GameSpec['game'], items: Map<string, CompiledItem>): string | null {
  const chosen = typeof game.currencyItemId === 'string' ? game.currencyItemId : '';
  if (chosen && items.has(chosen)) return chosen;
  for (const item of items.values()) if (item.isCurrency) return item.id;
  return null;
}

function buildCompiledSpec(spec: GameSpec): CompiledSpec {
  const { game, entities } = spec;
  const market = game.market;
  const c: CompiledSpec = {
    spec,
    gameId: game.id,
    locationServices: hasLocationServices(game),
    market,
    afterEnd: {
      pickOffers: market && game.endPolicies.pickOffers,
      // Picking after the end implies redeeming after it (the settings form forces it on).
      redeemOffers: market && (game.endPolicies.redeemOffers || game.endPolicies.pickOffers),
      redeemAssets: market && game.endPolicies.redeemAssets === true,
      tradeAssets: market && game.endPolicies.tradeAssets === true,
    },
    playingPeriodEnd: endOf(game.playingPeriod.end),
    timeLimit: timeLimitOf(game),
    timezone:
      typeof game.playingPeriod.timezone === 'string' && game.playingPeriod.timezone
        ? game.playingPeriod.timezone
        : 'UTC',
    timedConditions: [],
    taskTimeLimits: false,
    currencyItemId: null,
    currencyName: game.currencyName,
    maxAccuracy:
      typeof game.pg.maxAccuracy === 'number' && game.pg.maxAccuracy > 0
        ? game.pg.maxAccuracy
        : DEFAULT_MAX_GPS_ACCURACY,
    startSceneId: typeof game.startSceneId === 'string' && game.startSceneId !== '' ? game.startSceneId : null,
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

  for (const item of entities.item) {
    const compiled: CompiledItem = {
      id: item.id,
      name: item.name,
      title: item.title,
      hidden: item.hidden,
      notifyOnChange: item.notifyOnChange,
      limited: item.limited,
      maxItems: item.maxItems,
      isCurrency: item.isCurrency,
      market: assetMarket(item),
    };
    c.items.set(item.id, compiled);
  }
  c.currencyItemId = currencyItemOf(game, c.items);
  for (const attribute of entities.attribute) {
    c.attributes.set(attribute.id, {
      id: attribute.id,
      name: attribute.name,
      title: attribute.title,
      hidden: attribute.hidden,
      notifyOnChange: attribute.notifyOnChange,
      market: assetMarket(attribute),
    });
  }
  for (const character of entities.character) {
    c.characters.set(character.id, { id: character.id, name: character.name, isPlayer: character.isPlayer });
  }

  entities.scene.forEach((scene, index) => {
    const { center, radius } = scene.place;
    const compiled: CompiledScene = {
      id: scene.id,
      name: scene.name,
      title: scene.title,
      enabled: scene.enabled,
      universe: scene.universe,
      fence: geofence(center, radius),
      walkIn: walksIntoScene(game, scene),
      index,
      idx: scene.idx ?? null,
    };
    c.scenes.set(scene.id, compiled);
    c.sceneList.push(compiled);
    if (compiled.universe && c.universeSceneId === null) c.universeSceneId = scene.id;
  });
  c.sceneList.sort(bySceneOrder);

  for (const interaction of entities.interaction) compileInteraction(c, interaction);
  for (const milestone of entities.milestone) {
    const condition = compileBlocks(milestone.condition, c);
    c.milestones.push({ id: milestone.id, name: milestone.name, condition });
    c.milestoneMask |= condition.mask;
  }
  for (const mission of entities.mission) compileMission(c, mission);
  for (const location of entities.location) compileLocation(c, location);
  for (const archetype of entities.archetype) c.archetypes.set(archetype.id, compileThing(c, 'archetype', archetype));
  for (const offer of entities.offer) c.offers.set(offer.id, compileThing(c, 'offer', offer));

  const rules = entities.rule.map((rule, order) => ({ rule, order }));
  rules.sort((a, b) => a.rule.idx - b.rule.idx || a.order - b.order);
  for (const { rule } of rules) {
    const trigger = compileCondition(rule.trigger, c, true);
    if (trigger.problem) c.problems.push(`Rule ${rule.name}: ${trigger.problem}`);
    else if (!triggerVerbsOf(String(rule.trigger.conditionType)).includes(String(rule.trigger.verb))) {
      // Evaluated all the same; the editor would not have offered it.
      c.problems.push(`Rule ${rule.name}: '${String(rule.trigger.verb)}' is not a trigger verb`);
    }
    const compiled: CompiledRule = {
      id: rule.id,
      name: rule.name,
      sceneId: rule.sceneId,
      idx: rule.idx,
      trigger,
      momentary: rule.trigger.conditionType === 'player-code',
      triggerKey: triggerKeyOf(c, rule.trigger, trigger.mask),
      fireOnce: rule.fireOnce,
      preconditions: compileBlocks(rule.triggerPreconditions, c),
      sideeffects: rule.sideeffects,
      sideeffectselse: rule.sideeffectselse,
    };
    c.rules.set(rule.id, compiled);
    const ofScene = c.rulesByScene.get(compiled.sceneId) ?? [];
    ofScene.push(compiled);
    c.rulesByScene.set(compiled.sceneId, ofScene);
  }
  return c;
}

/** The element a trigger reads, as a dirty-element key: its element, or the currency item for currency conditions. */
function triggerKeyOf(c: CompiledSpec, trigger: Rule['trigger'], mask: number): string | null {
  const element = trigger.conditionType === 'player-some-currency' ? c.currencyItemId : trigger.elementId;
  return typeof element === 'string' && element !== '' ? elementKey(mask, element) : null;
}

function compileQuestion(
  question: Question,
  index: number,
  interactionId: string,
  translations: Translations | undefined,
): CompiledQuestion {
  const answerId = `interaction:${interactionId}:questions:${question.id}:correctAnswer`;
  return {
    id: question.id,
    index,
    title: question.title,
    qType: question.qType,
    dType: question.dType,
    allowMultipleAnswers: question.allowMultipleAnswers,
    hasCorrectAnswer: question.hasCorrectAnswer,
    attempts: question.attempts,
    hint: question.hint,
    reTryIfFailed: question.reTryIfFailed,
    correctAnswer: question.correctAnswer,
    acceptedAnswers: textInEveryLanguage(translations, answerId, question.correctAnswer),
    correctAnswerBinary: question.correctAnswerBinary,
    options: question.options.map(({ id, partOfCorrect }) => ({ id, partOfCorrect })),
  };
}

function compileInteraction(c: CompiledSpec, interaction: Interaction): void {
  const questions = interaction.questions.map((question, index) =>
    compileQuestion(question, index, interaction.id, c.spec.translations),
  );
  const questionByKey = new Map<string, CompiledQuestion>();
  for (const question of questions) {
    questionByKey.set(String(question.index), question);
    questionByKey.set(question.id, question);
  }
  const { conversation } = interaction;
  const statements: CompiledStatement[] = conversation.statements.map((statement) => ({
    id: statement.id,
    spokenBy: statement.spokenBy,
    options: statement.options.map((option) => ({
      id: option.id,
      actionLabel: option.actionLabel,
      condition: compileBlocks(option.condition, c),
      actions: option.actions,
    })),
  }));
  const statementById = new Map(statements.map((statement) => [statement.id, statement]));
  for (const statement of statements) c.statementConversation.set(statement.id, interaction.id);
  c.interactions.set(interaction.id, {
    id: interaction.id,
    name: interaction.name,
    type: interaction.type,
    title: interaction.title,
    questions,
    questionByKey,
    resumable: conversation.resumable,
    statements,
    statementById,
    timeLimitMs: taskLimitMs(
      c,
      TIMED_INTERACTION_TYPES.includes(interaction.type) ? interaction.timeLimitSeconds : null,
      1000,
    ),
  });
}

/** A task's time limit in ms (issue 28), or null; notes on `c` that the spec has one. */
function taskLimitMs(c: CompiledSpec, amount: number | null | undefined, unitMs: number): number | null {
  if (typeof amount !== 'number' || !(amount > 0)) return null;
  c.taskTimeLimits = true;
  return amount * unitMs;
}

function compileAccomplishment(c: CompiledSpec, accomplishment: Accomplishment): CompiledAccomplishment {
  const compiled: CompiledAccomplishment = {
    type: accomplishment.accomplishmentType,
    action: accomplishment.action,
    condition: compileBlocks(accomplishment.condition, c),
    ordered: accomplishment.ordered,
    notifyPlayer: accomplishment.notifyPlayer,
  };
  if (compiled.type === 'condition') c.conditionMissionMask |= compiled.condition.mask;
  return compiled;
}

function compileMission(c: CompiledSpec, mission: Mission): void {
  const accomplishment = compileAccomplishment(c, mission.accomplishment);
  const subMissions =
    accomplishment.type === 'submissions'
      ? mission.accomplishment.submissions.map((sub, index): CompiledSubMission => ({
          id: sub.id,
          title: sub.title,
          missionId: mission.id,
          index,
          accomplishment: compileAccomplishment(c, sub.accomplishment),
        }))
      : [];
  for (const sub of subMissions) c.subMissions.set(sub.id, sub);
  c.missions.set(mission.id, {
    id: mission.id,
    name: mission.name,
    title: mission.title,
    accomplishment,
    subMissions,
    judging: accomplishment.type === 'action' ? (mission.judging ?? 'auto') : 'auto',
    timeLimitMs: taskLimitMs(c, mission.timeLimitMinutes, 60_000),
  });
}

function compileLocation(c: CompiledSpec, location: Location): void {
  const compiled: CompiledLocation = {
    id: location.id,
    name: location.name,
    sceneId: location.sceneId ?? '',
    fence: geofence({ latitude: location.lat, longitude: location.lng }, location.radius),
    dwellMs: Math.max(0, location.dwell ?? 0) * 1000,
    trackable: location.trackable,
    visible: location.visible,
    contactable: location.contactable,
    condition: compileBlocks(location.if, c),
  };
  c.locations.set(compiled.id, compiled);
  const ofScene = c.locationsByScene.get(compiled.sceneId) ?? [];
  ofScene.push(compiled);
  c.locationsByScene.set(compiled.sceneId, ofScene);
}

function compileThing(c: CompiledSpec, kind: 'archetype' | 'offer', thing: Archetype | Offer): ThingDefinition {
  const definition: ThingDefinition = {
    kind,
    id: thing.id,
    name: thing.name,
    title: thing.title,
    moderated: thing.moderated,
    payloadSpec: thing.payloadSpec,
    playerGenerated: thing.playerGenerated,
    limitCreation: thing.limitCreation,
    limitPicks: thing.limitPicks,
    limitDestroys: thing.limitDestroys,
    conditionCreation: compileBlocks(thing.conditionCreation, c),
    conditionPerception: compileBlocks(thing.conditionPerception, c),
    conditionContact: compileBlocks(thing.conditionContact, c),
    conditionAct: compileBlocks(thing.conditionAct, c),
    sideeffectsContact: thing.sideeffectsContact,
    sideeffectsAct: thing.sideeffectsAct,
    sideeffectsElseContact: thing.sideeffectsElseContact,
    sideeffectsElseAct: thing.sideeffectsElseAct,
    trackable: thing.trackable,
    visible: thing.visible,
    radius: thing.radius,
    pickable: thing.pickable,
    destroyable: thing.destroyable,
    redropable: thing.redropable,
    inRangeOnlyContact: thing.inRangeOnlyContact,
    inRangeOnlyAct: thing.inRangeOnlyAct,
    automaticContact: thing.automaticContact,
    automaticAct: thing.automaticAct,
    redeemable: thing.redeemable,
    price: thing.price,
    quantity: 'quantity' in thing ? thing.quantity : null,
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
