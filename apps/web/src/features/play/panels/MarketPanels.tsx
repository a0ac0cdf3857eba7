import type { PlayerView } from '@loci/engine';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { mediaIconUrl, playApi, playQueryKeys, type PlayEvent } from '../../../api/play';
import { RankingsOrder, RankingsTable } from '../../../components/rankings/RankingsTable';
import type { SpecIndex } from '../spec-index';
import { marketAssets } from './panel-rules';
import '../locales';

// Whether the bar shows these sheets is panel-rules.ts (loaded with the map; the sheets load when opened).
export { marketAssets, showsMarket, showsRankings } from './panel-rules';

/** The market sheet: the player's currency and what they can buy with it (spec 2 §3 redeemable and price). */
export function MarketPanel({
  view,
  index,
  busy,
  onSend,
}: {
  view: PlayerView;
  index: SpecIndex;
  busy?: boolean;
  onSend: (event: PlayEvent) => void;
}) {
  const { t } = useTranslation();
  const currency = view.currency;
  const assets = marketAssets(index, view);
  if (!currency) return null;
  const currencyName = currency.name || t('play.backpack.currency');
  return (
    <Stack gap="sm" aria-label={t('play.market.title')}>
      <Group justify="space-between">
        <Text fw={500}>{currencyName}</Text>
        <Badge size="lg" variant="light" color="yellow" data-testid="market-currency">
          {currency.amount}
        </Badge>
      </Group>
      {assets.map(({ kind, asset }) => {
        const price = asset.price ?? 0;
        const owned = kind === 'item' ? (view.items[asset.id] ?? 0) : view.attributes[asset.id];
        const title = asset.title || asset.name;
        return (
          <Group key={asset.id} justify="space-between" wrap="nowrap" data-testid="market-asset">
            <Group gap="xs" wrap="nowrap">
              {asset.logoId && <img src={mediaIconUrl(asset.logoId, 48)} alt="" width={24} height={24} />}
              <Stack gap={0}>
                <Text>{title}</Text>
                <Text size="xs" c="dimmed">
                  {kind === 'item' ? t('play.market.item') : t('play.market.skill')}
                  {owned ? ` · ${t('play.market.owned', { count: owned })}` : ''}
                </Text>
              </Stack>
            </Group>
            <Button
              size="compact-sm"
              variant="light"
              loading={busy}
              disabled={currency.amount < price}
              aria-label={t('play.market.buyNamed', { title, price, currency: currencyName })}
              onClick={() => onSend({ type: 'redeem', assetId: asset.id })}
            >
              {t('play.market.buy', { price })}
            </Button>
          </Group>
        );
      })}
    </Stack>
  );
}

/** The player's leaderboard sheet: their version's players, ranked (fetched when opened, and again after each step). */
export function RankingsPanel({ instanceId, view }: { instanceId: string; view: PlayerView }) {
  const { t } = useTranslation();
  const board = useQuery({
    queryKey: [...playQueryKeys.rankings(instanceId), view.currency?.amount ?? 0, view.finished?.when ?? ''],
    queryFn: ({ signal }) => playApi.rankings(instanceId, signal),
  });
  if (board.isPending) return <Text c="dimmed">{t('rankings.loading')}</Text>;
  if (board.isError)
    return (
      <Alert color="red" variant="light">
        {board.error.message}
      </Alert>
    );
  return (
    <Stack gap="xs">
      <RankingsOrder board={board.data} />
      <RankingsTable board={board.data} />
    </Stack>
  );
}
