import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Trade, TradeList } from '@loci/domain';
import type { PlayGameInfo } from '../../../api/play';
import { mockApi } from '../../../test/api-mock';
import { renderWithProviders } from '../test-support';
import { showsTrade, TradePanel } from './TradePanel';

const trade = (overrides: Partial<Trade>): Trade => ({
  id: 't1',
  instanceId: 'i1',
  fromPlayerId: 'ben',
  fromName: 'Ben',
  toPlayerId: 'ann',
  toName: 'Ann',
  give: { gem: 1 },
  want: { coin: 2 },
  status: 'open',
  createdAt: '2026-05-01T10:00:00.000Z',
  updatedAt: '2026-05-01T10:00:00.000Z',
  ...overrides,
});
const list = (trades: Trade[]): TradeList => ({
  available: true,
  playerId: 'ann',
  trades,
  players: [{ playerId: 'ben', name: 'Ben' }],
  assets: [
    { id: 'coin', title: 'Coin', kind: 'item', held: 5 },
    { id: 'gem', title: 'Gem', kind: 'item', held: 0 },
  ],
});

describe('trade sheet', () => {
  it('is shown only in a multiplayer market game with the tradeAssets policy', () => {
    const policies = { redeemAssets: false, pickOffers: false, redeemOffers: false, tradeAssets: true };
    const game = (overrides: Partial<PlayGameInfo>) =>
      ({ multiplayer: true, market: true, endPolicies: policies, ...overrides }) as PlayGameInfo;
    expect(showsTrade(game({}))).toBe(true);
    expect(showsTrade(game({ multiplayer: false }))).toBe(false);
    expect(showsTrade(game({ market: false }))).toBe(false);
    expect(showsTrade(game({ endPolicies: { ...policies, tradeAssets: false } }))).toBe(false);
  });

  it('lists offers received and made, accepts one and withdraws another', async () => {
    const api = mockApi({
      'GET /api/play/instances/i1/trades': {
        body: list([
          trade({}),
          trade({ id: 't2', fromPlayerId: 'ann', fromName: 'Ann', toPlayerId: 'ben', toName: 'Ben' }),
        ]),
      },
      'POST /api/play/instances/i1/trades/t1/accept': { body: trade({ status: 'accepted' }) },
      'POST /api/play/instances/i1/trades/t2/cancel': { body: trade({ id: 't2', status: 'cancelled' }) },
    });
    const { user } = renderWithProviders(<TradePanel instanceId="i1" />);
    const incoming = await screen.findByTestId('trade-incoming');
    expect(incoming).toHaveTextContent('Ben offers 1 × Gem for 2 × Coin');
    await user.click(within(incoming).getByRole('button', { name: 'Accept' }));
    expect(api.requests.some((r) => r.method === 'POST' && r.path.endsWith('/t1/accept'))).toBe(true);
    const outgoing = screen.getByTestId('trade-outgoing');
    expect(outgoing).toHaveTextContent('You offer Ben 1 × Gem for 2 × Coin');
    await user.click(within(outgoing).getByRole('button', { name: 'Withdraw' }));
    expect(api.requests.some((r) => r.method === 'POST' && r.path.endsWith('/t2/cancel'))).toBe(true);
  });

  it('proposes a trade to another player: what is given (only what is held) and what is asked for', async () => {
    const api = mockApi({
      'GET /api/play/instances/i1/trades': { body: list([]) },
      'POST /api/play/instances/i1/trades': { status: 201, body: trade({}) },
    });
    const { user } = renderWithProviders(<TradePanel instanceId="i1" />);
    expect(await screen.findByText('Nobody has offered you a trade.')).toBeInTheDocument();
    const propose = screen.getByRole('button', { name: 'Propose' });
    expect(propose).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'With' }));
    await user.click(screen.getByRole('option', { name: 'Ben' }));
    await user.click(screen.getByRole('combobox', { name: 'You give' }));
    // Only what the player holds can be given.
    expect(screen.queryByRole('option', { name: /Gem/ })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Coin (5)' }));
    await user.click(screen.getByRole('combobox', { name: 'You ask for' }));
    await user.click(screen.getByRole('option', { name: 'Gem' }));
    await user.click(propose);
    const sent = api.requests.find((r) => r.method === 'POST' && r.path === '/api/play/instances/i1/trades');
    expect(sent?.body).toEqual({ toPlayerId: 'ben', give: { coin: 1 }, want: { gem: 1 } });
  });
});
