import type { MyTeam, TeamPositionPush } from '@loci/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { REALTIME_EVENTS, useRealtimeEvent } from '../../../api/realtime';
import { teamsApi } from '../../../api/teams';

/** The player's team in an instance (one query, read by the team card and the teammates on the map). */
export const myTeamKey = (instanceId: string) => ['play', 'team', instanceId] as const;

/** A teammate's new position, into the team as read (the other members are unchanged). */
export function withPosition(team: MyTeam, push: TeamPositionPush): MyTeam {
  return {
    ...team,
    team: {
      ...team.team,
      members: team.team.members.map((member) =>
        member.id === push.member.id ? { ...member, latitude: push.latitude, longitude: push.longitude } : member,
      ),
    },
  };
}

/**
 * The caller's team (null for a solo player: the team call answers 404, quietly), read again now and then and
 * moved live by `teamPosition` pushes — a teammate's marker follows them.
 */
export function useMyTeam(instanceId: string | null) {
  const queryClient = useQueryClient();
  const team = useQuery({
    queryKey: myTeamKey(instanceId ?? ''),
    queryFn: ({ signal }) => teamsApi.myTeam(instanceId!, signal),
    enabled: Boolean(instanceId),
    retry: false,
    refetchInterval: 20_000,
  });
  useRealtimeEvent(
    REALTIME_EVENTS.teamPosition,
    (push) => {
      if (push.instanceId !== instanceId) return;
      queryClient.setQueryData<MyTeam>(myTeamKey(instanceId), (old) => (old ? withPosition(old, push) : old));
    },
    Boolean(instanceId && team.data),
  );
  return team;
}
