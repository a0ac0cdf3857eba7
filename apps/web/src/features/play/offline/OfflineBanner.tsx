import { Badge, Group, Loader, Text } from '@mantine/core';
import { IconCloudCheck, IconWifiOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueueStatus } from './event-queue';
import { formatNumber, ONE_DECIMAL } from '../../../i18n';
import type { OfflineReady } from './prepare-offline';
import './locales';

/** 340 kB, 2.4 MB. */
export const formatSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} kB`
    : `${formatNumber(bytes / (1024 * 1024), ONE_DECIMAL)} MB`;

/** The queue's state, announced politely to screen readers. */
function QueueNotice({ color, icon, children }: { color: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Group
      gap={6}
      role="status"
      aria-live="polite"
      data-testid="offline-banner"
      bg={color}
      c="white"
      px="sm"
      py={4}
      style={{ borderRadius: 6, alignSelf: 'flex-start' }}
    >
      {icon}
      <Text size="sm">{children}</Text>
    </Group>
  );
}

/**
 * Over the map: "Offline — N moves waiting" while events wait for the network, "Sending N moves…" while they
 * catch up, and a small "Ready offline · 2.4 MB" once the game's data, media and tiles are on the device.
 */
export function OfflineBanner({ queue, ready }: { queue: QueueStatus; ready: OfflineReady | undefined }) {
  const { t } = useTranslation();
  if (queue.offline || (queue.waiting > 0 && !queue.sending)) {
    return (
      <QueueNotice color="dark.6" icon={<IconWifiOff size={16} />}>
        {t('play.offline.waiting', { count: queue.waiting })}
      </QueueNotice>
    );
  }
  if (queue.sending && queue.waiting > 1) {
    return (
      <QueueNotice color="blue.7" icon={<Loader size={14} color="white" />}>
        {t('play.offline.catchingUp', { count: queue.waiting })}
      </QueueNotice>
    );
  }
  if (!ready) return null;
  return (
    <Badge
      data-testid="offline-ready"
      color="teal"
      variant="light"
      leftSection={<IconCloudCheck size={14} />}
      style={{ alignSelf: 'flex-start' }}
      title={t('play.offline.readyDetail', { tiles: ready.tiles, media: ready.media })}
    >
      {t('play.offline.ready', { size: formatSize(ready.bytes) })}
    </Badge>
  );
}
