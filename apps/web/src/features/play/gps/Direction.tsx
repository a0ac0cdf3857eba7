import { Group, Text } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LatLng } from './geolocation';
import { bearingDegrees, compassPoint } from './proximity';
import './locales';

/**
 * Which way a place is (and how far), in words ("120 m north-east") for whoever cannot see the map well, with an
 * arrow beside them: with the device's heading the arrow points where to walk (relative to the phone); without,
 * it points on a north-up map. The arrow turns without a transition when the device asks for reduced motion (the
 * stylesheet's rule, a11y.css).
 */
export function Direction({
  from,
  to,
  heading,
  distance,
}: {
  from: LatLng;
  to: LatLng;
  heading: number | null;
  /** Metres: said with the direction ("120 m north-east"); without, the direction alone ("north-east"). */
  distance?: number;
}) {
  const { t } = useTranslation();
  const bearing = bearingDegrees(from, to);
  const point = compassPoint(bearing);
  const rotation = heading === null ? bearing : bearing - heading;
  return (
    <Group gap={4} wrap="nowrap">
      <IconArrowUp
        size={16}
        style={{ transform: `rotate(${Math.round(rotation)}deg)`, transition: 'transform 200ms', flex: 'none' }}
        aria-hidden
        data-testid="direction-arrow"
      />
      <Text size="sm" c="dimmed">
        {distance === undefined
          ? t(`play.direction.points.${point}`)
          : t('play.direction.away', { metres: Math.round(distance), point: t(`play.direction.points.${point}`) })}
      </Text>
    </Group>
  );
}
