import type { TradeEvent } from '@loci/domain';
import { DIRTY } from './conditions.js';
import { addRecord, markDirty, markElementDirty, playerRecord, refuse, type StepContext } from './context.js';
import { heldUnits, tradeTermsRefusal } from './trade.js';
import { RECORD_NAMES } from './types.js';

/**
 * The `trade` event: the acting player's side of an accepted trade — what they
 * gave leaves them, what they received comes to them — so that rules on what
 * a player owns fire as for any other change, and a record `has traded` is
 * kept. Refused (nothing changes) when the terms are not tradable
 * (INVALID_EVENT), the player lacks what they give (NOT_OWNED) or a limited
 * item would exceed its maximum (LIMIT_REACHED). The server steps it for both
 * players in one step of the instance (`stepTrade`).
 */
export function handleTrade(ctx: StepContext, event: TradeEvent): void {
  const { c } = ctx;
  if (tradeTermsRefusal(ctx.spec, event.gave, event.received)) return refuse(ctx, 'INVALID_EVENT');
  for (const [assetId, count] of Object.entries(event.gave))
    if (heldUnits(ctx.player, assetId) < count) return refuse(ctx, 'NOT_OWNED');
  for (const [assetId, count] of Object.entries(event.gave)) move(ctx, assetId, -count);
  for (const [assetId, count] of Object.entries(event.received)) {
    const item = c.items.get(assetId);
    const units = heldUnits(ctx.player, assetId) + count;
    if (item?.limited && item.maxItems !== null && units > item.maxItems) return refuse(ctx, 'LIMIT_REACHED');
    move(ctx, assetId, count);
  }
  addRecord(ctx, RECORD_NAMES.trade, {
    tradeId: event.tradeId,
    withPlayerId: event.withPlayerId,
    gave: event.gave,
    received: event.received,
  });
}

function move(ctx: StepContext, assetId: string, change: number): void {
  const units = heldUnits(ctx.player, assetId) + change;
  if (ctx.c.items.has(assetId)) {
    playerRecord(ctx, 'items')[assetId] = units;
    markElementDirty(ctx, DIRTY.item, assetId);
    return;
  }
  playerRecord(ctx, 'attributes')[assetId] = units;
  if (change > 0 && !(assetId in ctx.player.attributedWhen)) playerRecord(ctx, 'attributedWhen')[assetId] = ctx.when;
  markDirty(ctx, DIRTY.attribute);
}
