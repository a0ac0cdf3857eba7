import { hasRight, type GameRight } from '@loci/domain';
import { useWorkspace } from '../useWorkspace';

export interface GameRights {
  /** The caller's rights on the game (empty while loading). */
  rights: readonly GameRight[];
  /** May add, change or remove design entities and publish (spec 2 §6); false on an archived game. */
  canEdit: boolean;
  canView: boolean;
  canManage: boolean;
  isLoading: boolean;
}

/** The caller's rights on a game, read from the shared workspace query. */
export function useGameRights(gameId: string | undefined): GameRights {
  const { data, isPending } = useWorkspace(gameId);
  const rights = data?.game.rights ?? [];
  const archived = data?.game.isArchived ?? false;
  return {
    rights,
    canEdit: hasRight(rights, 'edit') && !archived,
    canView: hasRight(rights, 'view') || hasRight(rights, 'edit'),
    canManage: hasRight(rights, 'manage'),
    isLoading: Boolean(gameId) && isPending,
  };
}
