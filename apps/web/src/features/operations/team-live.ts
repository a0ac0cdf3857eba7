import type { Team, TeamInstance } from '@loci/domain';
import { useQuery } from '@tanstack/react-query';
import { teamsApi } from '../../api/teams';
import type { PlayerMarker } from './PlayersMap';
import './team-live-locales';

/** The game's events with teams (one query, read by the Teams panel, the live map and the instances table). */
export const teamsKey = (gameId: string) => ['teams', gameId] as const;

/** The game's events with teams, their teams and members (manage right), read again every 10 s. */
export function useTeamInstances(gameId: string, enabled: boolean) {
  return useQuery({
    queryKey: teamsKey(gameId),
    queryFn: ({ signal }) => teamsApi.instances(gameId, signal),
    refetchInterval: 10_000,
    enabled,
  });
}

/** Each team by `instanceId:teamId` — the id of its player on the live map and in the instances table. */
export function teamsByPlayer(instances: readonly TeamInstance[] | undefined): ReadonlyMap<string, Team> {
  const byPlayer = new Map<string, Team>();
  for (const instance of instances ?? []) {
    for (const team of instance.teams) byPlayer.set(`${instance.instanceId}:${team.id}`, team);
  }
  return byPlayer;
}

/**
 * The live map's markers with teams (docs/outings.md "On the live map"): a team's marker is replaced by its
 * members' — each where they are, in the team's colour, named with the team; a click opens the team. A team
 * none of whose members has a position yet keeps its one marker, in its colour.
 */
export function withTeamMembers(
  markers: readonly PlayerMarker[],
  teams: ReadonlyMap<string, Team>,
  nameOf: (member: string, team: string) => string,
): PlayerMarker[] {
  if (teams.size === 0) return [...markers];
  return markers.flatMap((marker) => {
    const team = teams.get(marker.id);
    if (!team) return [marker];
    const placed = team.members.filter(
      (member) => member.joined && member.latitude !== null && member.longitude !== null,
    );
    if (placed.length === 0) return [{ ...marker, colour: team.colour }];
    return placed.map((member) => ({
      id: `${marker.id}:${member.id}`,
      name: nameOf(member.name, team.name),
      latitude: member.latitude!,
      longitude: member.longitude!,
      colour: team.colour,
      onOpen: marker.onOpen,
    }));
  });
}
