import type { GameSpec } from '@loci/domain';
import { compileSpec } from './compile.js';
import type { PlayerState } from './types.js';

/** What one side of a trade hands over: asset (item or attribute) id → how many units (levels for attributes). */
export type TradeAssets = Record<string, number>;

/**
 * Why a trade cannot be made: TRADING_OFF (not a multiplayer game with the
 * market and the `tradeAssets` policy), EMPTY_TRADE (nothing is exchanged, or
 * a count is not a positive whole number), NOT_TRADABLE (an asset is unknown,
 * hidden, not marked `tradable`), NOT_OWNED (a side does not hold what it
 * gives), LIMIT_REACHED (a limited item would exceed its maximum).
 */
export type TradeRefusal = 'TRADING_OFF' | 'EMPTY_TRADE' | 'NOT_TRADABLE' | 'NOT_OWNED' | 'LIMIT_REACHED';

/** Does the game allow trading between its players (multiplayer, market on, `endPolicies.tradeAssets`)? */
export function tradingAllowed(spec: GameSpec): boolean {
  const { game } = spec;
  return game.multiplayer === true && game.market === true && game.endPolicies.tradeAssets === true;
}

/** Why the terms of a trade are refused whoever the players are, or null when they may be offered. */
export function tradeTermsRefusal(spec: GameSpec, give: TradeAssets, want: TradeAssets): TradeRefusal | null {
  if (!tradingAllowed(spec)) return 'TRADING_OFF';
  const c = compileSpec(spec);
  const entries = [...Object.entries(give), ...Object.entries(want)];
  if (entries.length === 0) return 'EMPTY_TRADE';
  for (const [assetId, count] of entries) {
    if (!Number.isSafeInteger(count) || count <= 0) return 'EMPTY_TRADE';
    const asset = c.items.get(assetId) ?? c.attributes.get(assetId);
    if (!asset || !asset.market.tradable) return 'NOT_TRADABLE';
  }
  return null;
}

/** How many units of `assetId` the player holds (an attribute's level; a text attribute holds none). */
export function heldUnits(player: PlayerState, assetId: string): number {
  const item = player.items[assetId];
  if (item !== undefined) return item;
  const level = player.attributes[assetId];
  return typeof level === 'number' ? level : 0;
}

function move(spec: GameSpec, player: PlayerState, assets: TradeAssets, sign: 1 | -1, when: string): PlayerState {
  const c = compileSpec(spec);
  let items = player.items;
  let attributes = player.attributes;
  let attributedWhen = player.attributedWhen;
  for (const [assetId, count] of Object.entries(assets)) {
    if (c.items.has(assetId)) {
      if (items === player.items) items = { ...items };
      items[assetId] = (items[assetId] ?? 0) + sign * count;
    } else {
      if (attributes === player.attributes) attributes = { ...attributes };
      attributes[assetId] = heldUnits({ ...player, attributes }, assetId) + sign * count;
      if (sign === 1 && !(assetId in attributedWhen)) attributedWhen = { ...attributedWhen, [assetId]: when };
    }
  }
  return { ...player, items, attributes, attributedWhen };
}

/**
 * The exchange of a trade, whole or not at all: `from` hands `give` to `to`,
 * `to` hands `want` to `from`. Refused (nothing changes) unless the terms are
 * still valid, both sides still hold what they give and no limited item would
 * exceed its maximum — so no count ever goes negative and no unit is made or
 * lost. Pure: the caller writes both states in one transaction.
 */
export function exchangeAssets(
  spec: GameSpec,
  from: PlayerState,
  to: PlayerState,
  give: TradeAssets,
  want: TradeAssets,
  when: string,
): { ok: true; from: PlayerState; to: PlayerState } | { ok: false; code: TradeRefusal } {
  const terms = tradeTermsRefusal(spec, give, want);
  if (terms) return { ok: false, code: terms };
  for (const [assetId, count] of Object.entries(give))
    if (heldUnits(from, assetId) < count) return { ok: false, code: 'NOT_OWNED' };
  for (const [assetId, count] of Object.entries(want))
    if (heldUnits(to, assetId) < count) return { ok: false, code: 'NOT_OWNED' };
  const nextFrom = move(spec, move(spec, from, give, -1, when), want, 1, when);
  const nextTo = move(spec, move(spec, to, want, -1, when), give, 1, when);
  const c = compileSpec(spec);
  for (const [player, before] of [
    [nextFrom, from],
    [nextTo, to],
  ] as const) {
    for (const [assetId, units] of Object.entries(player.items)) {
      const item = c.items.get(assetId);
      const grew = units > (before.items[assetId] ?? 0);
      if (grew && item?.limited && item.maxItems !== null && units > item.maxItems)
        return { ok: false, code: 'LIMIT_REACHED' };
    }
  }
  return { ok: true, from: nextFrom, to: nextTo };
}
