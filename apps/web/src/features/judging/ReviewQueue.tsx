import { QUICK_REJECT_REASONS, type SubmissionItem, type VerdictRequest } from '@loci/domain';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Image,
  NumberInput,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCheck, IconChevronLeft, IconChevronRight, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { submissionMediaUrl } from '../../api/judging';
import { formatDate } from '../operations/operations-values';
import './locales';

export interface ReviewQueueProps {
  items: SubmissionItem[];
  /** Judges one submission; resolves when saved (the list then refreshes). */
  onVerdict: (id: string, body: VerdictRequest) => Promise<unknown>;
  onBulkApprove: (ids: string[], points: number) => Promise<unknown>;
  zone?: string | null;
  busy?: boolean;
  /** More submissions follow the ones given (the queue is read a page at a time). */
  hasMore?: boolean;
  loadingMore?: boolean;
  /** Reads the next page: asked for as the organiser nears the end of the ones given, or by the list's button. */
  onLoadMore?: () => void;
}

/** How close to the end of the submissions read the next page is asked for. */
const LOAD_AHEAD = 5;

/** Typing in a field is not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Loads the neighbours' images so that previous and next show at once. */
function usePreload(items: SubmissionItem[], index: number) {
  useEffect(() => {
    for (const near of [items[index - 1], items[index + 1]]) {
      if (near?.mediaId && near.mediaType?.startsWith('image/')) {
        const image = new window.Image();
        image.src = submissionMediaUrl(near.mediaId, near.mediaType);
      }
    }
  }, [items, index]);
}

function Medium({ item, label }: { item: SubmissionItem; label: string }) {
  const { t } = useTranslation();
  if (!item.mediaId) return <Text c="dimmed">{t('judging.noMedium')}</Text>;
  const url = submissionMediaUrl(item.mediaId, item.mediaType);
  if (item.mediaType?.startsWith('video/')) {
    return <video src={url} controls aria-label={label} style={{ maxWidth: '100%', maxHeight: '65vh' }} />;
  }
  if (item.mediaType?.startsWith('audio/')) return <audio src={url} controls aria-label={label} />;
  return <Image src={url} alt={label} fit="contain" mah="65vh" radius="sm" />;
}

/**
 * The review queue (issue 29): the list newest first with bulk selection, one submission at full size with
 * its neighbours preloaded, Approve (A) with points, Reject (R: the reason field, quick reasons, Enter sends),
 * Withdraw for an approved one, ← and → to move. Shortcuts are listed on screen; every one has a button.
 */
export function ReviewQueue({
  items,
  onVerdict,
  onBulkApprove,
  zone,
  busy = false,
  hasMore = false,
  loadingMore = false,
  onLoadMore,
}: ReviewQueueProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [points, setPoints] = useState<number>(1);
  const [reason, setReason] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const current = items[Math.min(index, items.length - 1)] as SubmissionItem | undefined;
  usePreload(items, index);

  // The list moved (a verdict, a filter): stay in range.
  useEffect(() => {
    if (index > 0 && index >= items.length) setIndex(Math.max(0, items.length - 1));
  }, [items.length, index]);
  useEffect(() => setReason(''), [current?.id]);
  // Nearing the end of what was read: the next page, so that → never waits.
  useEffect(() => {
    if (hasMore && !loadingMore && index >= items.length - LOAD_AHEAD) onLoadMore?.();
  }, [hasMore, loadingMore, index, items.length, onLoadMore]);

  const move = (step: number) => setIndex((at) => Math.min(Math.max(at + step, 0), Math.max(items.length - 1, 0)));
  const judge = async (body: VerdictRequest) => {
    if (!current || busy) return;
    await onVerdict(current.id, body);
    setReason('');
  };
  const approve = () => {
    if (current?.status === 'pending') void judge({ verdict: 'approved', points });
  };
  const reject = () => {
    if (current?.status !== 'pending') return;
    if (reason.trim() === '') {
      reasonRef.current?.focus();
      return;
    }
    void judge({ verdict: 'rejected', reason: reason.trim() });
  };
  const withdraw = () => {
    if (current?.status === 'approved') void judge({ verdict: 'withdrawn', reason: reason.trim() });
  };

  // The shortcuts work anywhere on the page, except while typing in a field.
  const onKey = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    if (isTyping(event.target)) return;
    if (event.target instanceof HTMLElement && event.target.closest('[role="dialog"], [role="listbox"]')) return;
    const key = event.key.toLowerCase();
    if (key === 'a') approve();
    else if (key === 'r') reject();
    else if (event.key === 'ArrowRight') move(1);
    else if (event.key === 'ArrowLeft') move(-1);
    else return;
    event.preventDefault();
  };
  const latest = useRef(onKey);
  latest.current = onKey;
  useEffect(() => {
    const listener = (event: KeyboardEvent) => latest.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
  /** In the reason field: Enter sends the rejection (Shift+Enter a new line), Escape leaves the field. */
  const onReasonKey = (event: ReactKeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      reject();
    } else if (event.key === 'Escape') {
      event.currentTarget.blur();
    }
  };

  const waitingShown = items.filter((item) => item.status === 'pending');
  const toggle = (id: string) =>
    setSelected((now) => {
      const next = new Set(now);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const chosen = waitingShown.filter((item) => selected.has(item.id)).map((item) => item.id);

  if (!current) return <Text c="dimmed">{t('judging.empty')}</Text>;
  const label = t('judging.medium', { team: current.playerName, mission: current.missionTitle });
  return (
    <div
      role="region"
      aria-label={t('judging.title')}
      aria-keyshortcuts="A R ArrowLeft ArrowRight"
      aria-describedby="judging-shortcuts"
    >
      <Text size="sm" c="dimmed" mb="xs" id="judging-shortcuts">
        {t('judging.shortcuts')}: {t('judging.shortcutList')}
      </Text>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Paper withBorder p="xs" w={300} style={{ flexShrink: 0 }}>
          <Stack gap="xs">
            <Group justify="space-between">
              <Checkbox
                label={t('judging.selectAll')}
                checked={waitingShown.length > 0 && chosen.length === waitingShown.length}
                onChange={(event) =>
                  setSelected(event.currentTarget.checked ? new Set(waitingShown.map((item) => item.id)) : new Set())
                }
              />
            </Group>
            <Button
              size="xs"
              variant="light"
              disabled={chosen.length === 0 || busy}
              onClick={() => void onBulkApprove(chosen, points).then(() => setSelected(new Set()))}
            >
              {t('judging.bulkApprove', { count: chosen.length })}
            </Button>
            <ScrollArea h="60vh" type="auto">
              <Stack gap={4} component="ul" aria-label={t('judging.list')} style={{ listStyle: 'none', padding: 0 }}>
                {items.map((item, at) => (
                  <Group component="li" key={item.id} gap={6} wrap="nowrap">
                    {item.status === 'pending' && (
                      <Checkbox
                        aria-label={t('judging.select', { name: item.playerName, mission: item.missionTitle })}
                        checked={selected.has(item.id)}
                        onChange={() => toggle(item.id)}
                      />
                    )}
                    <UnstyledButton
                      onClick={() => setIndex(at)}
                      aria-current={item.id === current.id ? 'true' : undefined}
                      p={4}
                      style={{
                        flex: 1,
                        borderRadius: 4,
                        background: item.id === current.id ? 'var(--mantine-color-blue-light)' : undefined,
                      }}
                    >
                      <Text size="sm" fw={600} lineClamp={1}>
                        {item.playerName}
                      </Text>
                      <Group gap={4} wrap="nowrap">
                        <Text size="xs" lineClamp={1} style={{ flex: 1 }}>
                          {item.missionTitle}
                        </Text>
                        <Badge size="xs" variant="light" color={statusColour(item.status)}>
                          {t(`judging.statuses.${item.status}`)}
                        </Badge>
                      </Group>
                    </UnstyledButton>
                  </Group>
                ))}
              </Stack>
              {hasMore && (
                <Button size="xs" variant="subtle" mt={4} loading={loadingMore} onClick={() => onLoadMore?.()}>
                  {t('judging.more')}
                </Button>
              )}
            </ScrollArea>
          </Stack>
        </Paper>

        <Stack style={{ flex: 1, minWidth: 0 }} gap="sm">
          <Group justify="space-between">
            <Title order={3} fz="h4">
              {current.missionTitle}
            </Title>
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('judging.position', { index: Math.min(index, items.length - 1) + 1, count: items.length })}
            </Text>
          </Group>
          <Group gap="xs">
            <Text fw={600}>
              {current.memberName
                ? t('judging.by', { team: current.playerName, member: current.memberName })
                : current.playerName}
            </Text>
            <Badge variant="light" color={statusColour(current.status)}>
              {t(`judging.statuses.${current.status}`)}
            </Badge>
            <Text size="sm" c="dimmed">
              {t('judging.at', { when: formatDate(current.createdAt, zone) })}
            </Text>
            {current.judgedByName && (
              <Text size="sm" c="dimmed">
                {t('judging.judgedBy', {
                  status: t(`judging.statuses.${current.status}`),
                  name: current.judgedByName,
                })}
              </Text>
            )}
          </Group>
          <Medium item={current} label={label} />
          {current.text && <Text style={{ whiteSpace: 'pre-wrap' }}>{current.text}</Text>}
          {current.reason && current.status !== 'pending' && (
            <Text size="sm">
              {t('judging.reason')}: {current.reason}
            </Text>
          )}

          <Group align="flex-end" gap="sm">
            <NumberInput
              label={t('judging.points')}
              value={points}
              onChange={(value) => setPoints(typeof value === 'number' ? value : 0)}
              min={0}
              max={10000}
              w={110}
            />
            <Textarea
              ref={reasonRef}
              label={t('judging.reason')}
              description={t('judging.reasonHint')}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              onKeyDown={onReasonKey}
              autosize
              minRows={1}
              maxLength={500}
              style={{ flex: 1 }}
            />
          </Group>
          <Group gap={6} role="group" aria-label={t('judging.quickReasons')}>
            {QUICK_REJECT_REASONS.map((key) => (
              <Button
                key={key}
                size="compact-xs"
                variant="default"
                onClick={() => {
                  setReason(t(`judging.quick.${key}`));
                  reasonRef.current?.focus();
                }}
              >
                {t(`judging.quick.${key}`)}
              </Button>
            ))}
          </Group>
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconChevronLeft size={16} />}
              onClick={() => move(-1)}
              disabled={index === 0}
              aria-keyshortcuts="ArrowLeft"
            >
              {t('judging.previous')}
            </Button>
            <Button
              color="green"
              leftSection={<IconCheck size={16} />}
              onClick={approve}
              disabled={current.status !== 'pending' || busy}
              aria-keyshortcuts="A"
            >
              {t('judging.approve')}
            </Button>
            <Button
              color="red"
              leftSection={<IconX size={16} />}
              onClick={reject}
              disabled={current.status !== 'pending' || busy}
              aria-keyshortcuts="R"
            >
              {t('judging.reject')}
            </Button>
            {current.status === 'approved' && (
              <Button variant="outline" color="orange" onClick={withdraw} disabled={busy}>
                {t('judging.withdraw')}
              </Button>
            )}
            <Button
              variant="default"
              rightSection={<IconChevronRight size={16} />}
              onClick={() => move(1)}
              disabled={index >= items.length - 1}
              aria-keyshortcuts="ArrowRight"
            >
              {t('judging.next')}
            </Button>
          </Group>
        </Stack>
      </Group>
    </div>
  );
}

function statusColour(status: SubmissionItem['status']): string {
  return status === 'approved' ? 'green' : status === 'rejected' ? 'red' : status === 'withdrawn' ? 'orange' : 'blue';
}
