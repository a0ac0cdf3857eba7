import type { GameSpec } from '@loci/domain';
import { step } from './step.js';
import type { TradeAssets } from './trade.js';
import type { InstanceState, StepOptions, StepResult } from './types.js';

/** A trade as it is accepted: `fromPlayerId` hands over `give`, `toPlayerId` hands over `want`. */
export interface AcceptedTrade {
  tradeId: string;
  fromPlayerId: string;
  toPlayerId: string;
  give: TradeAssets;
  want: TradeAssets;
}

/** The accepted trade's two engine events, in the order `stepTrade` steps them: the proposer's side, then the acceptor's. */
export function tradeEvents(trade: AcceptedTrade) {
  const side = (playerId: string, withPlayerId: string, gave: TradeAssets, received: TradeAssets) =>
    ({ type: 'trade', playerId, tradeId: trade.tradeId, withPlayerId, gave, received }) as const;
  return [
    side(trade.fromPlayerId, trade.toPlayerId, trade.give, trade.want),
    side(trade.toPlayerId, trade.fromPlayerId, trade.want, trade.give),
  ] as const;
}

const refused = (result: StepResult) => result.outputs.some((output) => output.action === 'error');

/**
 * An accepted trade as ONE step of the instance: a `trade` event for its
 * proposer, then one for the player who accepted, each firing that player's
 * rules (docs/engine.md "Trading"). Whole or nothing: when either side is
 * refused (the exchange no longer holds, a player left, the game is over
 * without the tradeAssets policy) the given state comes back unchanged with
 * the refusal's error outputs. Pure, as `step`.
 */
export function stepTrade(
  spec: GameSpec,
  state: InstanceState,
  trade: AcceptedTrade,
  now: Date,
  random?: () => number,
  options: StepOptions = {},
): StepResult {
  const [proposer, acceptor] = tradeEvents(trade);
  const first = step(spec, state, proposer, now, random, options);
  if (refused(first)) return { ...first, state };
  const second = step(spec, first.state, acceptor, now, random, options);
  if (refused(second)) return { ...second, state, records: [] };
  return {
    state: second.state,
    outputs: [...first.outputs, ...second.outputs],
    records: [...first.records, ...second.records],
    trace: {
      rules: [...first.trace.rules, ...second.trace.rules],
      notes: [...first.trace.notes, ...second.trace.notes],
    },
  };
}
