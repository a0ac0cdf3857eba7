/** The parts of a workspace path after /games/{gameId} (spec 2 §2): objecttype, objectaction, objectid, modifier1. */
export interface WorkspacePath {
  objectType?: string;
  objectAction?: string;
  objectId?: string;
  modifier?: string;
}

/** Reads a pathname such as /games/g1/items/edit/i1 into its parts. */
export function parseWorkspacePath(pathname: string, gameId: string): WorkspacePath {
  const prefix = `/games/${gameId}`;
  const rest = pathname.startsWith(prefix) ? pathname.slice(prefix.length) : '';
  const [objectType, objectAction, objectId, modifier] = rest
    .split('/')
    .filter(Boolean)
    .map((part) => decodeURIComponent(part));
  return { objectType, objectAction, objectId, modifier };
}
