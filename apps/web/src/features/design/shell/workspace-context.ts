import { createContext, useContext } from 'react';
import type { Workspace } from '../../../api/design';

/** The loaded workspace, given by the shell to the pages in its outlet. */
export interface LoadedWorkspace {
  gameId: string;
  workspace: Workspace;
  /** Edit right on a game that is not archived (spec 2 §6). */
  canEdit: boolean;
}

export const WorkspaceContext = createContext<LoadedWorkspace | null>(null);

/** The loaded workspace; only inside the shell's outlet. */
export function useLoadedWorkspace(): LoadedWorkspace {
  const loaded = useContext(WorkspaceContext);
  if (!loaded) throw new Error('useLoadedWorkspace is used outside the design workspace shell');
  return loaded;
}
