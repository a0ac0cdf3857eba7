import type { InstanceListItem } from '@loci/domain';
import { Badge } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimeLeft } from '../play/clock/countdown';
import './locales';

type PlayerClock = NonNullable<InstanceListItem['players'][number]['clock']>;

/**
 * The time left of one player (or team) of a timed game on the Gameplay page (issue 28): counted down each
 * second from the deadline the list read; frozen while an operator paused the clock; "Time up" once it is.
 */
export function TimeLeftBadge({ clock }: { clock: PlayerClock }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const running = !clock.paused && !clock.timeUp;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  if (clock.timeUp) {
    return (
      <Badge size="sm" variant="light" color="red">
        {t('operations.clock.timeUp')}
      </Badge>
    );
  }
  const left = clock.paused ? (clock.leftMs ?? 0) : Math.max(0, Date.parse(clock.deadline) - now);
  const time = formatTimeLeft(left);
  return (
    <Badge
      size="sm"
      variant="light"
      color={clock.paused ? 'gray' : left <= 5 * 60_000 ? 'orange' : 'teal'}
      aria-label={t(clock.paused ? 'operations.clock.pausedLeft' : 'operations.clock.left', { time })}
      style={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {clock.paused ? t('operations.clock.pausedLeft', { time }) : time}
    </Badge>
  );
}
