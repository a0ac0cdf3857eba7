/**
 * The clock's pushes to the members of a team (issue 28). A team's row has no account (`player_states.user_id`
 * is null: docs/outings.md "How it works"), so `pushStepped` pushes a step no member caused to nobody. A due
 * timer (time up, a named timer) and an organiser's clock control are such steps: after COMMIT, every member's
 * phone is pushed the team's outputs and view, as a teammate's step is (team-step.ts), so an idle phone of a team
 * shows "Time is up" by itself.
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { SOCKET_EVENTS } from '@loci/domain';
import type { AppContext } from '../../context.js';
import { teamMembers } from '../../db/schema.js';
import { pushedIn, type PendingPush } from './pushes.js';

export async function pushToTeamMembers(ctx: AppContext, push: PendingPush): Promise<void> {
  const teams = push.players.filter((player) => player.userId === null && (player.outputs.length > 0 || player.always));
  if (teams.length === 0) return;
  try {
    const members = await ctx.db
      .select({ teamId: teamMembers.teamId, userId: teamMembers.userId, language: teamMembers.language })
      .from(teamMembers)
      .where(
        and(
          eq(teamMembers.instanceId, push.instanceId),
          inArray(
            teamMembers.teamId,
            teams.map((team) => team.playerId),
          ),
          isNotNull(teamMembers.userId),
        ),
      );
    for (const team of teams) {
      for (const member of members) {
        if (member.teamId !== team.playerId) continue;
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
    ctx.log.warn({ err: error, instanceId: push.instanceId }, 'clock push to team members failed');
  }
}
