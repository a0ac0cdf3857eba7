import { Group, Text } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LatLng } from './geolocation';
import { bearingDegrees, compassPoint } from './proximity';
import './locales';

/**
 * Which way a place is: an arrow and the compass point (N, NE…). With the
 * device's heading the arrow points where to walk (relative to the phone);
 * without, it points on a north-up map.
 */
export function Direction({ from, to, heading }: { from: LatLng; to: LatLng; heading: number | null }) {
  const { t } = useTranslation();
  const bearing = bearingDegrees(from, to);
  const point = compassPoint(bearing);
  const rotation = heading === null ? bearing : bearing - heading;
  return (
    <Group gap={4} wrap="nowrap" aria-label={t('play.direction.label', { point: t(`play.direction.points.${point}`) })}>
      <IconArrowUp
        size={16}
        style={{ transform: `rotate(${Math.round(rotation)}deg)`, transition: 'transform 200ms' }}
        aria-hidden
        data-testid="direction-arrow"
      />
      <Text size="sm" c="dimmed">
        {point}
      </Text>
    </Group>
  );
}
