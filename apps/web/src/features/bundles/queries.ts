import type { GameWithRights, RelocationRequest } from '@loci/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bundlesApi } from '../../api/bundles';
import { gameQueryKeys } from '../../api/games';

/** Imports a bundle (optionally relocated); the games list is refetched. Errors are the caller's to show. */
export function useImportBundle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, relocate }: { file: File; relocate?: RelocationRequest | undefined }) =>
      bundlesApi.import(file, relocate),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gameQueryKeys.lists }),
  });
}

/** Previews or applies a relocation of a game's working version. */
export function useRelocateGame(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RelocationRequest & { preview: boolean }) => bundlesApi.relocate(gameId, request),
    onSuccess: (_outcome, request) => {
      if (request.preview) return;
      void queryClient.invalidateQueries({ queryKey: gameQueryKeys.detail(gameId) });
      void queryClient.invalidateQueries({ queryKey: gameQueryKeys.lists });
    },
  });
}

/** Clones a game and moves the copy to a new centre. */
export function useCloneTo(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (relocate: RelocationRequest): Promise<GameWithRights> => bundlesApi.cloneTo(gameId, relocate),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gameQueryKeys.lists }),
  });
}

/** The sample games shipped with Loci. */
export function useSamples(enabled: boolean) {
  return useQuery({ queryKey: ['samples'], queryFn: ({ signal }) => bundlesApi.samples(signal), enabled });
}

/** Creates a game from a sample, moved to the chosen centre. */
export function useCreateFromSample() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, relocate }: { name: string; relocate: RelocationRequest }) =>
      bundlesApi.createFromSample(name, relocate),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gameQueryKeys.lists }),
  });
}
