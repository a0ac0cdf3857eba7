import { SOCKET_EVENTS, type FeedAnswer, type FeedItem } from '@loci/domain';
import { Button, Drawer } from '@mantine/core';
import { IconHeart, IconHeartFilled, IconNews } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { joinRoom, useRealtimeEvent } from '../../api/realtime';
import { wallApi } from '../../api/wall';
import { notifyError } from '../../components/notify';
import { FeedList } from './FeedList';
import './locales';

const feedKey = (instanceId: string) => ['play', 'feed', instanceId] as const;

/** A player's like of one item (a toggle: pressed when they liked it); the count shows in the item. */
function LikeButton({ instanceId, item }: { instanceId: string; item: FeedItem }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const like = useMutation({
    mutationFn: (liked: boolean) => wallApi.like(instanceId, item.id, liked),
    onSuccess: (answer) =>
      client.setQueryData<FeedAnswer>(feedKey(instanceId), (feed) =>
        feed
          ? {
              ...feed,
              items: feed.items.map((one) =>
                one.id === answer.itemId ? { ...one, likes: answer.likes, liked: answer.liked } : one,
              ),
            }
          : feed,
      ),
    onError: (error) => notifyError(t('wall.like'), error),
  });
  return (
    <Button
      size="compact-sm"
      variant={item.liked ? 'light' : 'subtle'}
      color="red"
      leftSection={item.liked ? <IconHeartFilled size={16} /> : <IconHeart size={16} />}
      aria-pressed={item.liked}
      aria-label={t('wall.likeOf', { text: item.text || t(`wall.kinds.${item.kind}`) })}
      loading={like.isPending}
      onClick={() => like.mutate(!item.liked)}
    >
      {t('wall.like')}
    </Button>
  );
}

/**
 * The feed in the player (issue 29), for games that show it (the setting "Players see the feed"): a Feed
 * button over the map opens the feed, newest first, kept live (the instance's `feedChanged`), with a Like
 * button on each item when the game takes likes. Nothing at all
 * for a game without it (the call answers 404, quietly).
 */
export function PlayFeedPanel({ instanceId }: { instanceId: string | null }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const feed = useQuery({
    queryKey: feedKey(instanceId ?? ''),
    queryFn: ({ signal }) => wallApi.playerFeed(instanceId!, signal),
    enabled: Boolean(instanceId),
    retry: false,
    refetchInterval: 60_000,
  });
  const shown = feed.isSuccess;
  useEffect(() => {
    if (!instanceId || !shown) return;
    return joinRoom(SOCKET_EVENTS.watch, { instanceId }, SOCKET_EVENTS.unwatch);
  }, [instanceId, shown]);
  useRealtimeEvent(
    SOCKET_EVENTS.feedChanged,
    (payload) => {
      if (payload.instanceId === instanceId) void client.invalidateQueries({ queryKey: feedKey(instanceId) });
    },
    shown,
  );
  if (!shown) return null;
  return (
    <>
      <div style={{ position: 'absolute', bottom: 72, left: 8, zIndex: 500 }}>
        <Button leftSection={<IconNews size={16} />} variant="white" onClick={() => setOpen(true)}>
          {t('wall.playerPanel.open')}
        </Button>
      </div>
      <Drawer
        opened={open}
        onClose={() => setOpen(false)}
        title={t('wall.playerPanel.title')}
        position="bottom"
        size="70%"
        closeButtonProps={{ 'aria-label': t('wall.playerPanel.close') }}
      >
        <FeedList
          className="console-feed"
          items={feed.data.items}
          action={
            feed.data.canLike && instanceId ? (item) => <LikeButton instanceId={instanceId} item={item} /> : undefined
          }
        />
      </Drawer>
    </>
  );
}
