import { Badge, Text } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dwellingOf, formatCountdown, leftDwelling, secondsLeft, type Dwelling, type PerceivedPlaces } from './dwell';
import './locales';

/** How long "you left, the timer starts again" stays on the map. */
const RESET_NOTICE_MS = 5000;

/**
 * "Stay here 0:12" while the player stands in a location with a dwell time they have not entered yet,
 * counting down each second; "you left …: the timer starts again" for a moment when they walk out
 * before the end. At 0 `onDue` runs once: the engine enters the location on the next fix, so the
 * player's position is sent again (a player standing still sends none).
 */
export function DwellCountdown({
  view,
  onDue,
  titleOf = (_id, name) => name,
}: {
  view: PerceivedPlaces;
  onDue: () => void;
  /** The place's title for the player (the view names it by its system name). */
  titleOf?: (id: string, name: string) => string;
}) {
  const { t } = useTranslation();
  const dwelling = dwellingOf(view);
  const [now, setNow] = useState(() => Date.now());
  const [left, setLeft] = useState<Dwelling | null>(null);
  const before = useRef<Dwelling | null>(null);
  const dueFor = useRef<number | null>(null);
  const latestOnDue = useRef(onDue);
  useEffect(() => {
    latestOnDue.current = onDue;
  });

  useEffect(() => {
    const walkedOut = leftDwelling(before.current, view);
    before.current = dwellingOf(view);
    if (before.current) setLeft(null);
    if (!walkedOut) return;
    setLeft(walkedOut);
    const timer = setTimeout(() => setLeft(null), RESET_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [view]);

  const until = dwelling?.until ?? null;
  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [until]);

  const seconds = until === null ? null : secondsLeft(until, now);
  useEffect(() => {
    if (seconds !== 0 || until === null || dueFor.current === until) return;
    dueFor.current = until;
    latestOnDue.current();
  }, [seconds, until]);

  if (dwelling && seconds !== null) {
    return (
      <Badge
        size="lg"
        color="grape"
        variant="filled"
        leftSection={<IconHourglass size={14} aria-hidden />}
        style={{ alignSelf: 'flex-start', textTransform: 'none' }}
        role="timer"
        aria-live="off"
        title={t('play.dwell.at', { name: titleOf(dwelling.id, dwelling.name) })}
      >
        {t('play.dwell.stay', { time: formatCountdown(seconds) })}
      </Badge>
    );
  }
  if (left) {
    return (
      <Text size="sm" role="status" bg="rgba(255,255,255,0.9)" px={6} py={2} style={{ borderRadius: 4 }}>
        {t('play.dwell.reset', { name: titleOf(left.id, left.name) })}
      </Text>
    );
  }
  return null;
}
