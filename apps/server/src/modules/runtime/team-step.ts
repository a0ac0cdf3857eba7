/**
 * A team member's event (games played in teams; docs/outings.md, docs/engine.md "Teams"). A team is ONE engine
 * player — its `player_states` row — and the member's event steps that row through the one pipeline
 * (player-event.ts), so its race-safety is the pipeline's: members acting at once are a player's events at
 * once, each applied exactly once. What a team adds is here: the event names the member who acted (every
 * record of the step does too), and once the step committed the team's other members get its outputs and view
 * (their screens show the team's shared progress) and a `teamActivity` push naming the member — "Maria
 * answered — correct"; a location event also keeps the member's own position, in the step's commit, and pushes
 * it (`teamPosition`) to their teammates' map. Each member reads the team's steps in their own language (issue
 * 31): kept with their member row, the step said again in it (step-languages.ts).
 */
import { eq } from 'drizzle-orm';
import { SOCKET_EVENTS, type PlayerView } from '@loci/domain';
import type { PlayerEvent, StepResult } from '@loci/engine';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { teamMembers } from '../../db/schema.js';
import type { StepInLanguages } from './step-languages.js';

/** The events teammates are told about by name (walking, looking and closing a dialog are not news). */
const TOLD = new Set<string>(['answer', 'code', 'pick', 'offer', 'redeem', 'submission', 'create', 'drop', 'destroy']);

/** A teammate's account, whom a member's step reaches, with the language their member row keeps (issue 31). */
export interface Teammate {
  userId: string;
  language: string | null;
}

/** The member acting for their team, the language their member row keeps, and their teammates. */
export interface TeamActor {
  memberId: string;
  name: string;
  language: string | null;
  teammates: Teammate[];
}

/** The acting member from an event's read (null for a solo player). */
export function teamActorOf(
  memberId: string | null,
  name: string | null,
  language: string | null,
  teammates: readonly Teammate[] | null,
): TeamActor | null {
  return memberId ? { memberId, name: name ?? '', language, teammates: [...(teammates ?? [])] } : null;
}

/**
 * Keeps with the acting member's row the language their call named (issue 31): a team's row is shared, so each
 * member's language is kept with their member row, and their teammates' steps are said to them in it.
 */
export async function keepMemberLanguage(
  db: Executor,
  team: TeamActor,
  language: string,
  wanted: readonly string[] | undefined,
): Promise<void> {
  if (!wanted || wanted.length === 0 || team.language === language) return;
  await db.update(teamMembers).set({ language }).where(eq(teamMembers.id, team.memberId));
}

/**
 * The event naming the member who acted for the team (unchanged for a solo player); a location event also says
 * how many members have joined (the member and their teammates), for "every member is in the place".
 */
export function withMember(event: PlayerEvent, team: TeamActor | null): PlayerEvent {
  if (!team) return event;
  const member = { id: team.memberId, name: team.name };
  return (
    event.type === 'location' ? { ...event, member, teamSize: team.teammates.length + 1 } : { ...event, member }
  ) as PlayerEvent;
}

/** A member's own position on the map, kept with their member row. */
export interface MemberPosition {
  memberId: string;
  latitude: number;
  longitude: number;
}

/**
 * The position a member's location event keeps with their member row, written with the step in its commit
 * (event-write.ts's grouped write, or `keepMemberPosition` under the lock); undefined for any other event.
 */
export function memberPositionOf(team: TeamActor | null, event: PlayerEvent): MemberPosition | undefined {
  if (!team || event.type !== 'location') return undefined;
  return { memberId: team.memberId, latitude: event.latitude, longitude: event.longitude };
}

/** The member's position written in the step's transaction (the locking path). */
export async function keepMemberPosition(db: Executor, team: TeamActor | null, event: PlayerEvent): Promise<void> {
  const position = memberPositionOf(team, event);
  if (!position) return;
  await db
    .update(teamMembers)
    .set({ latitude: position.latitude, longitude: position.longitude })
    .where(eq(teamMembers.id, position.memberId));
}

/**
 * After a member's step committed (with their position, a location event): the outputs and view to every other
 * member, the `teamActivity` push naming the member, and the position pushed to their teammates' maps. Pushes
 * are fire-and-forget, as every push.
 */
export async function afterTeamStep(
  ctx: AppContext,
  args: {
    instanceId: string;
    team: TeamActor;
    event: PlayerEvent;
    result: StepResult;
    view: PlayerView;
    stepId: string;
    /** The step in the game's languages: each teammate is told it in theirs (absent: a game in one language). */
    said?: StepInLanguages | undefined;
  },
): Promise<void> {
  const { instanceId, team, event, result, view, stepId, said } = args;
  // What a teammate is told: the step's own outputs and view, or the step said in the language they keep.
  const toldIn = (teammate: Teammate) => {
    const language = said?.languageOf(teammate.language);
    if (!said || !language || language === said.language) return { outputs: result.outputs, view };
    const { outputs, view: theirs } = said.forPlayer(event.playerId, language);
    return { outputs, view: theirs };
  };
  if (team.teammates.length === 0) return;
  const judged = result.records.find((record) => typeof record.correct === 'boolean');
  const activity = {
    instanceId,
    member: { id: team.memberId, name: team.name },
    event: event.type,
    correct: judged?.correct ?? null,
    stepId,
  };
  const refused = result.outputs.length > 0 && result.outputs.every((output) => output.action === 'error');
  try {
    for (const teammate of team.teammates) {
      const { userId } = teammate;
      // A refusal is the actor's alone; anything else changed the team's shared progress.
      if (!refused && (result.outputs.length > 0 || event.type !== 'location')) {
        ctx.realtime.toUser(userId, SOCKET_EVENTS.outputs, { instanceId, stepId, ...toldIn(teammate) });
      }
      if (TOLD.has(event.type) && !refused) ctx.realtime.toUser(userId, SOCKET_EVENTS.teamActivity, activity);
      // Each member sees where the others are: their marker on the team's map moves (docs/play.md "Teams").
      if (event.type === 'location') {
        ctx.realtime.toUser(userId, SOCKET_EVENTS.teamPosition, {
          instanceId,
          member: activity.member,
          latitude: event.latitude,
          longitude: event.longitude,
        });
      }
    }
  } catch (error) {
    ctx.log.warn({ err: error, instanceId }, 'team push failed');
  }
}
