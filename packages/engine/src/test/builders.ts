import {
  emptyDesignEntities,
  newArchetypeDefaults,
  newAttributeDefaults,
  newGameDefaults,
  newInteractionDefaults,
  newItemDefaults,
  newLocationDefaults,
  newOfferDefaults,
  parseGameSpec,
  type Accomplishment,
  type JudgingMode,
  type Action,
  type ActionArgs,
  type ActionName,
  type ArchetypeValues,
  type AttributeValues,
  type Condition,
  type ConditionBlock,
  type ConditionType,
  type DesignEntitiesByKind,
  type DesignEntityOf,
  type DesignKind,
  type GameSpec,
  type GameValues,
  type InteractionType,
  type ItemValues,
  type LocationValues,
  type OfferValues,
  type Question,
  type Statement,
  type SceneEntry,
  type SceneEntryChoice,
  type StatementOption,
  type SubMission,
} from '@loci/domain';
import type { LatLng } from '../geo.js';
import { createInstanceState } from '../state.js';
import { step } from '../step.js';
import type { EngineEvent, InstanceState, Output, PlayerEvent, PlayerState, StepResult } from '../types.js';

/** Factories for small game specs and a session that plays them, for the engine's tests. */

/** The id of the universe scene the builder adds for onCode and probe rules. */
export const UNIVERSE = 'u';

export const ORIGIN: LatLng = { latitude: 35.52, longitude: 24.02 };
const METRES_PER_DEGREE = 111_195;

/** A point `north` and `east` metres from ORIGIN (or from `from`). */
export function at(north: number, east = 0, from: LatLng = ORIGIN): LatLng {
  return {
    latitude: from.latitude + north / METRES_PER_DEGREE,
    longitude: from.longitude + east / (METRES_PER_DEGREE * Math.cos((from.latitude * Math.PI) / 180)),
  };
}

/** A condition. */
export function cond(
  conditionType: ConditionType,
  verb: string,
  elementId?: string,
  extra: Partial<Condition> = {},
): Condition {
  return { conditionType, verb, ...(elementId !== undefined ? { elementId } : {}), ...extra };
}

/** One block: every condition must hold. */
export function all(...conditions: Condition[]): ConditionBlock[] {
  return [{ conditions, andOrConditions: 'and', andOrNextBlock: 'or' }];
}

/** Several blocks: one of them must hold. */
export function anyOf(...blocks: Condition[][]): ConditionBlock[] {
  return blocks.map((conditions) => ({ conditions, andOrConditions: 'and', andOrNextBlock: 'or' }));
}

/** An action of the game itself (or of `actorId`). */
export function act(
  actionName: ActionName,
  what?: string,
  args: Partial<ActionArgs> & { actorId?: string; notify?: boolean } = {},
): Action {
  const { actorId = 'system', notify = false, ...rest } = args;
  return { actorId, actionName, actionArgs: { ...(what !== undefined ? { what } : {}), ...rest }, notify };
}

export interface BuilderOptions {
  id?: string;
  type?: 'map' | 'image';
  market?: boolean;
  currencyName?: string;
  /** The market's currency item (the game's `currencyItemId` setting). */
  currencyItemId?: string;
  multiplayer?: boolean;
  playingPeriodEnd?: string | null;
  endPolicies?: Partial<GameValues['endPolicies']>;
  /** GPS fixes worse than this many metres do not move the player (default 50). */
  maxAccuracy?: number;
  startSceneId?: string | null;
  /** How scenes are entered; 'walk' unless given (the scenarios walk into scene circles). */
  sceneEntry?: SceneEntry;
  /** The clock (issue 28): the game's time limit. */
  timeLimit?: GameValues['timeLimit'];
  /** The playing period's time zone (times of day). */
  timezone?: string;
}

/** Builds a GameSpec entity by entity, with the editor's defaults. */
export class SpecBuilder {
  readonly game: GameSpec['game'];
  readonly entities: DesignEntitiesByKind = emptyDesignEntities();
  readonly initialState: GameSpec['initialState'] = { has: { object: {}, offer: {} } };
  private ruleIdx = new Map<string, number>();

  constructor(options: BuilderOptions = {}) {
    const defaults: GameValues = newGameDefaults(new Date('2020-01-01T00:00:00Z'));
    this.game = {
      ...defaults,
      id: options.id ?? 'game-1',
      title: 'Test game',
      description: '<p>A test game.</p>',
      market: options.market ?? false,
      currencyName: options.currencyName ?? 'Coins',
      currencyItemId: options.currencyItemId ?? null,
      multiplayer: options.multiplayer ?? false,
      playingPeriod: {
        ...defaults.playingPeriod,
        end: options.playingPeriodEnd ?? null,
        ...(options.timezone ? { timezone: options.timezone } : {}),
      },
      ...(options.timeLimit ? { timeLimit: options.timeLimit } : {}),
      endPolicies: { ...defaults.endPolicies, ...options.endPolicies },
      pg: {
        ...defaults.pg,
        type: options.type ?? 'map',
        ...(options.maxAccuracy !== undefined ? { maxAccuracy: options.maxAccuracy } : {}),
      },
      ...(options.startSceneId !== undefined ? { startSceneId: options.startSceneId } : {}),
      sceneEntry: options.sceneEntry ?? 'walk',
    };
  }

  /** Adds an entity from the fields a test cares about; `build` gives the rest the published spec's defaults. */
  private add<K extends DesignKind>(kind: K, entity: Record<string, unknown> & { id: string }): this {
    const list: Array<DesignEntityOf<K>> = this.entities[kind];
    list.push({ name: entity.id, gameId: this.game.id, ...entity } as DesignEntityOf<K>);
    return this;
  }

  /** A scene; map scenes get a 100 m circle at `center` when given. */
  scene(
    id: string,
    fields: {
      enabled?: boolean;
      universe?: boolean;
      center?: LatLng;
      radius?: number;
      idx?: number;
      entry?: SceneEntryChoice;
    } = {},
  ): this {
    const center = fields.center;
    return this.add('scene', {
      id,
      ...(fields.entry !== undefined ? { entry: fields.entry } : {}),
      ...(fields.idx !== undefined ? { idx: fields.idx } : {}),
      title: id,
      enabled: fields.enabled ?? true,
      universe: fields.universe ?? false,
      ...(center
        ? {
            lat: center.latitude,
            lng: center.longitude,
            radius: fields.radius ?? 100,
            place: { center: { ...center }, radius: fields.radius ?? 100 },
          }
        : {}),
    });
  }

  /** A rule of a scene; idx follows the order of creation per scene. */
  rule(
    id: string,
    sceneId: string,
    trigger: Condition,
    sideeffects: Action[],
    options: { pre?: ConditionBlock[]; else?: Action[]; fireOnce?: boolean; idx?: number } = {},
  ): this {
    const idx = options.idx ?? (this.ruleIdx.get(sceneId) ?? 0) + 1;
    this.ruleIdx.set(sceneId, idx);
    return this.add('rule', {
      id,
      sceneId,
      idx,
      notes: '',
      trigger,
      fireOnce: options.fireOnce ?? true,
      triggerPreconditions: options.pre ?? [],
      sideeffects,
      sideeffectselse: options.else ?? [],
    });
  }

  private interaction(id: string, type: InteractionType, fields: Record<string, unknown>): this {
    return this.add('interaction', {
      ...newInteractionDefaults(type),
      title: id,
      description: 'Text',
      ...fields,
      id,
      type,
    });
  }

  info(id: string): this {
    return this.interaction(id, 'INTER_INSPECT_INFO', {});
  }

  question(id: string, question: Partial<Question> = {}): this {
    return this.interaction(id, 'INTER_ANSWER_QUESTION', { questions: [makeQuestion(`${id}-q`, question)] });
  }

  quiz(id: string, questions: Array<Partial<Question> & { id: string }>): this {
    return this.interaction(id, 'INTER_QUIZ', { questions: questions.map((q) => makeQuestion(q.id, q)) });
  }

  confirmation(id: string): this {
    return this.interaction(id, 'INTER_CONFIRM', { buttonLabelSecondary: 'No' });
  }

  conversation(id: string, statements: Array<Partial<Statement> & { id: string }>, resumable = false): this {
    return this.interaction(id, 'INTER_CONVERSATION', {
      conversation: {
        resumable,
        statements: statements.map((statement) => ({
          body: statement.id,
          spokenBy: null,
          repliedWith: '',
          direction: { isDirection: false, title: '' },
          options: [],
          ...statement,
        })),
      },
    });
  }

  item(id: string, fields: Partial<ItemValues> = {}): this {
    return this.add('item', { ...newItemDefaults(), title: id, ...fields, id });
  }

  attribute(id: string, fields: Partial<AttributeValues> = {}): this {
    return this.add('attribute', { ...newAttributeDefaults(), title: id, logoId: 'logo', ...fields, id });
  }

  character(id: string): this {
    return this.add('character', { id, title: id, age: null, gender: 'm', mediaId: null, isPlayer: false });
  }

  mission(id: string, accomplishment: Partial<Accomplishment>, judging: JudgingMode = 'auto'): this {
    return this.add('mission', {
      id,
      title: id,
      description: id,
      notes: '',
      judging,
      accomplishment: {
        accomplishmentType: 'condition',
        action: null,
        condition: [],
        submissions: [],
        ordered: false,
        notifyPlayer: false,
        ...accomplishment,
      },
    });
  }

  /**
   * A time limit (issue 28) on the question or quiz `id` (seconds to answer) or on the mission `id` (minutes to
   * accomplish it), added before.
   */
  timeLimit(id: string, amount: number): this {
    const interaction = this.entities.interaction.find((entity) => entity.id === id);
    if (interaction) interaction.timeLimitSeconds = amount;
    const mission = this.entities.mission.find((entity) => entity.id === id);
    if (mission) mission.timeLimitMinutes = amount;
    if (!interaction && !mission) throw new Error(`No question, quiz or mission ${id}`);
    return this;
  }

  milestone(id: string, condition: ConditionBlock[]): this {
    return this.add('milestone', { id, notes: '', condition });
  }

  location(id: string, sceneId: string, center: LatLng, fields: Partial<LocationValues> = {}): this {
    return this.add('location', {
      ...newLocationDefaults(sceneId, { lat: center.latitude, lng: center.longitude }),
      title: id,
      ...fields,
      id,
    });
  }

  archetype(id: string, fields: Partial<ArchetypeValues> = {}): this {
    return this.add('archetype', { ...newArchetypeDefaults(), title: id, logoId: 'logo', ...fields, id });
  }

  offer(id: string, fields: Partial<OfferValues> = {}): this {
    return this.add('offer', { ...newOfferDefaults(), title: id, logoId: 'logo', ...fields, id });
  }

  /** A world object of the initial state. */
  object(
    id: string,
    archetypeId: string,
    sceneId: string,
    location: LatLng,
    fields: { payload?: Record<string, unknown>; approved?: boolean } = {},
  ): this {
    (this.initialState.has.object[sceneId] ??= {})[id] = {
      id,
      name: id,
      sceneId,
      archetypeId,
      payload: fields.payload ?? {},
      location: { ...location },
      ...(fields.approved !== undefined ? { approved: fields.approved } : {}),
      type: 'object',
    };
    return this;
  }

  /** A world offer of the initial state. */
  placeOffer(id: string, offerId: string, sceneId: string, location: LatLng, quantity?: number): this {
    (this.initialState.has.offer[sceneId] ??= {})[id] = {
      id,
      name: id,
      sceneId,
      offerId,
      payload: {},
      location: { ...location },
      type: 'offer',
      ...(quantity !== undefined ? { quantity } : {}),
    } as GameSpec['initialState']['has']['offer'][string][string];
    return this;
  }

  /** A universe-scene rule that runs `sideeffects` each time the code is typed (the universe scene 'u' is added at build). */
  onCode(code: string, sideeffects: Action[], options: { pre?: ConditionBlock[]; else?: Action[] } = {}): this {
    return this.rule(
      `code-${code}`,
      UNIVERSE,
      cond('player-code', 'has_typedscannedcode', undefined, { designerInputString: code }),
      sideeffects,
      {
        ...options,
        fireOnce: false,
      },
    );
  }

  /** A probe: typing `code` notifies 'yes' when the conditions hold, else 'no' (see Session.probe). */
  probe(code: string, conditions: Condition | ConditionBlock[]): this {
    const pre = Array.isArray(conditions) ? conditions : all(conditions);
    return this.onCode(code, [act('showNotification', undefined, { msg: 'yes' })], {
      pre,
      else: [act('showNotification', undefined, { msg: 'no' })],
    });
  }

  build(): GameSpec {
    const usesUniverse = this.entities.rule.some((rule) => rule.sceneId === UNIVERSE);
    if (usesUniverse && !this.entities.scene.some((scene) => scene.id === UNIVERSE)) {
      this.scene(UNIVERSE, { universe: true });
    }
    // Parsed as a published spec is: the engine reads typed entities with the editor's defaults filled in.
    return parseGameSpec({ game: this.game, entities: this.entities, initialState: this.initialState });
  }
}

/** A new spec builder. */
export function gameBuilder(options: BuilderOptions = {}): SpecBuilder {
  return new SpecBuilder(options);
}

function makeQuestion(id: string, question: Partial<Question>): Question {
  return {
    id,
    title: id,
    description: id,
    mediaId: null,
    typeWrite: false,
    qType: 'openEnded',
    dType: 'stext',
    allowMultipleAnswers: false,
    hasCorrectAnswer: false,
    attempts: 1,
    hint: '',
    reTryIfFailed: false,
    correctAnswer: '',
    correctAnswerBinary: null,
    options: [],
    ...question,
  };
}

/** Multiple-choice options; the indices in `correct` are the right ones. */
export function options(count: number, correct: number[]): Question['options'] {
  return Array.from({ length: count }, (_, index) => ({
    id: `o${index}`,
    description: `Option ${index}`,
    partOfCorrect: correct.includes(index),
  }));
}

/** A statement option. */
export function option(id: string, actions: Action[], condition: ConditionBlock[] = []): StatementOption {
  return { id, actionLabel: id, condition, actions };
}

/** A sub-mission. */
export function subMission(id: string, accomplishment: Partial<Accomplishment>): SubMission {
  return {
    id,
    title: id,
    description: id,
    accomplishment: {
      accomplishmentType: 'condition',
      action: null,
      condition: [],
      submissions: [],
      ordered: false,
      notifyPlayer: false,
      ...accomplishment,
    },
  };
}

type EventFor<E> = E extends PlayerEvent ? Omit<E, 'playerId'> : never;
export type PlayerEventInput = EventFor<PlayerEvent>;

/** Plays a spec: keeps the state and a clock, sends events and remembers the last result. */
export class Session {
  state: InstanceState;
  now: Date;
  last!: StepResult;
  readonly history: StepResult[] = [];

  constructor(
    readonly spec: GameSpec,
    options: { multiplayer?: boolean; now?: Date } = {},
  ) {
    this.state = createInstanceState(spec, { multiplayer: options.multiplayer ?? spec.game.multiplayer });
    this.now = options.now ?? new Date('2030-06-01T10:00:00Z');
  }

  /** Sends a player event. */
  send(event: PlayerEventInput, playerId = 'p1'): StepResult {
    return this.apply({ ...event, playerId } as EngineEvent);
  }

  /** Sends any event (player or operator). */
  apply(event: EngineEvent): StepResult {
    this.last = step(this.spec, this.state, event, this.now);
    this.history.push(this.last);
    this.state = this.last.state;
    return this.last;
  }

  start(playerId = 'p1'): StepResult {
    return this.send({ type: 'start' }, playerId);
  }

  goTo(point: LatLng, playerId = 'p1', accuracy?: number): StepResult {
    return this.send(
      {
        type: 'location',
        latitude: point.latitude,
        longitude: point.longitude,
        ...(accuracy !== undefined ? { accuracy } : {}),
      },
      playerId,
    );
  }

  /** The server's clock ticks for the player (issue 28). */
  tick(playerId = 'p1'): StepResult {
    return this.apply({ type: 'tick', playerId });
  }

  advance(ms: number): this {
    this.now = new Date(this.now.getTime() + ms);
    return this;
  }

  player(id = 'p1'): PlayerState {
    const player = this.state.players[id];
    if (!player) throw new Error(`No player ${id}`);
    return player;
  }

  /** The actions of the last step's outputs, in order. */
  actions(): string[] {
    return this.last.outputs.map((output) => output.action);
  }

  /** The last step's outputs with this action. */
  outputs(action: Output['action']): Output[] {
    return this.last.outputs.filter((output) => output.action === action);
  }

  /** Types a probe code: 'yes' when the probe's conditions hold, 'no' when not (see SpecBuilder.probe). */
  probe(code: string, playerId = 'p1'): string | undefined {
    this.send({ type: 'code', code }, playerId);
    return this.outputs('showNotification').find((output) => output.message === 'yes' || output.message === 'no')
      ?.message;
  }

  /** Types a code (to fire onCode rules). */
  code(code: string, playerId = 'p1'): StepResult {
    return this.send({ type: 'code', code }, playerId);
  }

  /** The error code of the last step's refusal, if any. */
  error(): string | undefined {
    return this.last.outputs.find((output) => output.action === 'error')?.errorCode;
  }
}
