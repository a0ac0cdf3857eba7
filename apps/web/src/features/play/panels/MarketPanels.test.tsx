import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PlayGameInfo } from '../../../api/play';
import { mockApi } from '../../../test/api-mock';
import { makeView } from '../test-factories';
import { makeIndex, renderWithProviders } from '../test-support';
import { MarketPanel, RankingsPanel, showsMarket, showsRankings } from './MarketPanels';

const index = makeIndex({
  item: [
    { id: 'coin', title: 'Drachma', redeemable: false, price: null },
    { id: 'map', title: 'Old map', redeemable: true, price: 3, hidden: false },
    { id: 'gem', title: 'Gem', redeemable: true, price: 20, hidden: false },
    { id: 'secret', title: 'Secret', redeemable: true, price: 1, hidden: true },
    { id: 'rock', title: 'Rock', redeemable: false, price: 1, hidden: false },
  ],
  attribute: [{ id: 'swim', title: 'Swimming', redeemable: true, price: 2, hidden: false }],
});
const currency = { itemId: 'coin', name: 'Drachma', amount: 5 };
const game = (overrides: Partial<PlayGameInfo> = {}) =>
  ({
    market: true,
    rankings: { available: true, showBeforeComplete: false },
    endPolicies: { redeemAssets: false, pickOffers: false, redeemOffers: false, tradeAssets: false },
    ...overrides,
  }) as PlayGameInfo;

describe('market and leaderboard sheets', () => {
  it('lists what is for sale with its price, buys with a redeem event, and disables what the player cannot afford', async () => {
    const onSend = vi.fn();
    const { user } = renderWithProviders(
      <MarketPanel view={makeView({ currency, items: { map: 1 } })} index={index} onSend={onSend} />,
    );
    const rows = screen.getAllByTestId('market-asset');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Old map'),
      expect.stringContaining('Gem'),
      expect.stringContaining('Swimming'),
    ]);
    expect(within(rows[0]!).getByText(/you have 1/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy Gem for 20 Drachma' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Buy Swimming for 2 Drachma' }));
    expect(onSend).toHaveBeenCalledWith({ type: 'redeem', assetId: 'swim' });
  });

  it('opens the market only on a market game with a currency and something for sale, after the end with redeemAssets', () => {
    expect(showsMarket(game(), index, makeView({ currency }))).toBe(true);
    expect(showsMarket(game({ market: false }), index, makeView({ currency }))).toBe(false);
    expect(showsMarket(game(), index, makeView({ currency: null }))).toBe(false);
    expect(showsMarket(game(), makeIndex({ item: [{ id: 'coin' }] }), makeView({ currency }))).toBe(false);
    // After the end, only with the redeemAssets end policy.
    const over = makeView({ currency, finished: { when: '2026-01-01T10:00:00Z', completed: true } });
    expect(showsMarket(game(), index, over)).toBe(false);
    const redeemAssets = { redeemAssets: true, pickOffers: false, redeemOffers: false, tradeAssets: false };
    expect(showsMarket(game({ endPolicies: redeemAssets }), index, over)).toBe(true);
  });

  it('shows the leaderboard after the end, or during play with showBeforeComplete', () => {
    const playing = makeView();
    const done = makeView({ finished: { when: '2026-01-01T10:00:00Z', completed: true } });
    expect(showsRankings(game(), playing)).toBe(false);
    expect(showsRankings(game(), done)).toBe(true);
    expect(showsRankings(game(), makeView({ worldStatus: 'completed' }))).toBe(true);
    expect(showsRankings(game({ rankings: { available: true, showBeforeComplete: true } }), playing)).toBe(true);
    expect(showsRankings(game({ rankings: { available: false, showBeforeComplete: false } }), done)).toBe(false);
  });

  it("lists the version's players from the server, the player's own row marked", async () => {
    mockApi({
      'GET /api/play/instances/i1/rankings': {
        body: {
          versionId: 'v1',
          currencyName: 'Drachma',
          total: 2,
          entries: [
            { rank: 1, name: 'Wendy', currency: 9, milestones: 2, completedInMs: 754_000, you: false },
            { rank: 2, name: 'Dana', currency: 5, milestones: 1, completedInMs: null, you: true },
          ],
        },
      },
    });
    renderWithProviders(<RankingsPanel instanceId="i1" view={makeView()} />);
    const table = await screen.findByRole('table', { name: 'Leaderboard' });
    expect(within(table).getByRole('columnheader', { name: 'Drachma' })).toBeInTheDocument();
    const rows = within(table).getAllByTestId('ranking-row');
    expect(rows.map((row) => row.textContent)).toEqual(['1Wendy9212:34', '2Dana (you)51—']);
  });
});
