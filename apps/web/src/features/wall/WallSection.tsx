import { FEED_TEXT_MAX, FRONTEND_BASE_PATH, SOCKET_EVENTS, type WallLink } from '@loci/domain';
import {
  Accordion,
  Alert,
  Anchor,
  Button,
  Checkbox,
  CopyButton,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { useRealtimeEvent } from '../../api/realtime';
import { wallApi } from '../../api/wall';
import { FeedList } from './FeedList';
import './locales';

const keys = {
  link: (instanceId: string) => ['wall-link', instanceId] as const,
  feed: (instanceId: string) => ['feed', instanceId] as const,
};

/** The projector link's URL for this browser's address. */
export function wallUrl(token: string): string {
  return `${window.location.origin}${FRONTEND_BASE_PATH}/wall/${token}`;
}

/** Makes, shows once, makes again and stops the projector link. */
function ProjectorLink({ instanceId }: { instanceId: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const link = useQuery({
    queryKey: keys.link(instanceId),
    queryFn: ({ signal }) => wallApi.link(instanceId, signal),
  });
  const [showMap, setShowMap] = useState(false);
  const [layout, setLayout] = useState<'grid' | 'rotate'>('grid');
  const [made, setMade] = useState<WallLink | null>(null);
  const make = useMutation({
    mutationFn: () => wallApi.makeLink(instanceId, { showMap, layout }),
    onSuccess: (answer) => {
      setMade(answer);
      client.setQueryData(keys.link(instanceId), { ...answer, token: undefined });
    },
  });
  const revoke = useMutation({
    mutationFn: () => wallApi.revokeLink(instanceId),
    onSuccess: (answer) => {
      setMade(null);
      client.setQueryData(keys.link(instanceId), answer);
    },
  });
  const working = link.data?.exists && !link.data.revoked;
  const url = made?.token ? wallUrl(made.token) : null;
  const confirmRevoke = () =>
    modals.openConfirmModal({
      title: t('wall.section.revoke'),
      children: <Text size="sm">{t('wall.section.revokeConfirm')}</Text>,
      labels: { confirm: t('wall.section.revoke'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => revoke.mutate(),
    });

  return (
    <Stack gap="sm">
      <Text size="sm">{t('wall.section.intro')}</Text>
      <Text size="sm" fw={600}>
        {working ? t('wall.section.working') : link.data?.revoked ? t('wall.section.revoked') : t('wall.section.none')}
      </Text>
      <Group align="flex-end" gap="lg">
        <Checkbox
          label={t('wall.section.showMap')}
          checked={showMap}
          onChange={(event) => setShowMap(event.currentTarget.checked)}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`wall-layout-${instanceId}`}>
            {t('wall.section.layout')}
          </Text>
          <SegmentedControl
            aria-labelledby={`wall-layout-${instanceId}`}
            value={layout}
            onChange={(value) => setLayout(value as 'grid' | 'rotate')}
            data={[
              { value: 'grid', label: t('wall.section.layouts.grid') },
              { value: 'rotate', label: t('wall.section.layouts.rotate') },
            ]}
          />
        </Stack>
      </Group>
      <Group>
        <Button onClick={() => make.mutate()} loading={make.isPending}>
          {working ? t('wall.section.remake') : t('wall.section.make')}
        </Button>
        {working && (
          <Button variant="light" color="red" onClick={confirmRevoke} loading={revoke.isPending}>
            {t('wall.section.revoke')}
          </Button>
        )}
      </Group>
      {working && <Text size="xs">{t('wall.section.remakeHint')}</Text>}
      {url && (
        <Alert color="blue" title={t('wall.section.linkLabel')}>
          <Stack gap="xs">
            <Text size="sm">{t('wall.section.linkOnce')}</Text>
            <Group wrap="nowrap">
              <TextInput
                aria-label={t('wall.section.linkLabel')}
                value={url}
                readOnly
                style={{ flex: 1 }}
                onFocus={(event) => event.currentTarget.select()}
              />
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy}>
                    {copied ? t('wall.section.copied') : t('wall.section.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Anchor href={url} target="_blank" rel="noreferrer">
              {t('wall.section.open')}
            </Anchor>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

/** The organiser's post form and the feed as it is shown, each item with Withdraw. Live. */
function FeedControls({ instanceId }: { instanceId: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const feed = useQuery({
    queryKey: keys.feed(instanceId),
    queryFn: ({ signal }) => wallApi.feed(instanceId, signal),
  });
  useRealtimeEvent(SOCKET_EVENTS.feedChanged, (payload) => {
    if (payload.instanceId === instanceId) void client.invalidateQueries({ queryKey: keys.feed(instanceId) });
  });
  const [text, setText] = useState('');
  const post = useMutation({
    mutationFn: () => wallApi.post(instanceId, text),
    onSuccess: (answer) => {
      setText('');
      client.setQueryData(keys.feed(instanceId), answer);
    },
  });
  const withdraw = useMutation({
    mutationFn: (itemId: string) => wallApi.withdraw(instanceId, itemId),
    onSuccess: (answer) => client.setQueryData(keys.feed(instanceId), answer),
  });
  const fieldError =
    post.error instanceof ApiError ? (post.error.body?.errors?.text ?? post.error.body?.message) : undefined;

  return (
    <Stack gap="sm">
      <Title order={4}>{t('wall.section.post')}</Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          post.mutate();
        }}
      >
        <Stack gap="xs">
          <Textarea
            label={t('wall.section.postLabel')}
            description={t('wall.section.postHint')}
            value={text}
            maxLength={FEED_TEXT_MAX}
            autosize
            minRows={2}
            error={typeof fieldError === 'string' ? fieldError : undefined}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <Group>
            <Button type="submit" loading={post.isPending}>
              {t('wall.section.send')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Title order={4}>{t('wall.feed')}</Title>
      <FeedList
        className="console-feed"
        items={feed.data?.items ?? []}
        action={(item) => (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            aria-label={t('wall.section.withdrawLabel', { text: item.text.slice(0, 60) })}
            onClick={() => withdraw.mutate(item.id)}
          >
            {t('wall.section.withdraw')}
          </Button>
        )}
      />
    </Stack>
  );
}

/**
 * The Instance page's wall and feed (issue 29): the projector link, the organiser's posts, the feed with
 * Withdraw, and the results. Its content loads only when opened.
 */
export function WallSection({ instanceId, resultsPath }: { instanceId: string; resultsPath: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Accordion variant="separated" value={open} onChange={setOpen}>
      <Accordion.Item value="wall">
        <Accordion.Control>{t('wall.section.title')}</Accordion.Control>
        <Accordion.Panel>
          {open === 'wall' && (
            <Stack gap="lg">
              <ProjectorLink instanceId={instanceId} />
              <Anchor component={Link} to={resultsPath}>
                {t('wall.section.results')}
              </Anchor>
              <FeedControls instanceId={instanceId} />
            </Stack>
          )}
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
