import type { InstanceStatus, ObjectInstance, OfferHolding, OfferInstance, Output, PlayerStatus } from '@loci/domain';
import type { LatLng } from './geo.js';

/*
 * The protocol's shapes (events, outputs, the player's view, object and offer
 * instances, statuses) are the domain's (`@loci/domain` protocol/); they are
 * re-exported here so the engine's users find them beside the state.
 */
export {
  ENGINE_ERROR_CODES,
  INSTANCE_STATUSES,
  OPERATOR_EVENT_TYPES,
  PLAYER_EVENT_TYPES,
  PLAYER_STATUSES,
  type EngineErrorCode,
  type EngineEvent,
  type InstanceStatus,
  type ObjectInstance,
  type OfferHolding,
  type OfferInstance,
  type OperatorEvent,
  type Output,
  type OutputAction,
  type OutputOption,
  type PlayerEvent,
  type PlayerEventType,
  type PlayerStatus,
  type SubmissionMediaType,
} from '@loci/domain';

// ─── Instance state ─────────────────────────────────────────────────────────

/** The version of the shape of InstanceState; bump it with every change of shape (STYLE.md rule 7). */
export const INSTANCE_STATE_VERSION = 1;

/** The shared world of an instance. */
export interface WorldState {
  status: InstanceStatus;
  statusWhen: string | null;
  /** Item counts the world holds (never negative). */
  items: Record<string, number>;
  /** Values set on the world (setOnWorld of an attribute-like value). */
  attributes: Record<string, number | string>;
  /** Objects lying in the world, by id (each carries its sceneId; see `worldEntriesByScene`). */
  objects: Record<string, ObjectInstance>;
  /** Offers placed in the world, by id. */
  offers: Record<string, OfferInstance>;
  /** Whether each scene is enabled (enableScene/disableScene change it). */
  scenes: Record<string, boolean>;
  /** The medium shown as background (setBackground); null for the game's own. */
  background: string | null;
  /** Bumped on every change of the world, so each player re-reads world conditions after others changed it. */
  revision: number;
  /**
   * The clock (issue 28): when an operator paused every player's clock (ISO); absent or null while it runs.
   * Absent on older states.
   */
  clockPausedWhen?: string | null;
  /**
   * The clock (issue 28): how fast it runs, 1–20× (a playtest's speed; the server allows it nowhere else): a
   * game minute lasts 60/N seconds. Absent (1×) on older states and every real game.
   */
  clockRate?: number;
}

/**
 * A player's clock (issue 28; a team's, where a team is one player row): the time limit's deadline and the
 * named timers. Absent on older states and in games without a clock, meaning no deadline and no timers.
 */
export interface PlayerClock {
  /** When time is up (ISO), or null without a time limit. */
  deadline: string | null;
  /** Named timers running: name → when it runs out (ISO). */
  timers: Record<string, string>;
  /** Named timers that ran out and were not started again: name → when (ISO). */
  elapsed: Record<string, string>;
  /** Time was up and handled (the game ended, or the rules were told): when (ISO). */
  timeUpWhen: string | null;
  /**
   * Time limits on tasks running (issue 28, task-time.ts): `interaction:{id}` or `mission:{id}` → when the
   * question, quiz or mission times out (ISO). Absent when none ever ran.
   */
  tasks?: Record<string, string>;
}

/** Counts of a player's use of one archetype or offer: all-time total and recent times (ms) for limit windows. */
export interface UsageLog {
  total: number;
  /** Epoch milliseconds of the uses in the last day (older ones are dropped). */
  recent: number[];
  firstWhen: string;
}

/** A question's progress (a question interaction, or one question of a quiz). */
export interface QuestionProgress {
  askedWhen: string;
  /** Accepts answers (asked and neither passed nor out of attempts). */
  open: boolean;
  /** Answers given in the current round of asking. */
  attempts: number;
  answered: boolean;
  passed: boolean;
  failed: boolean;
  lastAnswer: unknown;
  answeredWhen: string | null;
  /** Its time limit ran out while it was open (issue 28): when (ISO). Absent otherwise. */
  timedOutWhen?: string;
}

export interface QuizProgress {
  askedWhen: string;
  open: boolean;
  /** By question id. */
  questions: Record<string, QuestionProgress>;
  completedWhen: string | null;
  /** Completed with every question passed. */
  passed: boolean;
  /** Its time limit ran out before it was completed (issue 28): when (ISO). Absent otherwise. */
  timedOutWhen?: string;
}

export interface ConfirmationProgress {
  askedWhen: string;
  open: boolean;
  answeredWhen: string | null;
  approved: boolean | null;
}

export interface InfoProgress {
  shownWhen: string;
  seenWhen: string | null;
}

export interface ConversationStep {
  statementId: string;
  optionId?: string;
  when: string;
}

/** A player's progress in one conversation. */
export interface ConversationProgress {
  startedWhen: string;
  /** Being shown (not exited). */
  active: boolean;
  currentStatementId: string | null;
  /** The player chose at least one option. */
  talked: boolean;
  completedWhen: string | null;
  history: ConversationStep[];
}

export interface Submission {
  /** Set when the submission is for a sub-mission. */
  subMissionId?: string;
  text?: string;
  mediaId?: string;
  /** Set when the mission asked for a capture now (the player's app took the medium with the camera, no gallery pick). */
  captureNow?: true;
  when: string;
}

/** A player's progress in one assigned mission. */
export interface MissionProgress {
  assignedWhen: string;
  startedWhen: string | null;
  completedWhen: string | null;
  archivedWhen: string | null;
  submissions: Submission[];
  /** Completion time of each accomplished sub-mission. */
  subMissions: Record<string, string>;
  /**
   * Judged missions (issue 29): where the last submission stands with the organiser. Absent on missions
   * accepted as they arrive (and on states from before judging).
   */
  verdict?: MissionVerdict;
  /** Its time limit ran out before it was accomplished (issue 28): when (ISO); no submission is taken since. */
  timedOutWhen?: string;
}

/** The organiser's verdict on a mission's last submission (docs/engine.md "Judged submissions"). */
export interface MissionVerdict {
  status: 'pending' | 'approved' | 'rejected' | 'withdrawn';
  /** The server's id of the submission judged (absent while pending). */
  submissionId?: string;
  reason?: string;
  /** Points the organiser awarded. */
  points?: number;
  /** What `awardJudgedPoints` gave for this approval (attribute id → points), taken back on withdrawal. */
  awarded?: Record<string, number>;
  when: string;
}

/** How the player came to be inside a location: by GPS, or by tapping it. */
export type Presence = 'gps' | 'tap';

/** A player's own state inside an instance. */
export interface PlayerState {
  id: string;
  name: string;
  status: PlayerStatus;
  statusWhen: string;
  joinedWhen: string;
  startedWhen: string | null;
  /** Set by endGame or completeGame: the game is over for this player. */
  finished: { when: string; completed: boolean } | null;
  currentSceneId: string | null;
  location: LatLng | null;
  /** The accuracy in metres of the fix that set `location`, when the app sent one (absent on older states). */
  locationAccuracy?: number;
  /**
   * A team's player (games played in teams): each member's own last position, by member id. The team is inside
   * a place or a scene's circle when ANY member is (docs/engine.md "Teams"); `location` is the last mover's.
   * Absent for a solo player.
   */
  memberLocations?: Record<string, LatLng>;
  /** A team's player: how many members have joined, as the last member's event said (absent for a solo player). */
  teamSize?: number;
  /**
   * A team's player: the places EVERY member is inside (members who joined and sent a position, at least
   * `teamSize` of them) — the `has_every_member_in` verb. Absent for a solo player.
   */
  everyMemberIn?: Record<string, true>;
  /** First entry time of every scene entered. */
  visitedScenes: Record<string, string>;
  /** Last exit time of every scene left. */
  exitedScenes: Record<string, string>;
  /** Scene circles the player stands in (walking into one makes its scene current). */
  sceneCircles: Record<string, true>;
  /** First entry time of every location entered. */
  visitedLocations: Record<string, string>;
  insideLocations: Record<string, Presence>;
  /**
   * Locations with a dwell time the player stands in by GPS but has not
   * entered yet: since when (ISO). Absent on older states, meaning none.
   */
  dwelling?: Record<string, string>;
  /** World objects and offers with automatic contact/act the player is in range of. */
  inRange: Record<string, true>;
  items: Record<string, number>;
  attributes: Record<string, number | string>;
  /** First time each attribute was attributed. */
  attributedWhen: Record<string, string>;
  /** Objects in the backpack, by id. */
  objects: Record<string, ObjectInstance>;
  offers: Record<string, OfferHolding>;
  infos: Record<string, InfoProgress>;
  questions: Record<string, QuestionProgress>;
  quizzes: Record<string, QuizProgress>;
  confirmations: Record<string, ConfirmationProgress>;
  conversations: Record<string, ConversationProgress>;
  missions: Record<string, MissionProgress>;
  /** Time each milestone was reached. */
  milestones: Record<string, string>;
  /** fireOnce rules whose side effects ran (with how many times, which is once). */
  firedRules: Record<string, number>;
  /**
   * Ids of the live rules whose trigger held after the last event (edge
   * triggering). A list rather than a record: it is copied whenever a trigger
   * changes, and copying a list costs far less than copying a record.
   */
  triggers: string[];
  /** First time each code (trimmed, lower case) was typed or scanned. */
  codes: Record<string, string>;
  /** Usage by archetype id (objects) or offer id, for has_created… conditions and limits. */
  created: Record<string, UsageLog>;
  picked: Record<string, UsageLog>;
  dropped: Record<string, UsageLog>;
  destroyed: Record<string, UsageLog>;
  /** Blocking outputs waiting for the player's answer, oldest first. */
  pending: Output[];
  /** The world revision this player last saw. */
  worldRevision: number;
  /** Counter for the ids of objects this player brings into being. */
  seq: number;
  /** The clock (issue 28); absent on older states and games without time: no deadline, no timers. */
  clock?: PlayerClock;
  /** When the player entered the current scene (ISO), for "time in a scene"; absent on older states. */
  sceneSince?: string;
}

/** The whole state of a game instance: plain JSON, never mutated by the engine. */
export interface InstanceState {
  version: number;
  gameId: string;
  multiplayer: boolean;
  world: WorldState;
  players: Record<string, PlayerState>;
}

// ─── Outputs, records, trace ────────────────────────────────────────────────

/** Analytics record names, exactly as spec 3 §3 has them. */
export const RECORD_NAMES = {
  answeredQuestion: 'has answered question',
  passedQuestion: 'has passed question',
  confirmation: 'has approved or rejected confirmation',
  quiz: 'has answered or completed quiz',
  mission: 'has been assigned or completed mission',
  offer: 'has picked or redeemed offer',
  seenInfo: 'has seen info',
  enteredScene: 'has entered scene',
  conversation: 'has started or completed conversation',
  /** Not in spec 3 §3: an accepted trade, one record per player (docs/engine.md "Trading"). */
  trade: 'has traded',
  /** Not in spec 3 §3: a question, quiz or mission whose time limit ran out (issue 28), with its id. */
  timedOut: 'has run out of time on a task',
} as const;
export type RecordName = (typeof RECORD_NAMES)[keyof typeof RECORD_NAMES];

/** What a player shared or captured for a mission. */
export interface Captured {
  message?: string;
  mediaId?: string;
  /** The medium was to be captured on the spot (the mission's `captureNow`): the player's app offers only the camera. */
  captureNow?: true;
}

/** One analytics record (spec 3 §3), appended by the server to the event table. */
export interface AnalyticsRecord {
  name: RecordName;
  playerId: string;
  /** The team member who acted (games played in teams): who operators and teammates read did it. */
  member?: { id: string; name: string };
  /** ISO time. */
  when: string;
  interactionId?: string;
  questionId?: string;
  answer?: unknown;
  correct?: boolean;
  approved?: boolean;
  missionId?: string;
  subMissionId?: string;
  offerId?: string;
  objectId?: string;
  sceneId?: string;
  /** 'assigned' | 'completed' (missions), 'started' | 'completed' (conversations), 'answered' | 'completed' (quizzes), 'picked' | 'redeemed' (offers). */
  status?: string;
  passed?: boolean;
  capturedInfo?: Captured;
  capturedShare?: Captured;
  history?: ConversationStep[];
  /** A trade: its id, the other player, what this player gave and received (asset id → units). */
  tradeId?: string;
  withPlayerId?: string;
  gave?: Record<string, number>;
  received?: Record<string, number>;
  /**
   * The language the player read when the record was made (issue 31; a content language's code, in games of
   * several languages): set by the server as it stores the record, never by the engine.
   */
  language?: string;
}

/** Why a condition block failed: the block's index and the first condition in it that did not hold. */
export interface BlockFailure {
  block: number;
  condition: number;
}

/** What happened to one live rule whose trigger was evaluated during a step. */
export interface RuleTrace {
  ruleId: string;
  ruleName: string;
  sceneId: string;
  /** The pass of the fixed point (0 = the event itself, then one per round of consequences). */
  pass: number;
  /** The trigger holds now. */
  triggerMatched: boolean;
  /** It holds now and did not before: the rule fires. */
  newlyTrue: boolean;
  /** Whether the preconditions held (absent when the rule did not fire). */
  preconditionsHeld?: boolean;
  /** For each failing block, the first failing condition (all blocks fail when preconditions do not hold). */
  failedBlocks?: BlockFailure[];
  branch: 'sideeffects' | 'sideeffectselse' | null;
  /** Why the rule did not run although its trigger became true. */
  skipped?: 'fireOnce' | 'no longer live';
  /** Notes from running its actions (skipped actions, design errors). */
  notes?: string[];
  /**
   * False for a live rule listed only because the step was asked to trace
   * every live rule (`traceAllRules`): nothing it reads changed, so its
   * trigger was not evaluated again; `triggerMatched` is then its last known value.
   */
  evaluated?: false;
}

/** Why a step did what it did: the rules evaluated and notes (for the debug page and tests). */
export interface StepTrace {
  rules: RuleTrace[];
  /** Notes about the step as a whole (milestones reached, bound of the fixed point, ignored actions). */
  notes: string[];
}

/** Options of a step. */
export interface StepOptions {
  /** List every live rule in the trace, not only those whose trigger was evaluated (for the debug page; slower). */
  traceAllRules?: boolean;
}

/** The result of one step. */
export interface StepResult {
  state: InstanceState;
  outputs: Output[];
  records: AnalyticsRecord[];
  trace: StepTrace;
}
