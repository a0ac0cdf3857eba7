import { useQuery } from '@tanstack/react-query';
import { designApi, designQueryKeys } from '../../api/design';

/**
 * The whole design of a game (entities of every kind, versions, the game with
 * the caller's rights), loaded once by the workspace shell and shared by every
 * form, picker and list under it.
 */
export function useWorkspace(gameId: string | undefined) {
  return useQuery({
    queryKey: designQueryKeys.workspace(gameId ?? ''),
    queryFn: ({ signal }) => designApi.workspace(gameId!, signal),
    enabled: !!gameId,
  });
}
