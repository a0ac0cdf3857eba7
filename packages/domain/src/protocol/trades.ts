import { z } from 'zod';

/**
 * Trading between players (multiplayer games with the market and the
 * `tradeAssets` policy; items and attributes marked `tradable`): one player
 * proposes, the other accepts or declines, the proposer may cancel. The
 * routes are under /api/play/instances/{instanceId}/trades (docs/play.md);
 * both players are told of every change over the socket event `trade`.
 */

/** Most distinct assets on one side of a trade. */
export const MAX_TRADE_ASSETS = 20;
/** Most units of one asset in a trade. */
export const MAX_TRADE_UNITS = 1_000_000;
/** Most open proposals a player may have made in one instance (409 TOO_MANY_OPEN_TRADES beyond). */
export const MAX_OPEN_TRADES_PER_PLAYER = 10;

/** One side of a trade: asset (item or attribute) id → units (levels for an attribute), each a positive whole number. */
export const tradeAssetsSchema = z
  .record(z.string().min(1).max(100), z.number().int().min(1).max(MAX_TRADE_UNITS))
  .refine((assets) => Object.keys(assets).length <= MAX_TRADE_ASSETS, {
    message: `At most ${MAX_TRADE_ASSETS} different assets`,
  });

/** Body of a proposal. */
export const tradeProposalBodySchema = z
  .object({
    /** The other player of the instance (their player id). */
    toPlayerId: z.string().min(1).max(100),
    /** What the proposer hands over. */
    give: tradeAssetsSchema.default({}),
    /** What the proposer asks for in return. */
    want: tradeAssetsSchema.default({}),
  })
  .refine((body) => Object.keys(body.give).length + Object.keys(body.want).length > 0, {
    message: 'Give or ask for something',
    path: ['give'],
  });
export type TradeProposalBody = z.infer<typeof tradeProposalBodySchema>;

export const TRADE_STATUSES = ['open', 'accepted', 'declined', 'cancelled'] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];

/** A trade as both players see it. */
export const tradeSchema = z.object({
  id: z.string(),
  instanceId: z.string(),
  fromPlayerId: z.string(),
  fromName: z.string(),
  toPlayerId: z.string(),
  toName: z.string(),
  give: z.record(z.string(), z.number()),
  want: z.record(z.string(), z.number()),
  status: z.enum(TRADE_STATUSES),
  /** ISO times. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Trade = z.infer<typeof tradeSchema>;

/** GET …/trades: the caller's open trades (made and received), and the players they may trade with. */
export const tradeListSchema = z.object({
  /** Whether this instance's game allows trading at all. */
  available: z.boolean(),
  playerId: z.string(),
  trades: z.array(tradeSchema),
  players: z.array(z.object({ playerId: z.string(), name: z.string() })),
  /** What the caller may trade: asset id → title, and how many they hold. */
  assets: z.array(
    z.object({ id: z.string(), title: z.string(), kind: z.enum(['item', 'attribute']), held: z.number() }),
  ),
});
export type TradeList = z.infer<typeof tradeListSchema>;

/** Payload of the socket event `trade`: a trade that was proposed or changed status (to both players). */
export const tradePushSchema = z.object({ instanceId: z.string(), trade: tradeSchema });
export type TradePush = z.infer<typeof tradePushSchema>;

/** errorCode of trade refusals (409 unless said). */
export const TRADE_ERROR_CODES = {
  /** 409: the game is not multiplayer, has no market, or its `tradeAssets` policy is off. */
  TRADING_OFF: 'TRADING_OFF',
  /** 400: nothing is exchanged. */
  EMPTY_TRADE: 'EMPTY_TRADE',
  /** 409: an asset is unknown, hidden or not tradable. */
  NOT_TRADABLE: 'NOT_TRADABLE',
  /** 409: a side no longer holds what it gives. */
  NOT_OWNED: 'NOT_OWNED',
  /** 409: a limited item would exceed its maximum. */
  LIMIT_REACHED: 'LIMIT_REACHED',
  /** 403: the other player of the trade is the one who may accept, decline or cancel it. */
  NOT_YOUR_SIDE: 'NOT_YOUR_SIDE',
  /** 404: no such trade of this instance for the caller. */
  TRADE_NOT_FOUND: 'TRADE_NOT_FOUND',
  /** 409: the trade was accepted, declined or cancelled already. */
  TRADE_CLOSED: 'TRADE_CLOSED',
  /** 404: the other player is not a player of this instance (or is the caller). */
  UNKNOWN_PLAYER: 'UNKNOWN_PLAYER',
  /** 409: the proposer already has MAX_OPEN_TRADES_PER_PLAYER open proposals in the instance. */
  TOO_MANY_OPEN_TRADES: 'TOO_MANY_OPEN_TRADES',
  /** 409: a player of the trade cannot take it now (left the game, game over without the tradeAssets policy). */
  PLAYER_NOT_TRADING: 'PLAYER_NOT_TRADING',
} as const;
export type TradeErrorCode = keyof typeof TRADE_ERROR_CODES;

export const TRADE_MESSAGES: Record<TradeErrorCode, string> = {
  TRADING_OFF: 'This game does not allow trading between players',
  EMPTY_TRADE: 'Give or ask for something',
  NOT_TRADABLE: 'This cannot be traded',
  NOT_OWNED: 'Not everything in this trade is still held by whoever gives it',
  LIMIT_REACHED: 'This trade would go over the limit of an item',
  NOT_YOUR_SIDE: 'This is for the other player of the trade to do',
  TRADE_NOT_FOUND: 'There is no such trade',
  TRADE_CLOSED: 'This trade is already closed',
  UNKNOWN_PLAYER: 'There is no such player in this game',
  TOO_MANY_OPEN_TRADES: `You have ${MAX_OPEN_TRADES_PER_PLAYER} open trade proposals: cancel one or wait for an answer first`,
  PLAYER_NOT_TRADING: 'A player of this trade cannot trade now',
};
