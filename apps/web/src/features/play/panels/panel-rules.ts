import type { PlayerView } from '@loci/engine';
import type { PlayGameInfo } from '../../../api/play';
import type { SpecEntityOf, SpecIndex } from '../spec-index';

// Which of the player's sheets the tool bar offers: read with the map, apart from the sheets themselves
// (MarketPanels, TradePanel…), which load when the player opens one (bench/player-load.bench.mjs).

/** What the market sells: redeemable, priced items and skills that are not hidden and not the currency. */
export function marketAssets(index: SpecIndex, view: PlayerView) {
  const currencyId = view.currency?.itemId;
  const forSale = (asset: SpecEntityOf<'item'> | SpecEntityOf<'attribute'>) =>
    asset.redeemable && asset.price !== null && asset.price !== undefined && !asset.hidden && asset.id !== currencyId;
  return [
    ...index
      .list('item')
      .filter(forSale)
      .map((item) => ({ kind: 'item' as const, asset: item })),
    ...index
      .list('attribute')
      .filter(forSale)
      .map((attribute) => ({ kind: 'attribute' as const, asset: attribute })),
  ];
}

/** Is the market open to this player: a market game with something for sale (after the end, only with redeemAssets). */
export function showsMarket(game: PlayGameInfo, index: SpecIndex, view: PlayerView): boolean {
  const over = view.finished !== null || view.worldStatus !== 'active';
  if (over && !game.endPolicies.redeemAssets) return false;
  return game.market && view.currency !== null && marketAssets(index, view).length > 0;
}

/** Does the player see the leaderboard now: the game has one, and it is shown before the end or the game is over? */
export function showsRankings(game: PlayGameInfo, view: PlayerView): boolean {
  const over = view.finished !== null || view.worldStatus !== 'active';
  return game.rankings.available && (game.rankings.showBeforeComplete || over);
}

/** Does the game allow trading between its players: multiplayer, with the market and the tradeAssets policy? */
export function showsTrade(game: PlayGameInfo): boolean {
  return game.multiplayer && game.market && game.endPolicies.tradeAssets;
}
