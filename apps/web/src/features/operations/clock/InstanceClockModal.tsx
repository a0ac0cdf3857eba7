import type { InstanceListItem } from '@loci/domain';
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ClockControls } from './ClockControls';
import { useClockControl } from './clock-queries';
import './clock-locales';

/**
 * The clock controls of one instance from the Gameplay page's table (issue 28): its players' or teams' time
 * left, pause / resume everyone, add time, latecomer allowance. `instance` is read from the page's list, which
 * is read again after each control.
 */
export function InstanceClockModal({
  gameId,
  instance,
  onClose,
}: {
  gameId: string;
  instance: InstanceListItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const control = useClockControl(gameId, instance?.id ?? '');
  return (
    <Modal opened={instance !== null} onClose={onClose} title={t('operations.clockControls.open')} size="lg" centered>
      {instance && (
        <ClockControls
          players={instance.players}
          paused={instance.players.some((player) => player.clock?.paused)}
          active={instance.state.worldState.status === 'active'}
          onControl={(body) => control.mutateAsync({ instanceId: instance.id, body })}
        />
      )}
    </Modal>
  );
}
