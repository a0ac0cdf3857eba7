import { migrateGameSpec, type GameSpec } from '@loci/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/**
 * The whole working spec, rules and answers included (GET
 * /api/design/{gameId}/gameVersions/current, edit or view right): what the
 * simulated players run and what the answer policies read.
 */
export function useWorkingSpec(gameId: string) {
  return useQuery({
    queryKey: ['design', gameId, 'gameVersions', 'current', 'spec'],
    queryFn: async ({ signal }) => {
      const answer = await api.get<{ spec: unknown }>(
        `/design/${encodeURIComponent(gameId)}/gameVersions/current`,
        signal,
      );
      return migrateGameSpec(answer.spec) as GameSpec;
    },
    staleTime: 0,
  });
}
