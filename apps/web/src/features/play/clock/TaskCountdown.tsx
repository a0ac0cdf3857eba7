import { taskTimerKey, type PlayerClockView, type TimedTaskKind } from '@loci/domain';
import { Badge, VisuallyHidden } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clockOffset, formatTimeLeft, taskLeftMs } from './countdown';
import './locales';

/** Seconds left at which a task's countdown is announced to screen readers (not every second). */
const ANNOUNCED_SECONDS = [60, 10] as const;

/**
 * The countdown of a question's, quiz's or mission's own time limit (issue 28), from the server's last word
 * (the view's `clock.tasks` and server time), each second. The server's clock runs it out — with the phone
 * idle or offline — and the phone is then told; this only shows how long is left. Nothing without a limit.
 */
export function TaskCountdown({
  clock,
  kind,
  id,
}: {
  clock: PlayerClockView | undefined;
  kind: TimedTaskKind;
  id: string;
}) {
  const { t } = useTranslation();
  const key = taskTimerKey(kind, id);
  const [now, setNow] = useState(() => Date.now());
  const offset = useRef(clockOffset(clock, Date.now()));
  const last = useRef<number | null>(null);
  const [announced, setAnnounced] = useState('');

  useEffect(() => {
    offset.current = clockOffset(clock, Date.now());
  }, [clock]);

  const running = Boolean(clock?.tasks?.[key]) && !clock?.paused;
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);

  const left = taskLeftMs(clock, key, now, offset.current);
  useEffect(() => {
    const before = last.current;
    last.current = left;
    if (before === null || left === null) return;
    const crossed = ANNOUNCED_SECONDS.find((seconds) => before > seconds * 1000 && left <= seconds * 1000);
    if (crossed !== undefined) setAnnounced(t('play.clock.secondsLeft', { count: crossed }));
  }, [left, t]);

  if (left === null) return null;
  const time = formatTimeLeft(left);
  const label = t(kind === 'mission' ? 'play.clock.taskMission' : 'play.clock.task', { time });
  return (
    <>
      <Badge
        role="timer"
        aria-live="off"
        aria-label={label}
        size="lg"
        variant="filled"
        color={left <= 10_000 ? 'red' : left <= 60_000 ? 'orange' : 'dark'}
        leftSection={<IconHourglass size={14} aria-hidden />}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {time}
      </Badge>
      <VisuallyHidden aria-live="polite">{announced}</VisuallyHidden>
    </>
  );
}
