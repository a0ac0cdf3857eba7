import type { PlayerClockView } from '@loci/domain';
import { Badge, VisuallyHidden } from '@mantine/core';
import { IconClock, IconPlayerPause } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clockOffset, crossedThreshold, formatTimeLeft, timeLeftMs } from './countdown';
import './locales';

/**
 * The time left of the player's game (issue 28), counting down each second from the server's last word
 * (the view's deadline and server time; offline, the last view the phone has). Read by screen readers as a
 * timer that is not announced each second; 10, 5 and 1 minute left and the time up are announced once.
 */
export function GameCountdown({ clock }: { clock: PlayerClockView | undefined }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const offset = useRef(0);
  const last = useRef<number | null>(null);
  const [announced, setAnnounced] = useState('');

  // A new word from the server: how far the phone's clock is from the server's, at the moment it arrived.
  useEffect(() => {
    offset.current = clockOffset(clock, Date.now());
  }, [clock]);

  const running = Boolean(clock?.deadline) && !clock?.paused;
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);

  const left = timeLeftMs(clock, now, offset.current);
  useEffect(() => {
    const minutes = crossedThreshold(last.current, left);
    if (minutes !== null) setAnnounced(t('play.clock.minutesLeft', { count: minutes }));
    else if (last.current !== null && last.current > 0 && left === 0) setAnnounced(t('play.clock.timeUp'));
    last.current = left;
  }, [left, t]);

  if (left === null) return null;
  const urgent = left <= 60_000;
  return (
    <>
      <Badge
        role="timer"
        aria-live="off"
        aria-label={t('play.clock.label', { time: formatTimeLeft(left) })}
        size="lg"
        variant="filled"
        color={clock?.paused ? 'gray' : urgent ? 'red' : left <= 5 * 60_000 ? 'orange' : 'dark'}
        leftSection={clock?.paused ? <IconPlayerPause size={14} /> : <IconClock size={14} />}
        style={{ alignSelf: 'flex-end', pointerEvents: 'auto', fontVariantNumeric: 'tabular-nums' }}
      >
        {clock?.paused ? t('play.clock.paused', { time: formatTimeLeft(left) }) : formatTimeLeft(left)}
      </Badge>
      <VisuallyHidden aria-live="polite">{announced}</VisuallyHidden>
    </>
  );
}
