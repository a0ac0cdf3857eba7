import type { Trade, TradeList } from '@loci/domain';
import { Alert, Badge, Button, Divider, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { playApi, playQueryKeys } from '../../../api/play';
import { REALTIME_EVENTS, useRealtimeEvent, useRealtimeReconnect } from '../../../api/realtime';
import '../locales';

export { showsTrade } from './panel-rules';

/** "2 × Coin, 1 × Gem" (or "nothing"). */
function describe(assets: Record<string, number>, list: TradeList, nothing: string): string {
  const titles = new Map(list.assets.map((asset) => [asset.id, asset.title]));
  const parts = Object.entries(assets).map(([id, count]) => `${count} × ${titles.get(id) ?? id}`);
  return parts.length > 0 ? parts.join(', ') : nothing;
}

function TradeRow({
  trade,
  list,
  busy,
  onClose,
}: {
  trade: Trade;
  list: TradeList;
  busy: boolean;
  onClose: (tradeId: string, as: 'accept' | 'decline' | 'cancel') => void;
}) {
  const { t } = useTranslation();
  const nothing = t('play.trade.nothing');
  const incoming = trade.toPlayerId === list.playerId;
  return (
    <Stack gap={4} data-testid={incoming ? 'trade-incoming' : 'trade-outgoing'}>
      <Text size="sm">
        {incoming
          ? t('play.trade.offersYou', {
              name: trade.fromName,
              give: describe(trade.give, list, nothing),
              want: describe(trade.want, list, nothing),
            })
          : t('play.trade.youOffer', {
              name: trade.toName,
              give: describe(trade.give, list, nothing),
              want: describe(trade.want, list, nothing),
            })}
      </Text>
      <Group gap="xs">
        {incoming ? (
          <>
            <Button size="compact-sm" loading={busy} onClick={() => onClose(trade.id, 'accept')}>
              {t('play.trade.accept')}
            </Button>
            <Button size="compact-sm" variant="default" loading={busy} onClick={() => onClose(trade.id, 'decline')}>
              {t('play.trade.decline')}
            </Button>
          </>
        ) : (
          <Button size="compact-sm" variant="default" loading={busy} onClick={() => onClose(trade.id, 'cancel')}>
            {t('play.trade.cancel')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/**
 * The trade sheet: propose a trade to another player of the instance (one
 * asset given, one asked for), and the open trades made and received, with
 * accept / decline / cancel. Refreshed live by the socket event `trade`.
 */
export function TradePanel({ instanceId }: { instanceId: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const key = playQueryKeys.trades(instanceId);
  const list = useQuery({ queryKey: key, queryFn: ({ signal }) => playApi.trades(instanceId, signal) });
  useRealtimeEvent(REALTIME_EVENTS.trade, (pushed) => {
    if (pushed.instanceId === instanceId) void client.invalidateQueries({ queryKey: key });
  });
  useRealtimeReconnect(() => void client.invalidateQueries({ queryKey: key }));
  const [toPlayerId, setTo] = useState<string | null>(null);
  const [giveId, setGiveId] = useState<string | null>(null);
  const [giveCount, setGiveCount] = useState<number>(1);
  const [wantId, setWantId] = useState<string | null>(null);
  const [wantCount, setWantCount] = useState<number>(1);
  const settled = {
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  };
  const propose = useMutation({
    mutationFn: () =>
      playApi.proposeTrade(instanceId, {
        toPlayerId: toPlayerId!,
        give: giveId ? { [giveId]: giveCount } : {},
        want: wantId ? { [wantId]: wantCount } : {},
      }),
    onSuccess: () => {
      setGiveId(null);
      setWantId(null);
    },
    ...settled,
  });
  const close = useMutation({
    mutationFn: ({ tradeId, as }: { tradeId: string; as: 'accept' | 'decline' | 'cancel' }) =>
      playApi.closeTrade(instanceId, tradeId, as),
    ...settled,
  });

  if (list.isPending) return <Text c="dimmed">{t('play.trade.loading')}</Text>;
  if (list.isError)
    return (
      <Alert color="red" variant="light">
        {list.error.message}
      </Alert>
    );
  const data = list.data;
  const assetOptions = data.assets.map((asset) => ({ value: asset.id, label: asset.title }));
  const giveOptions = data.assets
    .filter((asset) => asset.held > 0)
    .map((asset) => ({ value: asset.id, label: `${asset.title} (${asset.held})` }));
  const held = data.assets.find((asset) => asset.id === giveId)?.held ?? 0;
  const incoming = data.trades.filter((trade) => trade.toPlayerId === data.playerId);
  const outgoing = data.trades.filter((trade) => trade.fromPlayerId === data.playerId);
  const row = (trade: Trade) => (
    <TradeRow
      key={trade.id}
      trade={trade}
      list={data}
      busy={close.isPending}
      onClose={(tradeId, as) => close.mutate({ tradeId, as })}
    />
  );

  return (
    <Stack gap="sm" aria-label={t('play.trade.title')}>
      {close.error && (
        <Alert color="red" variant="light">
          {close.error.message}
        </Alert>
      )}
      <Group justify="space-between">
        <Text fw={500}>{t('play.trade.incoming')}</Text>
        <Badge variant="light">{incoming.length}</Badge>
      </Group>
      {incoming.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('play.trade.noneIncoming')}
        </Text>
      )}
      {incoming.map(row)}
      {outgoing.length > 0 && <Text fw={500}>{t('play.trade.outgoing')}</Text>}
      {outgoing.map(row)}
      <Divider />
      <Text fw={500}>{t('play.trade.propose')}</Text>
      {data.players.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('play.trade.nobody')}
        </Text>
      ) : (
        <>
          <Select
            label={t('play.trade.to')}
            data={data.players.map((player) => ({ value: player.playerId, label: player.name }))}
            value={toPlayerId}
            onChange={setTo}
          />
          <Group grow align="end">
            <Select label={t('play.trade.give')} data={giveOptions} value={giveId} onChange={setGiveId} clearable />
            <NumberInput
              label={t('play.trade.count')}
              min={1}
              max={Math.max(1, held)}
              allowDecimal={false}
              value={giveCount}
              onChange={(value) => setGiveCount(typeof value === 'number' ? value : 1)}
            />
          </Group>
          <Group grow align="end">
            <Select label={t('play.trade.want')} data={assetOptions} value={wantId} onChange={setWantId} clearable />
            <NumberInput
              label={t('play.trade.count')}
              min={1}
              allowDecimal={false}
              value={wantCount}
              onChange={(value) => setWantCount(typeof value === 'number' ? value : 1)}
            />
          </Group>
          {/* By the button pressed, not at the top of a sheet scrolled away from it. */}
          {propose.error && (
            <Alert color="red" variant="light">
              {propose.error.message}
            </Alert>
          )}
          <Button
            loading={propose.isPending}
            disabled={!toPlayerId || (!giveId && !wantId)}
            onClick={() => propose.mutate()}
          >
            {t('play.trade.send')}
          </Button>
        </>
      )}
    </Stack>
  );
}
