import { and, asc, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import {
  MAX_OPEN_TRADES_PER_PLAYER,
  PLAY_MESSAGES,
  SOCKET_EVENTS,
  type GameSpec,
  type Trade,
  type TradeErrorCode,
  type TradeList,
  type TradeProposalBody,
} from '@loci/domain';
import {
  compileSpec,
  exchangeAssets,
  heldUnits,
  stepTrade,
  tradeEvents,
  tradeTermsRefusal,
  tradingAllowed,
} from '@loci/engine';
import type { AppContext } from '../../context.js';
import {
  playerStates,
  playerTrades,
  type GameInstanceRow,
  type PlayerStateRow,
  type PlayerTradeRow,
} from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { findInstanceAndPlayer, playRefusal } from '../../policies/play.js';
import { lockInstanceWithSpec } from '../runtime/instance-rows.js';
import { stepLockedWith } from '../runtime/locked-step.js';
import { pushStepped } from '../runtime/pushes.js';
import { specOfInstance } from '../runtime/specs.js';

/**
 * Trading between two players of one instance (docs/play.md "Trading").
 *
 * Why an accepted trade never makes or loses a unit: the exchange runs in ONE
 * transaction that first locks the instance row (runtime/locked-step.ts: a
 * player row is only written under that lock, so no optimistic event of
 * either player can write over it), then the trade row (so two accepts of one
 * trade are one after the other: the second sees it closed) and both player
 * rows in the order of their ids, reads both states AFTER those locks, checks
 * again that each side still holds what it gives, steps the exchange as ONE
 * engine step for both players (`stepTrade`: their rules fire, records are
 * kept, locked-step.ts `stepLockedWith` reads every player row after the lock) and
 * writes both states, the world and the trade's new status before COMMIT; the
 * step's outputs are pushed after it. Two trades spending the same unit are
 * therefore applied one after the other, and the second is refused NOT_OWNED.
 * Decline and cancel are one conditional UPDATE (`status = 'open'`), which
 * waits for an accept holding the trade's row and then finds it closed.
 */

/** A trade's refusal: its code, with its status and message in ERROR_TABLE. */
const refusal = (code: TradeErrorCode) => new AppError(code);

/** Trades run on an instance that is active, or completed (`tradeAssets` is also the end policy that allows them then). */
function assertInstanceTrades(instance: GameInstanceRow, spec: GameSpec): void {
  if (!instance.multiplayer || !tradingAllowed(spec)) throw refusal('TRADING_OFF');
  if (instance.status !== 'active' && instance.status !== 'completed') {
    throw playRefusal('INSTANCE_NOT_ACTIVE', PLAY_MESSAGES.instanceNotActive, { status: 'CONFLICT' });
  }
}

function present(row: PlayerTradeRow, names: ReadonlyMap<string, string>): Trade {
  return {
    id: row.id,
    instanceId: row.instanceId,
    fromPlayerId: row.fromPlayerId,
    fromName: names.get(row.fromPlayerId) ?? '',
    toPlayerId: row.toPlayerId,
    toName: names.get(row.toPlayerId) ?? '',
    give: row.give,
    want: row.want,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Tells both players of a trade (every socket of their accounts) that it was proposed or changed. */
function pushTrade(ctx: AppContext, trade: Trade, players: readonly PlayerStateRow[]): void {
  for (const player of players) {
    if (!player.userId) continue;
    try {
      ctx.realtime.toUser(player.userId, SOCKET_EVENTS.trade, { instanceId: trade.instanceId, trade });
    } catch (error) {
      ctx.log.warn({ err: error, instanceId: trade.instanceId }, 'realtime push failed');
    }
  }
}

async function playersOf(ctx: AppContext, instanceId: string, playerIds: readonly string[]): Promise<PlayerStateRow[]> {
  return ctx.db
    .select()
    .from(playerStates)
    .where(and(eq(playerStates.instanceId, instanceId), inArray(playerStates.playerId, [...playerIds])));
}

/** GET …/trades: the caller's open trades, the other players and what the caller may trade. */
export async function listTrades(ctx: AppContext, user: CurrentUser, instanceId: string): Promise<TradeList> {
  const { instance, player } = await findInstanceAndPlayer(ctx, user, instanceId);
  const spec = await specOfInstance(ctx, instance);
  const available = instance.multiplayer && tradingAllowed(spec);
  if (!available) return { available, playerId: player.playerId, trades: [], players: [], assets: [] };
  const [others, trades] = await Promise.all([
    ctx.db
      .select({ playerId: playerStates.playerId, name: playerStates.name })
      .from(playerStates)
      .where(and(eq(playerStates.instanceId, instance.id), ne(playerStates.status, 'movedTo')))
      .orderBy(asc(playerStates.name)),
    ctx.db
      .select()
      .from(playerTrades)
      .where(
        and(
          eq(playerTrades.instanceId, instance.id),
          eq(playerTrades.status, 'open'),
          or(eq(playerTrades.fromPlayerId, player.playerId), eq(playerTrades.toPlayerId, player.playerId)),
        ),
      )
      .orderBy(asc(playerTrades.createdAt)),
  ]);
  const names = new Map(others.map((other) => [other.playerId, other.name]));
  const c = compileSpec(spec);
  const assets: TradeList['assets'] = [];
  for (const item of c.items.values())
    if (item.market.tradable)
      assets.push({ id: item.id, title: item.title, kind: 'item', held: heldUnits(player.state, item.id) });
  for (const attribute of c.attributes.values())
    if (attribute.market.tradable)
      assets.push({
        id: attribute.id,
        title: attribute.title,
        kind: 'attribute',
        held: heldUnits(player.state, attribute.id),
      });
  return {
    available,
    playerId: player.playerId,
    trades: trades.map((trade) => present(trade, names)),
    players: others.filter((other) => other.playerId !== player.playerId),
    assets,
  };
}

/** POST …/trades: the caller proposes a trade to another player of the instance (201). */
export async function proposeTrade(
  ctx: AppContext,
  user: CurrentUser,
  instanceId: string,
  body: TradeProposalBody,
): Promise<Trade> {
  const { instance, player } = await findInstanceAndPlayer(ctx, user, instanceId);
  const spec = await specOfInstance(ctx, instance);
  assertInstanceTrades(instance, spec);
  const terms = tradeTermsRefusal(spec, body.give, body.want);
  if (terms) throw refusal(terms);
  const [other] = body.toPlayerId === player.playerId ? [] : await playersOf(ctx, instance.id, [body.toPlayerId]);
  if (!other || other.status === 'movedTo') throw refusal('UNKNOWN_PLAYER');
  // Checked again when accepted: what is held now may be spent before.
  for (const [assetId, count] of Object.entries(body.give))
    if (heldUnits(player.state, assetId) < count) throw refusal('NOT_OWNED');
  const now = ctx.now();
  // The cap is counted and the proposal inserted under a lock on (instance, proposer), so proposals sent
  // together are counted one after the other and never pass the cap between them.
  const row = await ctx.db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`trades:${instance.id}:${player.playerId}`}, 0))`,
    );
    const [open] = await tx
      .select({ n: count() })
      .from(playerTrades)
      .where(
        and(
          eq(playerTrades.instanceId, instance.id),
          eq(playerTrades.fromPlayerId, player.playerId),
          eq(playerTrades.status, 'open'),
        ),
      );
    if ((open?.n ?? 0) >= MAX_OPEN_TRADES_PER_PLAYER) throw refusal('TOO_MANY_OPEN_TRADES');
    const [inserted] = await tx
      .insert(playerTrades)
      .values({
        instanceId: instance.id,
        fromPlayerId: player.playerId,
        toPlayerId: other.playerId,
        give: body.give,
        want: body.want,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return inserted!;
  });
  const trade = present(row, new Map([player, other].map((p) => [p.playerId, p.name])));
  pushTrade(ctx, trade, [player, other]);
  return trade;
}

/** 404 unless `tradeId` is a trade of the instance that the caller is part of. */
async function tradeOfCaller(ctx: AppContext, instanceId: string, tradeId: string, playerId: string) {
  if (!isUuid(tradeId)) throw refusal('TRADE_NOT_FOUND');
  const [row] = await ctx.db
    .select()
    .from(playerTrades)
    .where(and(eq(playerTrades.id, tradeId), eq(playerTrades.instanceId, instanceId)))
    .limit(1);
  if (!row || (row.fromPlayerId !== playerId && row.toPlayerId !== playerId)) throw refusal('TRADE_NOT_FOUND');
  return row;
}

/**
 * POST …/trades/{tradeId}/accept: the player the trade was offered to takes
 * it; both states change in one transaction (the file's header), or neither.
 */
export async function acceptTrade(
  ctx: AppContext,
  user: CurrentUser,
  instanceId: string,
  tradeId: string,
): Promise<Trade> {
  const { instance, player } = await findInstanceAndPlayer(ctx, user, instanceId);
  const known = await tradeOfCaller(ctx, instance.id, tradeId, player.playerId);
  if (known.toPlayerId !== player.playerId) {
    throw refusal('NOT_YOUR_SIDE');
  }
  const done = await ctx.db.transaction(async (tx) => {
    const locked = await lockInstanceWithSpec(tx, instance.id);
    const { row, spec } = locked;
    assertInstanceTrades(row, spec);
    const [trade] = await tx.select().from(playerTrades).where(eq(playerTrades.id, known.id)).for('update');
    if (!trade || trade.status !== 'open') throw refusal('TRADE_CLOSED');
    // Both players' rows, locked in the order of their ids, read after every lock was taken.
    const rows = await tx
      .select()
      .from(playerStates)
      .where(
        and(
          eq(playerStates.instanceId, row.id),
          inArray(playerStates.playerId, [trade.fromPlayerId, trade.toPlayerId]),
        ),
      )
      .orderBy(asc(playerStates.playerId))
      .for('update');
    const from = rows.find((r) => r.playerId === trade.fromPlayerId);
    const to = rows.find((r) => r.playerId === trade.toPlayerId);
    if (!from || !to || from.status === 'movedTo') throw refusal('UNKNOWN_PLAYER');
    const exchanged = exchangeAssets(spec, from.state, to.state, trade.give, trade.want, ctx.now().toISOString());
    if (!exchanged.ok) throw refusal(exchanged.code);
    // The exchange as ONE engine step for both players (engine `stepTrade`): their rules fire, records are kept.
    const accepted = {
      tradeId: trade.id,
      fromPlayerId: from.playerId,
      toPlayerId: to.playerId,
      give: trade.give,
      want: trade.want,
    };
    const event = {
      type: 'trade' as const,
      playerId: to.playerId,
      tradeId: trade.id,
      withPlayerId: from.playerId,
      gave: trade.want,
      received: trade.give,
    };
    const stepped = await stepLockedWith(
      ctx,
      tx,
      locked,
      event,
      (...a) => stepTrade(a[0], a[1], accepted, a[2], a[3], a[4]),
      tradeEvents(accepted),
    );
    if (stepped.result.outputs.some((output) => output.action === 'error')) throw refusal('PLAYER_NOT_TRADING');
    const [closed] = await tx
      .update(playerTrades)
      .set({ status: 'accepted', updatedAt: ctx.now() })
      .where(eq(playerTrades.id, trade.id))
      .returning();
    return { trade: closed!, players: [from, to], push: stepped.push };
  });
  pushStepped(ctx, done.push);
  const trade = present(done.trade, new Map(done.players.map((p) => [p.playerId, p.name])));
  pushTrade(ctx, trade, done.players);
  return trade;
}

/** POST …/trades/{tradeId}/decline (the player it was offered to) or …/cancel (its proposer). */
export async function closeTrade(
  ctx: AppContext,
  user: CurrentUser,
  instanceId: string,
  tradeId: string,
  as: 'decline' | 'cancel',
): Promise<Trade> {
  const { instance, player } = await findInstanceAndPlayer(ctx, user, instanceId);
  const known = await tradeOfCaller(ctx, instance.id, tradeId, player.playerId);
  const side = as === 'decline' ? known.toPlayerId : known.fromPlayerId;
  if (side !== player.playerId) {
    throw refusal('NOT_YOUR_SIDE');
  }
  const [closed] = await ctx.db
    .update(playerTrades)
    .set({ status: as === 'decline' ? 'declined' : 'cancelled', updatedAt: ctx.now() })
    .where(and(eq(playerTrades.id, known.id), eq(playerTrades.status, 'open')))
    .returning();
  if (!closed) throw refusal('TRADE_CLOSED');
  const players = await playersOf(ctx, instance.id, [closed.fromPlayerId, closed.toPlayerId]);
  const trade = present(closed, new Map(players.map((p) => [p.playerId, p.name])));
  pushTrade(ctx, trade, players);
  return trade;
}
