import type { WorldEntryType } from '@loci/domain';
import { parseWorkspacePath } from '../shell/workspace-path';

/** What an initial world path names (spec 3 §2). */
export interface WorldRoute {
  /** 'entry' is /initialState/{objects|offers}/{id}: a stored entry's id, or a type (or 0) to create one. */
  action: 'manage' | 'create' | 'edit' | 'entry';
  type: WorldEntryType;
  /** The type to create (create), the entry (edit), either (entry); undefined for 0. */
  id: string | undefined;
}

const typeOfSegment = (segment: string | undefined): WorldEntryType =>
  segment === 'offers' || segment === 'manage-offers' ? 'offer' : 'object';

/**
 * Reads /games/{gameId}/initialState/… : manage-objects/0, manage-offers/0,
 * create/{typeId}/{objects|offers}, edit/{entityId}/{objects|offers} and
 * {objects|offers}/{id}.
 */
export function worldRouteOf(pathname: string, gameId: string): WorldRoute {
  const { objectAction, objectId, modifier } = parseWorkspacePath(pathname, gameId);
  const id = objectId && objectId !== '0' ? objectId : undefined;
  if (objectAction === 'manage-objects' || objectAction === 'manage-offers') {
    return { action: 'manage', type: typeOfSegment(objectAction), id: undefined };
  }
  if (objectAction === 'objects' || objectAction === 'offers') {
    return { action: 'entry', type: typeOfSegment(objectAction), id };
  }
  return { action: objectAction === 'edit' ? 'edit' : 'create', type: typeOfSegment(modifier), id };
}

/** The manage screen of a type ('…/initialState/manage-objects/0'), keeping the version. */
export function managePath(gameId: string, type: WorldEntryType, search = ''): string {
  return `/games/${gameId}/initialState/${type === 'object' ? 'manage-objects' : 'manage-offers'}/0${search}`;
}

/** The create form of a type ('0' for none chosen). */
export function createPath(gameId: string, type: WorldEntryType, typeId = '0', search = ''): string {
  return `/games/${gameId}/initialState/create/${encodeURIComponent(typeId)}/${type === 'object' ? 'objects' : 'offers'}${search}`;
}

/** The edit form of an entry. */
export function editPath(gameId: string, type: WorldEntryType, id: string, search = ''): string {
  return `/games/${gameId}/initialState/edit/${encodeURIComponent(id)}/${type === 'object' ? 'objects' : 'offers'}${search}`;
}
