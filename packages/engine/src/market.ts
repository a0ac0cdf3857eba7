import { DIRTY } from './conditions.js';
import { emit, markDirty, markElementDirty, playerRecord, refuse, type StepContext } from './context.js';
import { pay } from './objects.js';
import { engineText } from './errors.js';

/**
 * The `redeem` event: the player buys one unit of an item, or one level of an
 * attribute (skill), with the market's currency (spec 2 §3: `redeemable` with
 * a `price`). Refused without a market or currency (NOT_FOR_SALE), for what
 * is not redeemable, hidden, unpriced or the currency itself (NOT_FOR_SALE),
 * for a limited item already at its maximum (LIMIT_REACHED) and when the
 * player cannot afford it (NOT_ENOUGH_CURRENCY). The price is paid and the
 * unit given in the same step, so a purchase is whole or does not happen.
 */
export function handleRedeemAsset(ctx: StepContext, assetId: string): void {
  const { c } = ctx;
  const item = c.items.get(assetId);
  const attribute = item ? undefined : c.attributes.get(assetId);
  const asset = item ?? attribute;
  if (!c.market || c.currencyItemId === null || !asset) return refuse(ctx, 'NOT_FOR_SALE');
  const { redeemable, price } = asset.market;
  if (!redeemable || price === null || price < 0 || assetId === c.currencyItemId) return refuse(ctx, 'NOT_FOR_SALE');

  if (item) {
    const before = ctx.player.items[assetId] ?? 0;
    if (item.limited && item.maxItems !== null && before >= item.maxItems) return refuse(ctx, 'LIMIT_REACHED');
    if (!pay(ctx, price)) return;
    playerRecord(ctx, 'items')[assetId] = before + 1;
    markElementDirty(ctx, DIRTY.item, assetId);
  } else {
    const before = ctx.player.attributes[assetId];
    const level = typeof before === 'number' ? before : Number(before) || 0;
    if (!pay(ctx, price)) return;
    playerRecord(ctx, 'attributes')[assetId] = level + 1;
    if (!(assetId in ctx.player.attributedWhen)) playerRecord(ctx, 'attributedWhen')[assetId] = ctx.when;
    markDirty(ctx, DIRTY.attribute);
  }
  emit(ctx, { action: 'showNotification', ...engineText('boughtOne', { title: asset.title }) });
}
