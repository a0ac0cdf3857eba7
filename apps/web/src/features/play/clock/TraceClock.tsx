import type { PlayerState, WorldState } from '@loci/engine';
import { Card, List, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../i18n/time';
import { formatTimeLeft } from './countdown';
import './trace-clock-locales';

/**
 * The clock in the playtest's trace panel (issue 28): the time left to the deadline, each named timer running
 * (when it runs out, and how long until then) and those that ran out, the time limits of questions, quizzes
 * and missions running, and whether an organiser paused the clock. Read from the step's debug state; counted down each second between steps. Nothing without a clock.
 */
export function TraceClock({
  player,
  world,
  zone,
  taskTitle = (_kind, id) => id,
}: {
  player: PlayerState | null | undefined;
  world: WorldState | null | undefined;
  zone?: string | null;
  /** The title of a timed question, quiz or mission (issue 28), by the kind of its key and its id. */
  taskTitle?: (kind: 'interaction' | 'mission', id: string) => string;
}) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const clock = player?.clock;
  const tasks = Object.entries(clock?.tasks ?? {});
  const running = Boolean(clock && (clock.deadline || Object.keys(clock.timers).length > 0 || tasks.length > 0));
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  if (
    !clock ||
    (!clock.deadline &&
      Object.keys(clock.timers).length === 0 &&
      Object.keys(clock.elapsed).length === 0 &&
      tasks.length === 0)
  ) {
    return null;
  }
  const pausedWhen = world?.clockPausedWhen ? Date.parse(world.clockPausedWhen) : null;
  const reading = pausedWhen ?? now;
  const left = (iso: string) => formatTimeLeft(Math.max(0, Date.parse(iso) - reading));
  const at = (iso: string) => formatTime(iso, { zone, style: 'time', withoutZone: true });
  return (
    <Card withBorder padding="xs" radius="sm" aria-label={t('play.traceClock.title')} role="group">
      <Text size="sm" fw={600}>
        {t('play.traceClock.title')}
        {pausedWhen !== null && ` · ${t('play.traceClock.paused')}`}
      </Text>
      <List size="xs" spacing={2} listStyleType="none">
        {clock.deadline && (
          <List.Item>
            {clock.timeUpWhen
              ? t('play.traceClock.timeUp', { at: at(clock.timeUpWhen) })
              : t('play.traceClock.deadline', { left: left(clock.deadline), at: at(clock.deadline) })}
          </List.Item>
        )}
        {Object.entries(clock.timers).map(([name, when]) => (
          <List.Item key={`running-${name}`}>
            {t('play.traceClock.timer', { name, left: left(when), at: at(when) })}
          </List.Item>
        ))}
        {Object.entries(clock.elapsed).map(([name, when]) => (
          <List.Item key={`elapsed-${name}`}>{t('play.traceClock.ranOut', { name, at: at(when) })}</List.Item>
        ))}
        {tasks.map(([key, when]) => {
          const kind = key.startsWith('mission:') ? 'mission' : 'interaction';
          const title = taskTitle(kind, key.slice(key.indexOf(':') + 1));
          return (
            <List.Item key={`task-${key}`}>
              {t('play.traceClock.task', { title, left: left(when), at: at(when) })}
            </List.Item>
          );
        })}
      </List>
    </Card>
  );
}
