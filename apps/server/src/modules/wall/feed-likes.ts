/**
 * Likes of feed items (issue 29; docs/outings.md "The wall"): the counts every screen reads with the feed, and
 * the one write of a like or an unlike. A like is a `feed_likes` row keyed by (item, account), so liking twice —
 * two taps, two phones of one person, a retried request — is one like, decided by the primary key in one
 * statement (no read-then-write race).
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { feedLikes } from '../../db/schema.js';

/** Per item of `itemIds`: how many liked it, and whether `viewerId` did (false without a viewer). */
export async function likesOf(
  db: Executor,
  itemIds: readonly string[],
  viewerId: string | null,
): Promise<Map<string, { likes: number; liked: boolean }>> {
  const found = new Map<string, { likes: number; liked: boolean }>();
  if (itemIds.length === 0) return found;
  const rows = await db
    .select({
      itemId: feedLikes.itemId,
      likes: count(),
      liked: viewerId ? sql<boolean>`bool_or(${feedLikes.userId} = ${viewerId})` : sql<boolean>`false`,
    })
    .from(feedLikes)
    .where(inArray(feedLikes.itemId, [...itemIds]))
    .groupBy(feedLikes.itemId);
  for (const row of rows) found.set(row.itemId, { likes: Number(row.likes), liked: Boolean(row.liked) });
  return found;
}

/** Likes (or, with `liked` false, unlikes) an item for an account; answers the item's count afterwards. */
export async function setLike(
  db: Executor,
  { itemId, userId, liked, when }: { itemId: string; userId: string; liked: boolean; when: Date },
): Promise<{ likes: number; liked: boolean }> {
  if (liked) {
    await db.insert(feedLikes).values({ itemId, userId, createdAt: when }).onConflictDoNothing();
  } else {
    await db.delete(feedLikes).where(and(eq(feedLikes.itemId, itemId), eq(feedLikes.userId, userId)));
  }
  const [counted] = await db.select({ likes: count() }).from(feedLikes).where(eq(feedLikes.itemId, itemId));
  return { likes: Number(counted?.likes ?? 0), liked };
}
