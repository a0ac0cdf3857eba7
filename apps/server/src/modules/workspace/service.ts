import { workingTranslations } from '../translations/service.js';
import type { WorkspaceResponse } from '@loci/domain';
import type { AppContext } from '../../context.js';
import { presentGame, presentGameVersion } from '../../presenters/games.js';
import { requireGameRight } from '../../policies/games.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { isPublishDue, presentVersions, versionRowsOf, workingVersionOf } from '../versions/service.js';
import { loadEntitiesByKind } from '../design/store.js';

/**
 * Everything the workspace shell loads (spec 2 §2) in one answer (view right):
 * the game, every entity list under its kind's path segment, the versions and the
 * working version with its initial world. Four queries whatever the size of
 * the game: the game, its access lists, all its entities, its versions.
 */
export async function loadWorkspace({
  ctx,
  user,
  gameId,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
}): Promise<WorkspaceResponse> {
  const game = await requireGameRight({ ctx, user, gameId, right: 'view' });
  const [byKind, rows] = await Promise.all([loadEntitiesByKind(ctx.db, gameId), versionRowsOf(ctx.db, gameId)]);
  const publishDue = isPublishDue(rows);
  const working = workingVersionOf(rows, game);
  return {
    game: presentGame(game),
    scenes: byKind.scene,
    milestones: byKind.milestone,
    missions: byKind.mission,
    interactions: byKind.interaction,
    characters: byKind.character,
    items: byKind.item,
    attributes: byKind.attribute,
    archetypes: byKind.archetype,
    offers: byKind.offer,
    locations: byKind.location,
    rules: byKind.rule,
    versions: presentVersions(rows),
    current: { ...presentGameVersion(working, publishDue), initialState: working.initialState },
    publishDue,
    translations: await workingTranslations(ctx.db, game.row),
  };
}
