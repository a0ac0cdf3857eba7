/**
 * The clock's pushes to the members of a team (issue 28). A team's row has no account (`player_states.user_id`
 * is null: docs/outings.md "How it works"), so `pushStepped` pushes a step no member caused to nobody. A due
 * timer (time up, a named timer) and an organiser's clock control are such steps: after COMMIT, every member's
 * phone is pushed the team's outputs and view, as a teammate's step is (team-step.ts), so an idle phone of a team
 * shows "Time is up" by itself.
 */
import { and, inArray, isNotNull } from 'drizzle-orm';
import { SOCKET_EVENTS } from '@loci/domain';
import type { AppContext } from '../../context.js';
import { teamMembers } from '../../db/schema.js';
import { pushedIn, type PendingPush } from './pushes.js';

/**
 * Pushes every member of the teams the `pushes` stepped (a batch of the clock's ticks: up to a whole instance's time
 * up at once) with ONE read of their members, so the last team of a batch hears its time up as soon as the first.
 */
export async function pushToTeamMembers(ctx: AppContext, pushes: readonly PendingPush[]): Promise<void> {
  const teams = pushes.flatMap((push) =>
    push.players
      .filter((player) => player.userId === null && (player.outputs.length > 0 || player.always))
      .map((team) => ({ push, team })),
  );
  if (teams.length === 0) return;
  const instanceIds = [...new Set(teams.map(({ push }) => push.instanceId))];
  try {
    const members = await ctx.db
      .select({
        instanceId: teamMembers.instanceId,
        teamId: teamMembers.teamId,
        userId: teamMembers.userId,
        language: teamMembers.language,
      })
      .from(teamMembers)
      .where(
        and(
          inArray(teamMembers.instanceId, instanceIds),
          inArray(teamMembers.teamId, [...new Set(teams.map(({ team }) => team.playerId))]),
          isNotNull(teamMembers.userId),
        ),
      );
    const byTeam = new Map<string, typeof members>();
    for (const member of members) {
      const key = `${member.instanceId}|${member.teamId}`;
      byTeam.set(key, [...(byTeam.get(key) ?? []), member]);
    }
    for (const { push, team } of teams) {
      for (const member of byTeam.get(`${push.instanceId}|${team.playerId}`) ?? []) {
        // In the language the member keeps (issue 31; pushes.ts `pushedIn`).
        const { outputs, view } = pushedIn(push, team, push.said?.languageOf(member.language));
        ctx.realtime.toUser(member.userId!, SOCKET_EVENTS.outputs, {
          instanceId: push.instanceId,
          ...(push.stepId === undefined ? {} : { stepId: push.stepId }),
          outputs,
          view,
        });
      }
    }
  } catch (error) {
    // Fire-and-forget, as every push: the members read the team's state in their next view.
    ctx.log.warn({ err: error, instanceIds }, 'clock push to team members failed');
  }
}
