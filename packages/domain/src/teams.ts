import { z } from 'zod';
import { nameText } from './text-limits.js';

/**
 * Teams (issue 28, docs/outings.md): a game played in teams. An instance holds the teams; a team is ONE engine
 * player (one `player_states` row: the team's shared progress) and its members are the accounts on phones that
 * act for it. This file holds the game setting, the organiser's and the players' requests and answers, the class
 * list (CSV) reading and the dealing of members into teams — pure, so the console and the server share them.
 */

/** The most members a team may have, and the most teams an instance may hold. */
export const TEAM_LIMITS = { maxSize: 50, maxTeams: 100, maxClassList: 2000 } as const;

/** The game setting "played in teams" (absent on games saved before it existed: not in teams). */
export const teamsSettingsSchema = z.object({
  /** The game is played in teams: one shared progress per team. */
  enabled: z.boolean(),
  minSize: z.number().int().min(1).max(TEAM_LIMITS.maxSize),
  maxSize: z.number().int().min(1).max(TEAM_LIMITS.maxSize),
  /** Players may create a team in the lobby (else only the organiser makes them, players join with a code). */
  playersFormTeams: z.boolean(),
});
export type TeamsSettings = z.infer<typeof teamsSettingsSchema>;

export const DEFAULT_TEAMS_SETTINGS: TeamsSettings = {
  enabled: false,
  minSize: 1,
  maxSize: 6,
  playersFormTeams: false,
};

/** The teams setting of a game (the default, not in teams, for games saved before it existed). */
export function teamsSettingsOf(settings: { teams?: TeamsSettings | null }): TeamsSettings {
  return settings.teams ?? DEFAULT_TEAMS_SETTINGS;
}

/** The teams' colours, in order (team n takes colour n modulo their number); each passes AA against white text. */
export const TEAM_COLOURS = [
  '#1c6bb0',
  '#b3261e',
  '#2e7d32',
  '#7b3fa0',
  '#a15c00',
  '#00796b',
  '#c2185b',
  '#455a64',
] as const;

export const TEAM_MESSAGES = {
  sizeOrder: 'The smallest team size cannot be larger than the largest',
  namesOrCount: 'Type the teams’ names, or say how many teams to make',
  tooManyTeams: `At most ${TEAM_LIMITS.maxTeams} teams`,
  duplicateName: 'Two teams cannot have the same name',
  classListEmpty: 'The class list has no rows',
  classListTooLong: `At most ${TEAM_LIMITS.maxClassList} rows`,
  classListBadRows: (count: number) =>
    count === 1 ? 'One row of the class list cannot be read' : `${count} rows of the class list cannot be read`,
  rowNameMissing: (row: number) => `Row ${row}: the name is missing`,
  rowEmailInvalid: (row: number) => `Row ${row}: the email is not an email address`,
  rowEmailTwice: (row: number) => `Row ${row}: the same email is on an earlier row`,
  notTeamGame: 'This game is not played in teams',
  notTeamInstance: 'This game has no teams',
  teamNotFound: 'No team has this code. Check it with your organiser.',
  memberNotFound: 'No such member',
  teamFull: 'This team is full',
  otherTeam: 'You are already in another team of this game',
  teamRequired: 'This game is played in teams: join your team with its code first',
  playersMayNotFormTeams: 'Teams are made by the organiser: ask them for your team’s code',
  notPublished: 'Publish the game before creating its teams',
} as const;

// ─── Class lists (CSV) ────────────────────────────────────────────────────────

/** One person of a class list. */
export interface ClassListEntry {
  name: string;
  email: string | null;
  /** An optional third column (a class, a level): "balanced" spreads each group over the teams. */
  group: string | null;
}

/** A row of a class list that cannot be read, with its row number (as a spreadsheet numbers it) and why. */
export interface ClassListProblem {
  row: number;
  message: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HEADER_NAMES = new Set(['name', 'names', 'όνομα', 'ονοματεπώνυμο', 'student', 'full name']);

/**
 * Reads the rows of a class list already split into cells (papaparse on both sides): name, email (optional),
 * group (optional). A first row whose first cell is a heading ("name") is skipped; empty rows are skipped;
 * every other row that cannot be read is reported with its number.
 */
export function readClassList(rows: readonly (readonly string[])[]): {
  entries: ClassListEntry[];
  problems: ClassListProblem[];
} {
  const entries: ClassListEntry[] = [];
  const problems: ClassListProblem[] = [];
  const emails = new Set<string>();
  rows.forEach((cells, index) => {
    const row = index + 1;
    const [rawName = '', rawEmail = '', rawGroup = ''] = cells.map((cell) => String(cell ?? '').trim());
    if (cells.every((cell) => String(cell ?? '').trim() === '')) return;
    if (index === 0 && HEADER_NAMES.has(rawName.toLowerCase())) return;
    if (!rawName) return void problems.push({ row, message: TEAM_MESSAGES.rowNameMissing(row) });
    const email = rawEmail ? rawEmail.toLowerCase() : null;
    if (email && !EMAIL.test(email)) return void problems.push({ row, message: TEAM_MESSAGES.rowEmailInvalid(row) });
    if (email && emails.has(email)) return void problems.push({ row, message: TEAM_MESSAGES.rowEmailTwice(row) });
    if (email) emails.add(email);
    entries.push({ name: rawName.slice(0, 200), email, group: rawGroup ? rawGroup.slice(0, 200) : null });
  });
  return { entries, problems };
}

// ─── Dealing members into teams ───────────────────────────────────────────────

export const DEAL_MODES = ['random', 'balanced'] as const;
export type DealMode = (typeof DEAL_MODES)[number];

/**
 * Deals `members` into `teamCount` teams: answers each member's team index. Both modes make teams whose sizes
 * differ by one at most. `random` shuffles first (with `random`, an argument so tests are repeatable);
 * `balanced` keeps the list's order within each group and spreads every group (a class, a level) evenly, the
 * largest groups first, always onto the team that is smallest so far.
 */
export function dealIntoTeams<M extends { group?: string | null }>(
  members: readonly M[],
  teamCount: number,
  mode: DealMode,
  random: () => number = Math.random,
): number[] {
  if (teamCount <= 0) return members.map(() => -1);
  const order = members.map((_, index) => index);
  if (mode === 'random') {
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const teams = new Array<number>(members.length);
    order.forEach((member, position) => (teams[member] = position % teamCount));
    return teams;
  }
  const groups = new Map<string, number[]>();
  for (const index of order) {
    const key = members[index]!.group ?? '';
    groups.set(key, [...(groups.get(key) ?? []), index]);
  }
  const sizes = new Array<number>(teamCount).fill(0);
  const teams = new Array<number>(members.length);
  const sorted = [...groups.values()].sort((a, b) => b.length - a.length);
  let next = 0;
  for (const group of sorted) {
    for (const index of group) {
      // The smallest team, starting after the last one dealt to (so a group goes round the teams).
      let best = -1;
      for (let k = 0; k < teamCount; k += 1) {
        const team = (next + k) % teamCount;
        if (best === -1 || sizes[team]! < sizes[best]!) best = team;
      }
      teams[index] = best;
      sizes[best]! += 1;
      next = (best + 1) % teamCount;
    }
  }
  return teams;
}

// ─── Requests and answers ─────────────────────────────────────────────────────

/** POST /api/manage/games/{gameId}/team-instances: a new event instance with its teams. */
export const createTeamInstanceBodySchema = z
  .object({
    /** The teams' names, typed (one per team). */
    teamNames: z
      .array(nameText.pipe(z.string().trim().min(1, 'Required')))
      .max(TEAM_LIMITS.maxTeams)
      .optional(),
    /** Or how many teams to make ("Team 1", "Team 2", …). */
    teamCount: z.number().int().min(1).max(TEAM_LIMITS.maxTeams).optional(),
    /** A class list as CSV text: name, email (optional), group (optional); one person a row. */
    classList: z.string().max(200_000).optional(),
    /** How the class list is dealt into the teams; absent: left for the organiser to deal by hand. */
    deal: z.enum(DEAL_MODES).optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.teamNames?.length && !body.teamCount) {
      ctx.addIssue({ code: 'custom', path: ['teamNames'], message: TEAM_MESSAGES.namesOrCount });
    }
    const names = (body.teamNames ?? []).map((name) => name.trim().toLowerCase());
    const twice = names.findIndex((name, index) => names.indexOf(name) !== index);
    if (twice >= 0) ctx.addIssue({ code: 'custom', path: ['teamNames', twice], message: TEAM_MESSAGES.duplicateName });
  });
export type CreateTeamInstanceBody = z.infer<typeof createTeamInstanceBodySchema>;

/** POST /api/manage/team-instances/{instanceId}/deal. */
export const dealBodySchema = z.object({ mode: z.enum(DEAL_MODES) });

/** PATCH /api/manage/team-instances/{instanceId}/members/{memberId}: moves a member (null: out of every team). */
export const moveMemberBodySchema = z.object({ teamId: z.string().min(1).nullable() });

/** POST /api/play/team-join: a player joins the team whose code they typed or scanned. */
export const teamJoinBodySchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Required')
    .max(40)
    .transform((code) => code.toUpperCase().replace(/[^A-Z0-9]/g, '')),
});

/** The avatars a team may take (an emoji each): the organiser picks one on its card, or players when they form it. */
export const TEAM_AVATARS = ['🦉', '🦊', '🐺', '🦅', '🐬', '🐢', '🦁', '🐝', '🐙', '🦄', '🐉', '⭐'] as const;
export type TeamAvatar = (typeof TEAM_AVATARS)[number];
const teamAvatarSchema = z.enum(TEAM_AVATARS, { error: 'Choose one of the avatars' });

/** POST /api/play/games/{gameId}/teams: a player creates a team (games whose players form teams). */
export const createOwnTeamBodySchema = z.object({
  name: nameText.pipe(z.string().trim().min(1, 'Required')),
  /** The team's avatar (optional). */
  avatar: teamAvatarSchema.nullable().optional(),
});

/** PATCH /api/manage/team-instances/{instanceId}/teams/{teamId}: the team's avatar (null: none). */
export const teamAvatarBodySchema = z.object({ avatar: teamAvatarSchema.nullable() });

export const teamMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The class list's email (organisers only; null for players and for members who joined by code). */
  email: z.string().nullable(),
  group: z.string().nullable(),
  /** The member has joined on a phone (an account is bound to them). */
  joined: z.boolean(),
  /** The member's own last position, or null. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamSchema = z.object({
  /** The team's engine player id. */
  id: z.string(),
  name: z.string(),
  colour: z.string(),
  /** The team's avatar (one of TEAM_AVATARS), or null. */
  avatar: z.string().nullable(),
  /**
   * The team's picture (an image the organiser uploaded; a medium's id, its thumbnail at
   * `/api/design/medias/thumb/{id}`), shown instead of the avatar; null when none. Always shown beside the team's
   * name, so it is decorative (empty alt text).
   */
  pictureId: z.string().nullable(),
  /** The code players type in the lobby (organisers only; members see their own team's). */
  code: z.string(),
  /** The link a phone opens to join (the QR code's content). */
  joinLink: z.string(),
  members: z.array(teamMemberSchema),
});
export type Team = z.infer<typeof teamSchema>;

/** An instance with teams, as its organisers read it. */
export const teamInstanceSchema = z.object({
  instanceId: z.string(),
  gameId: z.string(),
  status: z.string(),
  teams: z.array(teamSchema),
  /** Members of the class list not dealt into a team yet. */
  unassigned: z.array(teamMemberSchema),
});
export type TeamInstance = z.infer<typeof teamInstanceSchema>;

export const teamInstancesSchema = z.object({ instances: z.array(teamInstanceSchema) });

/** What a player reads of their team: its name, colour, code and members (no emails). */
export const myTeamSchema = z.object({
  instanceId: z.string(),
  gameId: z.string(),
  team: teamSchema,
  /** The caller's own member id. */
  memberId: z.string(),
});
export type MyTeam = z.infer<typeof myTeamSchema>;

/** The deep link a team's QR code carries: the lobby of the game with the team's code filled in. */
export function teamJoinPath(gameId: string, code: string): string {
  return `/fe/play/${gameId}?team=${encodeURIComponent(code)}`;
}
