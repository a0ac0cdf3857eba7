/**
 * Teams (issue 28; docs/outings.md): the organiser's event instances with teams, the class list, dealing and
 * moving members, and the players' way into a team with its code.
 *
 * The model. A team is ONE engine player: its `player_states` row (`player_id` = the team's id, `user_id`
 * null, `name` the team's name) holds the team's shared progress, and a member's event steps that row through
 * the one pipeline (runtime/player-event.ts), so members acting at once are as race-safe as one player's
 * events. `teams` holds the team's colour and join code; `team_members` its people — from the class list (name,
 * email, group) or joined with the code — each bound to an account once they join on a phone.
 *
 * A team's row is made (its `start` stepped) when its first member joins: the team's clock starts then, not
 * when the organiser types its name. Joins of one team are serialised by the team's row lock (`FOR UPDATE`
 * on `teams`), so two members joining at once start the team once. The lock order: a transaction that locks
 * an instance's row and one of its team rows takes the instance row first (as every step does), never the
 * team's and then the instance's.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import {
  dealIntoTeams,
  PLAY_MESSAGES,
  readClassList,
  TEAM_COLOURS,
  TEAM_LIMITS,
  TEAM_MESSAGES,
  teamJoinPath,
  teamsSettingsOf,
  type CreateTeamInstanceBody,
  type DealMode,
  type MyTeam,
  type Team,
  type TeamInstance,
  type TeamMember,
} from '@loci/domain';
import { createInstanceState } from '@loci/engine';
import type { AppContext } from '../../context.js';
import type { Executor, Transaction } from '../../db/client.js';
import {
  gameInstances,
  gameVersions,
  playerStates,
  teamMembers,
  teams,
  users,
  type GameInstanceRow,
  type TeamMemberRow,
  type TeamRow,
} from '../../db/schema.js';
import { AppError, fail } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { isUuid } from '../../lib/uuid.js';
import { requireGameRight } from '../../policies/games.js';
import { assertMayPlay, loadPlayableGame } from '../../policies/play.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { insertInstance, lockInstance } from '../runtime/instance-rows.js';
import { stepLockedInstance } from '../runtime/locked-step.js';
import { pushStepped } from '../runtime/pushes.js';
import { specOfVersion } from '../runtime/specs.js';
import { removeInstanceMedium, uploadTeamPicture, type UploadedFile } from '../media/service.js';

// ─── Reading ─────────────────────────────────────────────────────────────────

/** Letters and digits that cannot be mistaken for one another when read aloud or from paper. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 6;

function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

function presentMember(row: TeamMemberRow, withEmail: boolean): TeamMember {
  return {
    id: row.id,
    name: row.name,
    email: withEmail ? row.email : null,
    group: withEmail ? row.groupName : null,
    joined: row.userId !== null,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

function presentTeam(gameId: string, team: TeamRow, members: TeamMemberRow[], withEmail: boolean): Team {
  return {
    id: team.teamId,
    name: team.name,
    colour: team.colour,
    avatar: team.avatar,
    pictureId: team.pictureId,
    code: team.code,
    joinLink: teamJoinPath(gameId, team.code),
    members: members.filter((member) => member.teamId === team.teamId).map((row) => presentMember(row, withEmail)),
  };
}

/** An instance's teams and members as its organisers read them. */
async function presentTeamInstance(db: Executor, instance: GameInstanceRow): Promise<TeamInstance> {
  const [teamRows, memberRows] = await Promise.all([
    db.select().from(teams).where(eq(teams.instanceId, instance.id)).orderBy(asc(teams.position)),
    db.select().from(teamMembers).where(eq(teamMembers.instanceId, instance.id)).orderBy(asc(teamMembers.position)),
  ]);
  return {
    instanceId: instance.id,
    gameId: instance.gameId,
    status: instance.status,
    teams: teamRows.map((team) => presentTeam(instance.gameId, team, memberRows, true)),
    unassigned: memberRows.filter((member) => member.teamId === null).map((row) => presentMember(row, true)),
  };
}

/** The instance when the caller operates its game (manage right) and it holds teams: 404 / 403 / 409 otherwise. */
async function requireTeamInstance(ctx: AppContext, user: CurrentUser, instanceId: string): Promise<GameInstanceRow> {
  const [instance] = isUuid(instanceId)
    ? await ctx.db.select().from(gameInstances).where(eq(gameInstances.id, instanceId)).limit(1)
    : [];
  if (!instance) throw fail.notFound(PLAY_MESSAGES.instanceNotFound);
  await requireGameRight({ ctx, user, gameId: instance.gameId, right: 'manage' });
  const [one] = await ctx.db.select({ id: teams.teamId }).from(teams).where(eq(teams.instanceId, instanceId)).limit(1);
  if (!one) throw fail.conflict(TEAM_MESSAGES.notTeamInstance);
  return instance;
}

// ─── The organiser ───────────────────────────────────────────────────────────

/** Reads a class list (CSV text, papaparse): its people, or 400 with a field error per bad row. */
export function parseClassList(text: string): ReturnType<typeof readClassList>['entries'] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const { entries, problems } = readClassList(parsed.data);
  if (problems.length > 0) {
    const errors: Record<string, string> = { classList: TEAM_MESSAGES.classListBadRows(problems.length) };
    for (const problem of problems.slice(0, 50)) errors[`classList.${problem.row}`] = problem.message;
    throw fail.validation(errors, TEAM_MESSAGES.classListBadRows(problems.length));
  }
  if (entries.length === 0) throw fail.validation({ classList: TEAM_MESSAGES.classListEmpty });
  if (entries.length > TEAM_LIMITS.maxClassList) throw fail.validation({ classList: TEAM_MESSAGES.classListTooLong });
  return entries;
}

/**
 * POST /api/manage/games/{gameId}/team-instances: a new instance of the game's published version with its
 * teams (typed names, or "Team 1" … "Team n"), the class list's people, dealt at random, balanced, or left
 * unassigned for the organiser to deal by hand. Manage right (403); 409 when the game is not played in teams
 * or not published; 400 with a field error per bad row of the class list.
 */
export async function createTeamInstance(args: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  body: CreateTeamInstanceBody;
}): Promise<TeamInstance> {
  const { ctx, user, body } = args;
  const game = await requireGameRight({ ctx, user, gameId: args.gameId, right: 'manage' });
  if (!teamsSettingsOf(game.row.settings).enabled) throw fail.conflict(TEAM_MESSAGES.notTeamGame);
  const people = body.classList?.trim() ? parseClassList(body.classList) : [];
  if (!game.row.publicVersionId) throw fail.conflict(TEAM_MESSAGES.notPublished);
  const [version] = await ctx.db
    .select()
    .from(gameVersions)
    .where(eq(gameVersions.id, game.row.publicVersionId))
    .limit(1);
  if (!version) throw fail.conflict(TEAM_MESSAGES.notPublished);
  const names = body.teamNames?.length
    ? body.teamNames.map((name) => name.trim())
    : Array.from({ length: body.teamCount ?? 1 }, (_, index) => `Team ${index + 1}`);
  const spec = await specOfVersion(ctx.db, game.row, version);
  const dealt = body.deal ? dealIntoTeams(people, names.length, body.deal) : people.map(() => -1);
  const teamIds = names.map(() => randomUUID());

  const instance = await ctx.db.transaction(async (tx) => {
    const row = await insertInstance(tx, {
      gameId: game.row.id,
      versionId: version.id,
      isLiveSpec: false,
      // Several engine players (the teams) share the instance's world.
      multiplayer: true,
      world: createInstanceState(spec, { multiplayer: true }).world,
      spec: null,
      now: ctx.now(),
    });
    await insertTeams(
      tx,
      names.map((name, index) => ({ instanceId: row.id, teamId: teamIds[index]!, name, position: index })),
    );
    if (people.length > 0) {
      await tx.insert(teamMembers).values(
        people.map((person, index) => ({
          instanceId: row.id,
          teamId: dealt[index]! >= 0 ? teamIds[dealt[index]!]! : null,
          name: person.name,
          email: person.email,
          groupName: person.group,
          position: index,
        })),
      );
    }
    return row;
  });
  return presentTeamInstance(ctx.db, instance);
}

/** Inserts teams with fresh codes (a code taken by another team is drawn again). */
async function insertTeams(
  tx: Transaction,
  rows: Array<{ instanceId: string; teamId: string; name: string; position: number; avatar?: string | null }>,
): Promise<TeamRow[]> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      // A savepoint: a taken code rolls back this insert only, not the caller's transaction.
      return await tx.transaction((inner) =>
        inner
          .insert(teams)
          .values(
            rows.map((row) => ({ ...row, code: newCode(), colour: TEAM_COLOURS[row.position % TEAM_COLOURS.length]! })),
          )
          .returning(),
      );
    } catch (error) {
      if (attempt >= 4 || !isUniqueViolation(error)) throw error;
    }
  }
}

/** GET /api/manage/games/{gameId}/team-instances: the game's instances with teams, newest first (manage right). */
export async function listTeamInstances(args: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
}): Promise<{ instances: TeamInstance[] }> {
  const { ctx } = args;
  const game = await requireGameRight({ ctx, user: args.user, gameId: args.gameId, right: 'manage' });
  const rows = await ctx.db
    .select()
    .from(gameInstances)
    .where(
      and(
        eq(gameInstances.gameId, game.row.id),
        sql`exists (select 1 from ${teams} where ${teams.instanceId} = ${gameInstances.id})`,
      ),
    )
    .orderBy(desc(gameInstances.createdAt))
    .limit(20);
  return { instances: await Promise.all(rows.map((row) => presentTeamInstance(ctx.db, row))) };
}

/** GET /api/manage/team-instances/{instanceId}. */
export async function getTeamInstance(args: { ctx: AppContext; user: CurrentUser; instanceId: string }) {
  const instance = await requireTeamInstance(args.ctx, args.user, args.instanceId);
  return presentTeamInstance(args.ctx.db, instance);
}

/** POST /api/manage/team-instances/{instanceId}/deal: deals every member again (random or balanced). */
export async function dealTeamInstance(args: {
  ctx: AppContext;
  user: CurrentUser;
  instanceId: string;
  mode: DealMode;
}): Promise<TeamInstance> {
  const { ctx } = args;
  const instance = await requireTeamInstance(ctx, args.user, args.instanceId);
  await ctx.db.transaction(async (tx) => {
    const teamRows = await tx
      .select()
      .from(teams)
      .where(eq(teams.instanceId, instance.id))
      .orderBy(asc(teams.position))
      .for('update');
    const members = await tx
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.instanceId, instance.id))
      .orderBy(asc(teamMembers.position));
    const dealt = dealIntoTeams(
      members.map((member) => ({ group: member.groupName })),
      teamRows.length,
      args.mode,
    );
    for (const [index, team] of teamRows.entries()) {
      const ids = members.filter((_, m) => dealt[m] === index).map((member) => member.id);
      if (ids.length > 0) await tx.update(teamMembers).set({ teamId: team.teamId }).where(inArray(teamMembers.id, ids));
    }
  });
  return presentTeamInstance(ctx.db, instance);
}

/** PATCH /api/manage/team-instances/{instanceId}/members/{memberId}: moves a member to a team (or out of all). */
export async function moveTeamMember(args: {
  ctx: AppContext;
  user: CurrentUser;
  instanceId: string;
  memberId: string;
  teamId: string | null;
}): Promise<TeamInstance> {
  const { ctx } = args;
  const instance = await requireTeamInstance(ctx, args.user, args.instanceId);
  if (args.teamId !== null) {
    const [team] = await ctx.db
      .select({ id: teams.teamId })
      .from(teams)
      .where(and(eq(teams.instanceId, instance.id), eq(teams.teamId, args.teamId)));
    if (!team) throw fail.validation({ teamId: TEAM_MESSAGES.teamNotFound });
  }
  const moved = isUuid(args.memberId)
    ? await ctx.db
        .update(teamMembers)
        .set({ teamId: args.teamId })
        .where(and(eq(teamMembers.instanceId, instance.id), eq(teamMembers.id, args.memberId)))
        .returning({ id: teamMembers.id })
    : [];
  if (moved.length === 0) throw fail.notFound(TEAM_MESSAGES.memberNotFound);
  return presentTeamInstance(ctx.db, instance);
}

/** PATCH /api/manage/team-instances/{instanceId}/teams/{teamId}: sets (or clears) a team's avatar. */
export async function setTeamAvatar(args: {
  ctx: AppContext;
  user: CurrentUser;
  instanceId: string;
  teamId: string;
  avatar: string | null;
}): Promise<TeamInstance> {
  const { ctx } = args;
  const instance = await requireTeamInstance(ctx, args.user, args.instanceId);
  const set = await ctx.db
    .update(teams)
    .set({ avatar: args.avatar })
    .where(and(eq(teams.instanceId, instance.id), eq(teams.teamId, args.teamId)))
    .returning({ id: teams.teamId });
  if (set.length === 0) throw fail.notFound(TEAM_MESSAGES.teamNotFound);
  return presentTeamInstance(ctx.db, instance);
}

/**
 * POST /api/manage/team-instances/{instanceId}/teams/{teamId}/picture: the team's picture, an image the organiser
 * uploads (media/service.ts `uploadTeamPicture`: a png or jpeg with the media library's checks; 413 / 415 with
 * the file's problem as a field error). It replaces the team's earlier picture, whose medium goes.
 */
export async function setTeamPicture(args: {
  ctx: AppContext;
  user: CurrentUser;
  instanceId: string;
  teamId: string;
  files: AsyncIterable<UploadedFile>;
}): Promise<TeamInstance> {
  const { ctx } = args;
  const instance = await requireTeamInstance(ctx, args.user, args.instanceId);
  const team = await teamOf(ctx.db, instance.id, args.teamId);
  const outcome = await uploadTeamPicture({ ctx, instance, userId: args.user.id, files: args.files });
  if ('rejected' in outcome) {
    // Said by key, in the caller's language (answer-language.ts), the field error too.
    const { status, message, text } = outcome.rejected;
    throw new AppError(status === 413 ? 'TOO_LARGE' : 'UNSUPPORTED_MEDIA_TYPE', text, { errors: { file: message } });
  }
  const set = await ctx.db
    .update(teams)
    .set({ pictureId: outcome.saved.id })
    .where(and(eq(teams.instanceId, instance.id), eq(teams.teamId, team.teamId)))
    .returning({ id: teams.teamId });
  if (set.length === 0) {
    // The team went meanwhile (its instance deleted): its picture goes too.
    await removeInstanceMedium(ctx, outcome.saved.id);
    throw fail.notFound(TEAM_MESSAGES.teamNotFound);
  }
  if (team.pictureId && team.pictureId !== outcome.saved.id) await removeInstanceMedium(ctx, team.pictureId);
  return presentTeamInstance(ctx.db, instance);
}

/** DELETE /api/manage/team-instances/{instanceId}/teams/{teamId}/picture: the team shows its avatar again. */
export async function clearTeamPicture(args: {
  ctx: AppContext;
  user: CurrentUser;
  instanceId: string;
  teamId: string;
}): Promise<TeamInstance> {
  const { ctx } = args;
  const instance = await requireTeamInstance(ctx, args.user, args.instanceId);
  const team = await teamOf(ctx.db, instance.id, args.teamId);
  if (team.pictureId) {
    await ctx.db
      .update(teams)
      .set({ pictureId: null })
      .where(and(eq(teams.instanceId, instance.id), eq(teams.teamId, team.teamId)));
    await removeInstanceMedium(ctx, team.pictureId);
  }
  return presentTeamInstance(ctx.db, instance);
}

/** A team of the instance, or 404. */
async function teamOf(db: Executor, instanceId: string, teamId: string): Promise<TeamRow> {
  const [team] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.instanceId, instanceId), eq(teams.teamId, teamId)))
    .limit(1);
  if (!team) throw fail.notFound(TEAM_MESSAGES.teamNotFound);
  return team;
}

// ─── The players ─────────────────────────────────────────────────────────────

/** The caller's member row in an instance, with their team, or null. */
export async function memberOf(
  db: Executor,
  instanceId: string,
  userId: string,
): Promise<{ member: TeamMemberRow; team: TeamRow | null } | null> {
  const [found] = await db
    .select({ member: teamMembers, team: teams })
    .from(teamMembers)
    .leftJoin(teams, and(eq(teams.instanceId, teamMembers.instanceId), eq(teams.teamId, teamMembers.teamId)))
    .where(and(eq(teamMembers.instanceId, instanceId), eq(teamMembers.userId, userId)))
    .limit(1);
  return found ?? null;
}

/** The caller's team in the newest active instance of a version they are a member of, or null. */
export async function activeMembershipOf(
  db: Executor,
  userId: string,
  versionId: string,
): Promise<{ instance: GameInstanceRow; teamId: string } | null> {
  const [found] = await db
    .select({ instance: gameInstances, teamId: teamMembers.teamId })
    .from(teamMembers)
    .innerJoin(gameInstances, eq(gameInstances.id, teamMembers.instanceId))
    .where(
      and(
        eq(teamMembers.userId, userId),
        eq(gameInstances.versionId, versionId),
        eq(gameInstances.status, 'active'),
        sql`${teamMembers.teamId} is not null`,
      ),
    )
    .orderBy(desc(gameInstances.createdAt))
    .limit(1);
  return found?.teamId ? { instance: found.instance, teamId: found.teamId } : null;
}

/**
 * Binds the caller to a member row of `team` (the class list's row with their email, else a new row) and
 * starts the team's player when it has none yet — under the instance's row lock and then the team's, so members
 * joining at once bind and start exactly once. 409 when the team is full or the caller is in another team of
 * the instance.
 */
async function bindMember(
  ctx: AppContext,
  args: { user: CurrentUser; team: TeamRow; instance: GameInstanceRow; maxSize: number },
): Promise<TeamMemberRow> {
  const { user, team, instance } = args;
  const done = await ctx.db.transaction(async (tx) => {
    // The instance row first, then the team's (the lock order, player-event.ts): starting the team locks the
    // instance, and a member's insert takes a key-share lock on it (the foreign key) — a join that held its team
    // and only then asked for the instance deadlocked with another team's join doing the same (issue 28).
    const locked = await lockInstance(tx, instance.id);
    await tx
      .select({ id: teams.teamId })
      .from(teams)
      .where(and(eq(teams.instanceId, team.instanceId), eq(teams.teamId, team.teamId)))
      .for('update');
    const [account] = await tx.select({ email: users.email }).from(users).where(eq(users.id, user.id));
    const mine = await tx
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.instanceId, instance.id), eq(teamMembers.userId, user.id)));
    let member = mine[0];
    if (member && member.teamId !== null && member.teamId !== team.teamId) throw fail.conflict(TEAM_MESSAGES.otherTeam);
    if (member && member.teamId === null) {
      [member] = await tx
        .update(teamMembers)
        .set({ teamId: team.teamId })
        .where(eq(teamMembers.id, member.id))
        .returning();
    }
    if (!member) {
      const roster = await tx
        .select()
        .from(teamMembers)
        .where(and(eq(teamMembers.instanceId, instance.id), eq(teamMembers.teamId, team.teamId)));
      const listed = roster.find((row) => row.userId === null && row.email !== null && row.email === account?.email);
      if (listed) {
        [member] = await tx
          .update(teamMembers)
          .set({ userId: user.id, joinedAt: ctx.now() })
          .where(eq(teamMembers.id, listed.id))
          .returning();
      } else {
        if (roster.filter((row) => row.userId !== null).length >= args.maxSize) {
          throw fail.conflict(TEAM_MESSAGES.teamFull);
        }
        // Someone the class list does not name (or named without an email) joins as a new member.
        const unbound = roster.find((row) => row.userId === null && row.email === null && row.name === user.name);
        [member] = unbound
          ? await tx
              .update(teamMembers)
              .set({ userId: user.id, joinedAt: ctx.now() })
              .where(eq(teamMembers.id, unbound.id))
              .returning()
          : await tx
              .insert(teamMembers)
              .values({
                instanceId: instance.id,
                teamId: team.teamId,
                userId: user.id,
                name: user.name,
                position: roster.length + 10_000,
                joinedAt: ctx.now(),
              })
              .returning();
      }
    }
    const [started] = await tx
      .select({ id: playerStates.playerId })
      .from(playerStates)
      .where(and(eq(playerStates.instanceId, instance.id), eq(playerStates.playerId, team.teamId)));
    const stepped = started
      ? null
      : await stepLockedInstance(ctx, tx, locked, {
          instanceId: instance.id,
          event: { type: 'start', playerId: team.teamId, name: team.name },
          join: { userId: null },
        });
    return { member: member!, stepped };
  });
  if (done.stepped) pushStepped(ctx, done.stepped.push);
  return done.member;
}

/**
 * POST /api/play/team-join: the caller joins the team whose code they typed or scanned (404 for an unknown
 * code, 409 INSTANCE_NOT_ACTIVE once the event is over, 409 when full or in another team) and may then start
 * the game, which brings them into their team's progress.
 */
export async function joinTeam(args: { ctx: AppContext; user: CurrentUser; code: string }): Promise<MyTeam> {
  const { ctx, user } = args;
  const [found] = args.code
    ? await ctx.db
        .select({ team: teams, instance: gameInstances })
        .from(teams)
        .innerJoin(gameInstances, eq(gameInstances.id, teams.instanceId))
        .where(eq(teams.code, args.code))
        .limit(1)
    : [];
  if (!found) throw fail.notFound(TEAM_MESSAGES.teamNotFound);
  const { game, access } = await loadPlayableGame(ctx, user, found.instance.gameId);
  const [version] = await ctx.db.select().from(gameVersions).where(eq(gameVersions.id, found.instance.versionId));
  if (version) assertMayPlay(version, access);
  if (found.instance.status !== 'active') throw fail.conflict(PLAY_MESSAGES.instanceNotActive);
  const settings = teamsSettingsOf(game.row.settings);
  const member = await bindMember(ctx, { user, team: found.team, instance: found.instance, maxSize: settings.maxSize });
  return myTeamOf(ctx.db, found.instance, found.team, member.id);
}

/**
 * POST /api/play/games/{gameId}/teams: the caller creates a team of their own (games whose players form teams)
 * in the game's newest active instance with teams, or in a new one; answers the team with its code to share.
 */
export async function createOwnTeam(args: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  name: string;
  avatar?: string | null;
}): Promise<MyTeam> {
  const { ctx, user } = args;
  const { game, access } = await loadPlayableGame(ctx, user, args.gameId);
  const settings = teamsSettingsOf(game.row.settings);
  if (!settings.enabled) throw fail.conflict(TEAM_MESSAGES.notTeamGame);
  if (!settings.playersFormTeams) throw fail.forbidden(TEAM_MESSAGES.playersMayNotFormTeams);
  if (!game.row.publicVersionId) throw fail.conflict(TEAM_MESSAGES.notPublished);
  const [version] = await ctx.db.select().from(gameVersions).where(eq(gameVersions.id, game.row.publicVersionId));
  if (!version) throw fail.conflict(TEAM_MESSAGES.notPublished);
  assertMayPlay(version, access);
  const spec = await specOfVersion(ctx.db, game.row, version);
  const { instance, team } = await ctx.db.transaction(async (tx) => {
    // One opener at a time per version (as the shared world's opening in play/service.ts).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`teams:${version.id}`}, 0))`);
    const [open] = await tx
      .select()
      .from(gameInstances)
      .where(
        and(
          eq(gameInstances.versionId, version.id),
          eq(gameInstances.status, 'active'),
          sql`exists (select 1 from ${teams} where ${teams.instanceId} = ${gameInstances.id})`,
        ),
      )
      .orderBy(desc(gameInstances.createdAt))
      .limit(1);
    const row =
      open ??
      (await insertInstance(tx, {
        gameId: game.row.id,
        versionId: version.id,
        isLiveSpec: false,
        multiplayer: true,
        world: createInstanceState(spec, { multiplayer: true }).world,
        spec: null,
        now: ctx.now(),
      }));
    const [mine] = await tx
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .where(and(eq(teamMembers.instanceId, row.id), eq(teamMembers.userId, user.id)));
    if (mine) throw fail.conflict(TEAM_MESSAGES.otherTeam);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(teams)
      .where(eq(teams.instanceId, row.id));
    const taken = await tx
      .select({ id: teams.teamId })
      .from(teams)
      .where(and(eq(teams.instanceId, row.id), sql`lower(${teams.name}) = lower(${args.name})`));
    if (taken.length > 0) throw fail.validation({ name: TEAM_MESSAGES.duplicateName });
    const [made] = await insertTeams(tx, [
      {
        instanceId: row.id,
        teamId: randomUUID(),
        name: args.name,
        position: count?.n ?? 0,
        avatar: args.avatar ?? null,
      },
    ]);
    return { instance: row, team: made! };
  });
  const member = await bindMember(ctx, { user, team, instance, maxSize: settings.maxSize });
  return myTeamOf(ctx.db, instance, team, member.id);
}

async function myTeamOf(db: Executor, instance: GameInstanceRow, team: TeamRow, memberId: string): Promise<MyTeam> {
  const members = await db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.instanceId, instance.id), eq(teamMembers.teamId, team.teamId)))
    .orderBy(asc(teamMembers.position));
  return {
    instanceId: instance.id,
    gameId: instance.gameId,
    team: presentTeam(instance.gameId, team, members, false),
    memberId,
  };
}

/** GET /api/play/instances/{instanceId}/team: the caller's team, its code and its members with their positions. */
export async function getMyTeam(args: { ctx: AppContext; user: CurrentUser; instanceId: string }): Promise<MyTeam> {
  const { ctx, user } = args;
  const [instance] = isUuid(args.instanceId)
    ? await ctx.db.select().from(gameInstances).where(eq(gameInstances.id, args.instanceId)).limit(1)
    : [];
  if (!instance) throw fail.notFound(PLAY_MESSAGES.instanceNotFound);
  const found = await memberOf(ctx.db, instance.id, user.id);
  if (!found?.team) throw fail.notFound(TEAM_MESSAGES.memberNotFound);
  return myTeamOf(ctx.db, instance, found.team, found.member.id);
}

/** Whether an instance holds teams (the player's app shows the member's team). */
export async function holdsTeams(db: Executor, instanceId: string): Promise<boolean> {
  const [one] = await db.select({ id: teams.teamId }).from(teams).where(eq(teams.instanceId, instanceId)).limit(1);
  return Boolean(one);
}
