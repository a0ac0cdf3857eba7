import type { FullInstance } from '@loci/domain';
import { Accordion } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ClockControls } from './ClockControls';
import { useClockControl, useScheduledMessageMutations, useScheduledMessages } from './clock-queries';
import { ScheduledMessages } from './ScheduledMessages';
import './clock-locales';

/**
 * The Instance page's clock sections (issue 28), as accordion items: **Clock** (each player's or team's time
 * left, pause / resume everyone, add time, latecomer allowance) when the game has a time limit or the clock is
 * paused, and **Scheduled messages**.
 */
export function InstanceClockSections({
  gameId,
  instance,
  zone,
  onChanged,
}: {
  gameId: string;
  instance: FullInstance;
  zone: string | null | undefined;
  /** Called after a control landed (the instance and its audit are read again). */
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const control = useClockControl(gameId, instance.id);
  const scheduled = useScheduledMessages(instance.id);
  const { schedule, cancel } = useScheduledMessageMutations(instance.id);
  const world = instance.state.worldState as { status: string; clockPausedWhen?: string | null };
  const paused = Boolean(world.clockPausedWhen);
  const active = world.status === 'active';
  const timed = paused || instance.players.some((player) => player.clock);
  return (
    <>
      {timed && (
        <Accordion.Item value="clock">
          <Accordion.Control>{t('operations.clockControls.title')}</Accordion.Control>
          <Accordion.Panel>
            <ClockControls
              players={instance.players}
              paused={paused}
              active={active}
              onControl={async (body) => {
                await control.mutateAsync({ body });
                onChanged();
              }}
            />
          </Accordion.Panel>
        </Accordion.Item>
      )}
      <Accordion.Item value="scheduled">
        <Accordion.Control>{t('operations.scheduled.title')}</Accordion.Control>
        <Accordion.Panel>
          <ScheduledMessages
            messages={scheduled.data?.messages ?? []}
            players={instance.players.map((player) => ({ id: player.id, name: player.name }))}
            zone={zone || 'UTC'}
            active={active}
            onSchedule={(body) => schedule.mutateAsync(body)}
            onCancel={(id) => cancel.mutateAsync(id)}
            cancellingId={cancel.isPending ? (cancel.variables ?? null) : null}
          />
        </Accordion.Panel>
      </Accordion.Item>
    </>
  );
}
