import { RECORD_NAMES, type AnalyticsRecord, type ConversationStep, type RecordName } from '@loci/engine';
import dayjs from 'dayjs';
import 'dayjs/locale/el';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type {
  Action,
  ActionArgs,
  DesignEntity,
  Interaction,
  Question,
  QuestionOption,
  Statement,
  StatementOption,
  SubMission,
} from '@loci/domain';
import { languageCodeOf, richTextAsText } from '@loci/domain';
import type { AnalyticsPlayer } from '../../api/analytics';
import type { Workspace } from '../../api/design';
import { unparseCsv } from '../../csv';

// The analytics page's arithmetic (spec 3 §2, §9): records of the analytics
// answer → per-panel statistics, chat replays and CSV tables. Pure functions;
// the page only renders what they return. Abandoned instances are filtered by
// the server (includeAbandoned), never here.

dayjs.extend(utc);
dayjs.extend(timezone);

/** Spec 3 §9: how the analytics page writes a time. */
export const ANALYTICS_DATE_FORMAT = 'DD MMM YYYY, HH:mm';

/** The speaker of a statement whose character is not among the game's characters. */
export const GAME_MASTER = 'Game Master';

/** A time of a record as the page (in its language) and the CSV files (in English) show it. */
export function formatWhen(when: string | null | undefined, language = 'en'): string {
  if (!when) return '';
  const time = dayjs(when);
  return time.isValid() ? time.locale(language.startsWith('el') ? 'el' : 'en').format(ANALYTICS_DATE_FORMAT) : when;
}

// ─── The design, as far as names go ─────────────────────────────────────────

/*
 * What the page reads of the design: the workspace's typed entities (the
 * domain's kinds), narrowed to the fields the statistics name things by, so
 * that a test can build a design from those fields alone.
 */

/** Any design entity: its id, system name and (usually) a title. */
export type NamedEntity = Pick<DesignEntity, 'id' | 'name'> & { title?: unknown };

export type DesignQuestion = Pick<Question, 'id'> &
  Partial<Pick<Question, 'title' | 'description' | 'qType'>> & {
    options?: Array<Pick<QuestionOption, 'id' | 'description'>>;
  };

export type DesignStatementOption = Pick<StatementOption, 'id' | 'actionLabel'> & {
  actions?: Array<Pick<Action, 'actionName'> & { actionArgs?: Pick<ActionArgs, 'what'> | null }>;
};

export type DesignStatement = Pick<Statement, 'id' | 'body' | 'spokenBy'> &
  Partial<Pick<Statement, 'repliedWith'>> & { options?: DesignStatementOption[] };

export type DesignInteraction = NamedEntity &
  Partial<Pick<Interaction, 'type'>> & {
    questions?: DesignQuestion[];
    conversation?: { statements?: DesignStatement[] };
  };

export type DesignMission = NamedEntity & {
  accomplishment?: { submissions?: Array<Pick<SubMission, 'id' | 'title'>> } | null;
};

/** What the page reads of the game's design: these lists of the workspace. */
export interface AnalyticsDesign {
  interactions: DesignInteraction[];
  missions: DesignMission[];
  offers: NamedEntity[];
  scenes: NamedEntity[];
  characters: NamedEntity[];
  /**
   * The game's main language (a content language's code, issue 31): the language of the answers whose record
   * names none (a game in one language, records from before). Absent: English.
   */
  mainLanguage?: string;
}

/** Plain text of rich text (statement bodies, question and option descriptions). */
export function plainText(html: unknown): string {
  return typeof html === 'string' ? richTextAsText(html) : '';
}

/** How an entity is named on the page: its title, else its system name, else its id. */
export function nameOf(entity: NamedEntity | undefined, id: string): string {
  const title = plainText(entity?.title);
  return title || entity?.name || id;
}

function byId<T extends { id: string }>(list: readonly T[]): Map<string, T> {
  return new Map(list.map((item) => [item.id, item]));
}

// ─── Reading records ────────────────────────────────────────────────────────

/** A record with the player it belongs to. */
export interface PlayerRecord {
  player: AnalyticsPlayer;
  record: AnalyticsRecord;
}

function recordsOf(players: readonly AnalyticsPlayer[], name: RecordName): PlayerRecord[] {
  return players.flatMap((player) => (player.events[name] ?? []).map((record) => ({ player, record })));
}

/**
 * Who a record's row names: the player, or in a game played in teams the team and the member who acted
 * ("Owls · Maria"; issue 28: each record names the member).
 */
function actorOf({ player, record }: PlayerRecord): string {
  return record.member ? `${player.avatar.name} · ${record.member.name}` : player.avatar.name;
}

/** A player counts once per instance they play (the answer has one entry per player and instance). */
const playerKey = (player: AnalyticsPlayer) => `${player.instanceId}/${player.playerId}`;

function countPlayers(items: readonly PlayerRecord[]): number {
  return new Set(items.map((item) => playerKey(item.player))).size;
}

/** Groups records by a key, in the order of the design's list, then unknown keys in order of appearance. */
function groupInOrder(
  items: readonly PlayerRecord[],
  keyOf: (record: AnalyticsRecord) => string | undefined,
  order: readonly string[],
): [string, PlayerRecord[]][] {
  const groups = new Map<string, PlayerRecord[]>();
  for (const item of items) {
    const key = keyOf(item.record);
    if (!key) continue;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  const rank = new Map(order.map((key, index) => [key, index]));
  return [...groups.entries()].sort(
    ([a], [b]) => (rank.get(a) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b) ?? Number.MAX_SAFE_INTEGER),
  );
}

/** Distinct players, as many as the answer holds: a player of two instances counts twice. */
export function totalPlayers(players: readonly AnalyticsPlayer[]): number {
  return new Set(players.map(playerKey)).size;
}

// ─── Answers ────────────────────────────────────────────────────────────────

function optionText(question: DesignQuestion, value: unknown): string {
  const options = question.options ?? [];
  let option: { id: string; description: string } | undefined;
  if (typeof value === 'number') option = options[value];
  else if (typeof value === 'string') {
    option = options.find((candidate) => candidate.id === value);
    if (!option && /^\d+$/.test(value.trim())) option = options[Number(value.trim())];
  }
  return option ? plainText(option.description) || option.id : String(value);
}

/**
 * A player's answer as text: multiple-choice answers (option indices or ids,
 * an array when several are allowed) as the chosen options' texts; yes/no as
 * yes or no; anything else as written.
 */
/** How a yes/no answer reads (the page passes the interface language's words). */
export interface AnswerWords {
  yes: string;
  no: string;
}
const ENGLISH_WORDS: AnswerWords = { yes: 'yes', no: 'no' };

export function formatAnswer(
  question: DesignQuestion | undefined,
  answer: unknown,
  words: AnswerWords = ENGLISH_WORDS,
): string {
  if (answer === null || answer === undefined) return '';
  if (question?.qType === 'MC') {
    const values = Array.isArray(answer) ? answer : [answer];
    return values.map((value) => optionText(question, value)).join(', ');
  }
  if (typeof answer === 'boolean') return answer ? words.yes : words.no;
  if (Array.isArray(answer)) return answer.map((value) => formatAnswer(question, value, words)).join(', ');
  if (typeof answer === 'object') return JSON.stringify(answer);
  return String(answer);
}

/** One answer given by a player. */
export interface AnswerRow {
  player: string;
  answer: string;
  correct: boolean;
  /** The language the player read (a content language's code, issue 31). */
  language: string;
  when: string;
}

/** A question's answers given in one language (issue 31: the same question, by meaning, in every language). */
export interface LanguageShare {
  language: string;
  answers: number;
  /** Correct answers among them, in percent (rounded). */
  percentCorrect: number;
}

/** The statistics of one question (of a question interaction, or of a quiz). */
export interface QuestionStat {
  interactionId: string;
  questionId: string;
  title: string;
  /** The system name, shown after the title (when the design still has the entity). */
  name?: string;
  /** Every answer given (a player with several attempts answers several times). */
  answers: number;
  /** Players who answered at least once. */
  players: number;
  /** Players who answered correctly at least once. */
  passed: number;
  /** Correct answers among all answers, in percent (rounded). */
  percentCorrect: number;
  /** The answers per language they were given in, the most answered first. */
  byLanguage: LanguageShare[];
  rows: AnswerRow[];
}

function questionTitle(question: DesignQuestion | undefined, fallback: string): string {
  return plainText(question?.title) || plainText(question?.description) || fallback;
}

function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 100);
}

/** How the answers read: the yes/no words of the interface, and the language of answers whose record names none. */
interface AnswerReading {
  words: AnswerWords;
  mainLanguage: string;
}

function answerRows(
  items: readonly PlayerRecord[],
  question: DesignQuestion | undefined,
  reading: AnswerReading,
): AnswerRow[] {
  return items.map((item) => ({
    player: actorOf(item),
    answer: formatAnswer(question, item.record.answer, reading.words),
    correct: item.record.correct === true,
    language: item.record.language ?? reading.mainLanguage,
    when: item.record.when,
  }));
}

/** The answers grouped by the language they were given in, the most answered first (then by code). */
function sharesByLanguage(rows: readonly AnswerRow[]): LanguageShare[] {
  const counts = new Map<string, { answers: number; correct: number }>();
  for (const row of rows) {
    const count = counts.get(row.language) ?? { answers: 0, correct: 0 };
    count.answers += 1;
    if (row.correct) count.correct += 1;
    counts.set(row.language, count);
  }
  return [...counts]
    .map(([language, count]) => ({
      language,
      answers: count.answers,
      percentCorrect: percent(count.correct, count.answers),
    }))
    .sort((a, b) => b.answers - a.answers || a.language.localeCompare(b.language));
}

function questionStat(
  interactionId: string,
  questionId: string,
  title: string,
  question: DesignQuestion | undefined,
  answered: readonly PlayerRecord[],
  reading: AnswerReading,
): QuestionStat {
  const correct = answered.filter((item) => item.record.correct === true);
  const rows = answerRows(answered, question, reading);
  return {
    interactionId,
    questionId,
    title,
    answers: answered.length,
    players: countPlayers(answered),
    passed: countPlayers(correct),
    percentCorrect: percent(correct.length, answered.length),
    byLanguage: sharesByLanguage(rows),
    rows,
  };
}

const readingOf = (design: AnalyticsDesign, words: AnswerWords): AnswerReading => ({
  words,
  mainLanguage: design.mainLanguage ?? 'en',
});

/** Questions Stats: one entry per question interaction that was answered. */
export function questionStats(
  players: readonly AnalyticsPlayer[],
  design: AnalyticsDesign,
  words: AnswerWords = ENGLISH_WORDS,
): QuestionStat[] {
  const interactions = byId(design.interactions);
  const groups = groupInOrder(
    recordsOf(players, RECORD_NAMES.answeredQuestion),
    (record) => record.interactionId,
    design.interactions.map((interaction) => interaction.id),
  );
  return groups.map(([interactionId, answered]) => {
    const interaction = interactions.get(interactionId);
    const question = interaction?.questions?.[0];
    const title = nameOf(interaction, '') || questionTitle(question, interactionId);
    return {
      ...questionStat(
        interactionId,
        answered[0]?.record.questionId ?? '',
        title,
        question,
        answered,
        readingOf(design, words),
      ),
      name: interaction?.name,
    };
  });
}

/** One quiz: who answered, completed and passed it, and each of its questions. */
export interface QuizStat {
  interactionId: string;
  title: string;
  /** The system name, shown after the title (when the design still has the entity). */
  name?: string;
  /** Players who answered at least one of its questions. */
  players: number;
  completed: number;
  /** Players who completed it with every question passed. */
  passed: number;
  questions: QuestionStat[];
}

/** Quizzes: one entry per quiz with records, its questions in the design's order. */
export function quizStats(
  players: readonly AnalyticsPlayer[],
  design: AnalyticsDesign,
  words: AnswerWords = ENGLISH_WORDS,
): QuizStat[] {
  const interactions = byId(design.interactions);
  const groups = groupInOrder(
    recordsOf(players, RECORD_NAMES.quiz),
    (record) => record.interactionId,
    design.interactions.map((interaction) => interaction.id),
  );
  return groups.map(([interactionId, records]) => {
    const quiz = interactions.get(interactionId);
    const designQuestions = quiz?.questions ?? [];
    const answered = records.filter((item) => item.record.status === 'answered');
    const completed = records.filter((item) => item.record.status === 'completed');
    const questionsById = byId(designQuestions);
    const questions = groupInOrder(
      answered,
      (record) => record.questionId,
      designQuestions.map((question) => question.id),
    ).map(([questionId, items]) => {
      const question = questionsById.get(questionId);
      const index = designQuestions.findIndex((candidate) => candidate.id === questionId);
      const fallback = index >= 0 ? `Question ${index + 1}` : questionId;
      const title = questionTitle(question, fallback);
      return questionStat(interactionId, questionId, title, question, items, readingOf(design, words));
    });
    return {
      interactionId,
      title: nameOf(quiz, interactionId),
      name: quiz?.name,
      players: countPlayers(answered),
      completed: countPlayers(completed),
      passed: countPlayers(completed.filter((item) => item.record.passed === true)),
      questions,
    };
  });
}

// ─── Missions, offers, scenes, infos ────────────────────────────────────────

/** Something a player captured or shared to accomplish a mission or sub-mission. */
export interface CaptureRow {
  player: string;
  subMission: string;
  kind: 'info' | 'share';
  message: string;
  mediaId: string | null;
  when: string;
}

export interface MissionStat {
  missionId: string;
  title: string;
  /** The system name, shown after the title (when the design still has the entity). */
  name?: string;
  /** Players the mission was assigned to. */
  assigned: number;
  /** Players who accomplished the mission itself. */
  completed: number;
  subMissions: { id: string; title: string; completed: number }[];
  captures: CaptureRow[];
}

/** Mission Stats: assigned and completed per mission, with what players captured or shared. */
export function missionStats(players: readonly AnalyticsPlayer[], design: AnalyticsDesign): MissionStat[] {
  const missions = byId(design.missions);
  const groups = groupInOrder(
    recordsOf(players, RECORD_NAMES.mission),
    (record) => record.missionId,
    design.missions.map((mission) => mission.id),
  );
  return groups.map(([missionId, records]) => {
    const mission = missions.get(missionId);
    const designSubs = mission?.accomplishment?.submissions ?? [];
    const subTitle = (id: string) => designSubs.find((sub) => sub.id === id)?.title || id;
    const completions = records.filter((item) => item.record.status === 'completed');
    const subMissions = groupInOrder(
      completions,
      (record) => record.subMissionId,
      designSubs.map((sub) => sub.id),
    ).map(([id, items]) => ({ id, title: subTitle(id), completed: countPlayers(items) }));
    const captures = completions.flatMap((item): CaptureRow[] => {
      const { record } = item;
      const captured = record.capturedShare ?? record.capturedInfo;
      if (!captured || (!captured.message && !captured.mediaId)) return [];
      return [
        {
          player: actorOf(item),
          subMission: record.subMissionId ? subTitle(record.subMissionId) : '',
          kind: record.capturedShare ? 'share' : 'info',
          message: captured.message ?? '',
          mediaId: captured.mediaId ?? null,
          when: record.when,
        },
      ];
    });
    return {
      missionId,
      title: nameOf(mission, missionId),
      name: mission?.name,
      assigned: countPlayers(records.filter((item) => item.record.status === 'assigned')),
      completed: countPlayers(completions.filter((item) => !item.record.subMissionId)),
      subMissions,
      captures,
    };
  });
}

export interface OfferStat {
  offerId: string;
  title: string;
  /** The system name, shown after the title (when the design still has the entity). */
  name?: string;
  /** Times the offer was picked (a player may pick it more than once). */
  picked: number;
  redeemed: number;
  /** Players who picked or redeemed it. */
  players: number;
}

/** Offers: picked and redeemed per offer. */
export function offerStats(players: readonly AnalyticsPlayer[], design: AnalyticsDesign): OfferStat[] {
  const offers = byId(design.offers);
  return groupInOrder(
    recordsOf(players, RECORD_NAMES.offer),
    (record) => record.offerId,
    design.offers.map((offer) => offer.id),
  ).map(([offerId, records]) => ({
    offerId,
    title: nameOf(offers.get(offerId), offerId),
    name: offers.get(offerId)?.name,
    picked: records.filter((item) => item.record.status === 'picked').length,
    redeemed: records.filter((item) => item.record.status === 'redeemed').length,
    players: countPlayers(records),
  }));
}

/** A player's visit: who and when. */
export interface VisitRow {
  player: string;
  when: string;
}

/** Scenes entered or infos seen: how often, by how many players, and by whom when. */
export interface VisitStat {
  id: string;
  title: string;
  /** The system name, shown after the title (when the design still has the entity). */
  name?: string;
  times: number;
  players: number;
  rows: VisitRow[];
}

function visitStats(
  items: readonly PlayerRecord[],
  keyOf: (record: AnalyticsRecord) => string | undefined,
  entities: readonly NamedEntity[],
): VisitStat[] {
  const named = byId(entities);
  return groupInOrder(
    items,
    keyOf,
    entities.map((entity) => entity.id),
  ).map(([id, records]) => ({
    id,
    title: nameOf(named.get(id), id),
    name: named.get(id)?.name,
    times: records.length,
    players: countPlayers(records),
    rows: records.map((item) => ({ player: actorOf(item), when: item.record.when })),
  }));
}

/** Scene Stats: players entering each scene. The page shows it only for a game of more than one scene. */
export function sceneStats(players: readonly AnalyticsPlayer[], design: AnalyticsDesign): VisitStat[] {
  return visitStats(recordsOf(players, RECORD_NAMES.enteredScene), (record) => record.sceneId, design.scenes);
}

/** Info Stats: how often each info box was seen. */
export function infoStats(players: readonly AnalyticsPlayer[], design: AnalyticsDesign): VisitStat[] {
  return visitStats(recordsOf(players, RECORD_NAMES.seenInfo), (record) => record.interactionId, design.interactions);
}

// ─── Conversations ──────────────────────────────────────────────────────────

/** One line of a chat replay: a statement said to the player, or the player's reply. */
export interface ChatLine {
  from: 'character' | 'player';
  speaker: string;
  text: string;
  when: string;
}

function leadsTo(option: DesignStatementOption, statementId: string): boolean {
  return (option.actions ?? []).some(
    (action) => action.actionName === 'sayStatement' && action.actionArgs?.what === statementId,
  );
}

/**
 * Rebuilds what a player saw of a conversation from its statement history, in
 * order (spec 3 §2). Each statement said is spoken by its character ('Game
 * Master' when the character is not among the game's characters); the
 * player's reply to it is the statement's repliedWith, else the label of the
 * option the player chose there, else the label of the option whose actions
 * say the next statement of the history.
 */
export function chatReplay(
  conversation: DesignInteraction | undefined,
  history: readonly ConversationStep[],
  characters: readonly NamedEntity[],
  playerName: string,
): ChatLine[] {
  const statements = byId(conversation?.conversation?.statements ?? []);
  const people = byId(characters);
  const lines: ChatLine[] = [];
  const said = history.map((step, index) => ({ step, index })).filter(({ step }) => !step.optionId);
  said.forEach(({ step, index }, position) => {
    const statement = statements.get(step.statementId);
    const next = said[position + 1];
    const character = statement?.spokenBy ? people.get(statement.spokenBy) : undefined;
    lines.push({
      from: 'character',
      speaker: character ? nameOf(character, character.id) : GAME_MASTER,
      text: statement ? plainText(statement.body) : step.statementId,
      when: step.when,
    });
    if (!statement) return;
    const chosen = history
      .slice(index + 1, next ? next.index : history.length)
      .find((candidate) => candidate.optionId && candidate.statementId === step.statementId);
    const options = statement.options ?? [];
    const option = chosen
      ? options.find((candidate) => candidate.id === chosen.optionId)
      : next
        ? options.find((candidate) => leadsTo(candidate, next.step.statementId))
        : undefined;
    const reply = statement.repliedWith?.trim() || option?.actionLabel;
    // A statement the player never answered (the last one seen) has no reply.
    if (reply && (chosen || next)) {
      lines.push({
        from: 'player',
        speaker: playerName,
        text: reply,
        when: chosen?.when ?? next?.step.when ?? step.when,
      });
    }
  });
  return lines;
}

/** One completed conversation of one player, replayed. */
export interface ConversationReplay {
  player: string;
  when: string;
  lines: ChatLine[];
}

export interface ConversationStat {
  interactionId: string;
  title: string;
  /** The system name, shown after the title (when the design still has the entity). */
  name?: string;
  /** Players who started it. */
  started: number;
  /** Players who completed it. */
  completed: number;
  replays: ConversationReplay[];
}

/** Conversation Stats: started and completed per conversation, each completion with its chat replay. */
export function conversationStats(players: readonly AnalyticsPlayer[], design: AnalyticsDesign): ConversationStat[] {
  const interactions = byId(design.interactions);
  return groupInOrder(
    recordsOf(players, RECORD_NAMES.conversation),
    (record) => record.interactionId,
    design.interactions.map((interaction) => interaction.id),
  ).map(([interactionId, records]) => {
    const conversation = interactions.get(interactionId);
    const completions = records.filter((item) => item.record.status === 'completed');
    return {
      interactionId,
      title: nameOf(conversation, interactionId),
      name: conversation?.name,
      started: countPlayers(records.filter((item) => item.record.status === 'started')),
      completed: countPlayers(completions),
      replays: completions.map(({ player, record }) => ({
        player: player.avatar.name,
        when: record.when,
        lines: chatReplay(conversation, record.history ?? [], design.characters, player.avatar.name),
      })),
    };
  });
}

// ─── CSV ────────────────────────────────────────────────────────────────────

export type CsvCell = string | number | boolean | CsvTime;

/** A time in a CSV row: written in the game's timezone when the file is, its column's header naming the zone. */
export interface CsvTime {
  readonly csvTime: string | null | undefined;
}

/** A record's time as a CSV cell. */
export const csvTime = (when: string | null | undefined): CsvTime => ({ csvTime: when });

/** The header of every time column; the file says its timezone: 'Date (Europe/Athens)'. */
const DATE_COLUMN = 'Date';

function isCsvTime(cell: CsvCell): cell is CsvTime {
  return typeof cell === 'object' && cell !== null && 'csvTime' in cell;
}

/** A CSV time in `zone` (UTC when the game has none), in the analytics format. */
function formatCsvTime(when: string | null | undefined, zone: string): string {
  if (!when) return '';
  const time = dayjs(when);
  if (!time.isValid()) return when;
  try {
    return time.tz(zone).locale('en').format(ANALYTICS_DATE_FORMAT);
  } catch {
    return time.utc().locale('en').format(ANALYTICS_DATE_FORMAT);
  }
}

/**
 * A CSV export: the file's name, its header and its rows. The panels' builders
 * below compute `rows` in a getter: a panel shows its Export button by the
 * file's name, and the rows — one per answer or
 * visit, each with a formatted time, tens of thousands for a game of 5,000
 * players (bench/operators-ui.bench.mjs) — are built only when the file is.
 */
export interface CsvTable {
  fileName: string;
  header: string[];
  readonly rows: CsvCell[][];
}

/** The byte-order mark that leads every export, so spreadsheet programs read UTF-8. */
export const CSV_BOM = '\uFEFF';

/**
 * The text of a CSV file (spec 3 §9): comma-separated, a field quoted when it
 * holds a quote, comma or line break, quotes doubled, formulas escaped (csv.ts), led by a byte-order mark;
 * times in the game's `zone` (UTC without one), named in their column's header.
 */
export function toCsv(table: Pick<CsvTable, 'header' | 'rows'>, zone: string | null = null): string {
  const inZone = zone || 'UTC';
  const header = table.header.map((name) => (name === DATE_COLUMN ? `${name} (${inZone})` : name));
  const rows = table.rows.map((row) =>
    row.map((cell) => (isCsvTime(cell) ? formatCsvTime(cell.csvTime, inZone) : cell)),
  );
  return CSV_BOM + unparseCsv(header, rows);
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** QuestionStats.csv: one row per answer given. */
export function questionsCsv(stats: readonly QuestionStat[]): CsvTable {
  return {
    fileName: 'QuestionStats.csv',
    header: ['Question', 'Player', 'Answer', 'Correct', 'Language', 'Date'],
    get rows() {
      return stats.flatMap((stat) =>
        stat.rows.map((row) => [
          stat.title,
          row.player,
          row.answer,
          yesNo(row.correct),
          row.language,
          csvTime(row.when),
        ]),
      );
    },
  };
}

/** quiz_{id}.csv: one row per answer given to the quiz's questions. */
export function quizCsv(stat: QuizStat): CsvTable {
  return {
    fileName: `quiz_${stat.interactionId}.csv`,
    header: ['Quiz', 'Question', 'Player', 'Answer', 'Correct', 'Language', 'Date'],
    get rows() {
      return stat.questions.flatMap((question) =>
        question.rows.map((row) => [
          stat.title,
          question.title,
          row.player,
          row.answer,
          yesNo(row.correct),
          row.language,
          csvTime(row.when),
        ]),
      );
    },
  };
}

/** MissionStats.csv: one row per mission with its counts, then one per capture. */
export function missionsCsv(stats: readonly MissionStat[], mediaUrl: (mediaId: string) => string): CsvTable {
  return {
    fileName: 'MissionStats.csv',
    header: ['Mission', 'Assigned', 'Completed', 'Sub-mission', 'Player', 'Message', 'Media', 'Date'],
    get rows() {
      return stats.flatMap((stat) => [
        [stat.title, stat.assigned, stat.completed, '', '', '', '', ''],
        ...stat.captures.map((capture) => [
          stat.title,
          '',
          '',
          capture.subMission,
          capture.player,
          capture.message,
          capture.mediaId ? mediaUrl(capture.mediaId) : '',
          csvTime(capture.when),
        ]),
      ]);
    },
  };
}

function visitsCsv(fileName: string, label: string, stats: readonly VisitStat[]): CsvTable {
  return {
    fileName,
    header: [label, 'Player', 'Date'],
    get rows() {
      return stats.flatMap((stat) => stat.rows.map((row) => [stat.title, row.player, csvTime(row.when)]));
    },
  };
}

/** InfoStats.csv: one row per time an info box was seen. */
export const infosCsv = (stats: readonly VisitStat[]) => visitsCsv('InfoStats.csv', 'Info', stats);

/** SceneStats.csv: one row per time a player entered a scene. */
export const scenesCsv = (stats: readonly VisitStat[]) => visitsCsv('SceneStats.csv', 'Scene', stats);

/** ConversationStats.csv: one row per completed conversation, its replay as a transcript of lines. */
export function conversationsCsv(stats: readonly ConversationStat[]): CsvTable {
  return {
    fileName: 'ConversationStats.csv',
    header: ['Conversation', 'Started', 'Completed', 'Player', 'Date', 'Transcript'],
    get rows() {
      return stats.flatMap((stat) => [
        [stat.title, stat.started, stat.completed, '', '', ''],
        ...stat.replays.map((replay) => [
          stat.title,
          '',
          '',
          replay.player,
          csvTime(replay.when),
          replay.lines.map((line) => `${line.speaker}: ${line.text}`).join('\n'),
        ]),
      ]);
    },
  };
}

/** The design lists of the workspace answer that the page names things from. */
export function analyticsDesignOf(workspace: Workspace): AnalyticsDesign {
  const { interactions, missions, offers, scenes, characters } = workspace;
  return { interactions, missions, offers, scenes, characters, mainLanguage: languageCodeOf(workspace.game.language) };
}

// ─── Versions ───────────────────────────────────────────────────────────────

/**
 * The version the page opens with: the newest one by creation (the newest
 * published version; the working version when nothing was published).
 */
export function newestVersion<V extends { id: string; createdAt: string; version?: unknown }>(
  versions: readonly V[],
): V | undefined {
  const number = (version: V) => (typeof version.version === 'number' ? version.version : 0);
  return [...versions].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || number(b) - number(a))[0];
}
