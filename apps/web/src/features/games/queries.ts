import { GAME_TEXTS, type GameValues, type GameWithRights, type GamesListItem } from '@loci/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gameQueryKeys, gamesApi, type GamesListParams } from '../../api/games';
import { notifyError, notifySuccess } from '../../components/notify';

/** One page of the games list (GET /api/design/games). */
export function useGamesList(params: GamesListParams) {
  return useQuery({
    queryKey: gameQueryKeys.list(params),
    queryFn: ({ signal }) => gamesApi.list(params, signal),
    placeholderData: keepPreviousData,
    meta: { errorMessage: GAME_TEXTS.errorRetrievingGames },
  });
}

/** One game with the caller's rights on it (GET /api/design/games/{id}). */
export function useGame(id: string) {
  return useQuery({
    queryKey: gameQueryKeys.detail(id),
    queryFn: ({ signal }) => gamesApi.get(id, signal),
    meta: { errorMessage: GAME_TEXTS.errorRetrievingGame(id) },
  });
}

/** The irreversible or destructive operations of a games-list card. */
export type GameOperation = 'clone' | 'unpublish' | 'archive' | 'delete';

const OPERATIONS: Record<
  GameOperation,
  { call: (id: string) => Promise<unknown>; success: () => void; errorMessage: (id: string) => string }
> = {
  clone: {
    call: gamesApi.clone,
    success: () => notifySuccess(GAME_TEXTS.gameCloned),
    errorMessage: GAME_TEXTS.errorCloningGame,
  },
  unpublish: {
    call: gamesApi.unpublish,
    success: () => notifySuccess(GAME_TEXTS.gameUnpublished.body, GAME_TEXTS.gameUnpublished.title),
    errorMessage: GAME_TEXTS.errorUnpublishingGame,
  },
  archive: {
    call: gamesApi.archive,
    success: () => notifySuccess(GAME_TEXTS.gameArchived.body, GAME_TEXTS.gameArchived.title),
    errorMessage: GAME_TEXTS.errorArchivingGame,
  },
  delete: {
    call: gamesApi.delete,
    success: () => notifySuccess(GAME_TEXTS.gameDeleted),
    errorMessage: GAME_TEXTS.errorDeletingGame,
  },
};

/** Runs a card operation, toasts its outcome (spec 1 §8) and refetches the list. */
export function useGameOperation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ operation, game }: { operation: GameOperation; game: Pick<GamesListItem, 'id'> }) =>
      OPERATIONS[operation].call(game.id),
    onSuccess: (_answer, { operation, game }) => {
      OPERATIONS[operation].success();
      if (operation === 'delete') queryClient.removeQueries({ queryKey: gameQueryKeys.detail(game.id) });
      else void queryClient.invalidateQueries({ queryKey: gameQueryKeys.detail(game.id) });
    },
    onError: (error, { operation, game }) => notifyError(OPERATIONS[operation].errorMessage(game.id), error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: gameQueryKeys.lists }),
  });
}

/** Saves the settings: POST for a new game, PATCH for an existing one. Errors are the caller's to show. */
export function useSaveGame(gameId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: GameValues) => (gameId ? gamesApi.update(gameId, values) : gamesApi.create(values)),
    onSuccess: (game: GameWithRights) => {
      queryClient.setQueryData(gameQueryKeys.detail(game.id), game);
      void queryClient.invalidateQueries({ queryKey: gameQueryKeys.lists });
      notifySuccess(gameId ? GAME_TEXTS.gameSaved(game.title) : GAME_TEXTS.gameCreated(game.title));
    },
  });
}
