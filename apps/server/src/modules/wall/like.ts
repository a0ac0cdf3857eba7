/**
 * A player's like of a feed item (issue 29; docs/outings.md "The wall"): PUT likes, DELETE takes it back. Only
 * for a player of the instance, in a game that shows the feed in the player and takes likes, and only for an
 * item shown (not withdrawn). The wall and the phones are told the feed changed.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { WALL_MESSAGES, wallSettingsOf, type FeedLikeAnswer } from '@loci/domain';
import type { AppContext } from '../../context.js';
import { feedItems } from '../../db/schema.js';
import { fail } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import { findInstanceAndPlayer } from '../../policies/play.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { specOfInstance } from '../runtime/specs.js';
import { setLike } from './feed-likes.js';
import { feedChanged } from './service.js';

/** PUT (liked) / DELETE (not liked) /play/instances/{id}/feed/{itemId}/like. */
export async function likeFeedItem({
  ctx,
  user,
  instanceId,
  itemId,
  liked,
}: {
  ctx: AppContext;
  user: CurrentUser;
  instanceId: string;
  itemId: string;
  liked: boolean;
}): Promise<FeedLikeAnswer> {
  const { instance } = await findInstanceAndPlayer(ctx, user, instanceId);
  const settings = wallSettingsOf((await specOfInstance(ctx, instance)).game);
  if (!settings.feedInPlayer) throw fail.notFound(WALL_MESSAGES.feedOff);
  if (!settings.likes) throw fail.notFound(WALL_MESSAGES.likesOff);
  const [item] = isUuid(itemId)
    ? await ctx.db
        .select({ id: feedItems.id })
        .from(feedItems)
        .where(and(eq(feedItems.id, itemId), eq(feedItems.instanceId, instance.id), isNull(feedItems.withdrawnAt)))
        .limit(1)
    : [];
  if (!item) throw fail.notFound(WALL_MESSAGES.itemNotFound);
  const counted = await setLike(ctx.db, { itemId: item.id, userId: user.id, liked, when: ctx.now() });
  feedChanged(ctx, instance.id);
  return { itemId: item.id, ...counted };
}
