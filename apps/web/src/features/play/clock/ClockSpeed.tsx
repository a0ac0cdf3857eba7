import { CLOCK_RATE_CHOICES } from '@loci/domain';
import { Input, SegmentedControl, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clockApi } from '../../../api/clock';
import { notifyError } from '../../../components/notify';
import './locales';

/**
 * The playtest's clock speed (issue 28): 1×, 2×, 5×, 10× or 20×. The server runs the instance's clock that
 * fast (a playtest only): a 10-minute limit runs out in 30 seconds at 20×, timers, questions' and missions'
 * limits and timed rules alike; the countdowns show game time. The simulated players run at the same speed.
 */
export function ClockSpeed({
  instanceId,
  rate,
  onRate,
}: {
  instanceId: string | null;
  /** The speed the server last said (the view's `clock.rate`; 1 when absent). */
  rate: number;
  /** Told each speed the server took. */
  onRate?: (rate: number) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const [chosen, setChosen] = useState(rate);
  useEffect(() => setChosen(rate), [rate]);
  const change = useMutation({
    mutationFn: (next: number) =>
      clockApi.control(instanceId!, { control: 'rate', rate: next, reason: t('play.clock.speedReason') }),
    onSuccess: (_answer, next) => onRate?.(next),
    onError: (error) => {
      setChosen(rate);
      notifyError(t('play.clock.speedFailed'), error);
    },
  });
  return (
    <Stack gap={4}>
      <Input.Label id={labelId} size="sm">
        {t('play.clock.speed')}
      </Input.Label>
      <SegmentedControl
        size="xs"
        aria-labelledby={labelId}
        fullWidth
        disabled={!instanceId || change.isPending}
        value={String(chosen)}
        onChange={(value) => {
          const next = Number(value);
          setChosen(next);
          change.mutate(next);
        }}
        data={CLOCK_RATE_CHOICES.map((choice) => ({
          value: String(choice),
          label: t('play.clock.speedChoice', { rate: choice }),
        }))}
      />
      <Input.Description>{t('play.clock.speedHint')}</Input.Description>
    </Stack>
  );
}
