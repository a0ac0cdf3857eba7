import { and, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import {
  canAuthor,
  GAME_TEXTS,
  type GalleryItem,
  type GalleryQuery,
  type GallerySize,
  type DesignKind,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import { designEntities, games } from '../../db/schema.js';
import { fail } from '../../lib/errors.js';
import { loadAccess, rightsOf } from '../../policies/games.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { likePattern, pageOfGames } from '../games/service.js';

/** The kinds the gallery counts, and the size field each one fills. */
const SIZE_KINDS = { scene: 'scenes', location: 'locations', interaction: 'interactions' } as const satisfies Partial<
  Record<DesignKind, keyof GallerySize>
>;

/**
 * One page of the public library: the games whose owners opened them (public
 * access view or clone) and did not archive, newest change first, with the size
 * of their design and the caller's clone right. Designers and admins only.
 * Three queries whatever the page size: the page, the total, and one grouped
 * count of the page's design entities (plus the email lists for the rights).
 */
export async function listGallery({
  ctx,
  user,
  query,
}: {
  ctx: AppContext;
  user: CurrentUser;
  query: GalleryQuery;
}): Promise<{ games: GalleryItem[]; total: number }> {
  if (!canAuthor(user.role)) throw fail.forbidden(GAME_TEXTS.noAuthoringRights(user.role));

  const where = and(
    ne(games.publicAccess, 'no'),
    eq(games.isArchived, false),
    query.q ? ilike(games.title, likePattern(query.q)) : undefined,
  );
  const { rows, total } = await pageOfGames(ctx, where, query);

  const ids = rows.map((r) => r.row.id);
  const sizes = new Map<string, GallerySize>(ids.map((id) => [id, { scenes: 0, locations: 0, interactions: 0 }]));
  if (ids.length > 0) {
    const counts = await ctx.db
      .select({
        gameId: designEntities.gameId,
        kind: designEntities.kind,
        n: sql<number>`count(*)`.mapWith(Number),
      })
      .from(designEntities)
      .where(
        and(inArray(designEntities.gameId, ids), inArray(designEntities.kind, Object.keys(SIZE_KINDS) as DesignKind[])),
      )
      .groupBy(designEntities.gameId, designEntities.kind);
    for (const { gameId, kind, n } of counts) {
      const size = sizes.get(gameId);
      if (size && kind in SIZE_KINDS) size[SIZE_KINDS[kind as keyof typeof SIZE_KINDS]] = n;
    }
  }
  const access = await loadAccess(ctx.db, ids);

  const items = rows.map(({ row, ownerName }): GalleryItem => {
    const lists = access.get(row.id) ?? { designers: [], testers: [], players: [] };
    return {
      id: row.id,
      title: row.title,
      logoId: row.settings.logoId,
      language: row.settings.language,
      publicAccess: row.publicAccess,
      size: sizes.get(row.id) ?? { scenes: 0, locations: 0, interactions: 0 },
      place: row.settings.pg.place,
      ownerName,
      canClone: rightsOf(user, row, lists).includes('clone'),
    };
  });
  return { games: items, total };
}
