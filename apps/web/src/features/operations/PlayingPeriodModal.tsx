import {
  DEFAULT_TIMEZONE,
  playingPeriodValuesSchema,
  type InstancePlayingPeriod,
  type PlayingPeriodBody,
} from '@loci/domain';
import { Alert, Button, Group, Input, Modal, Select, SimpleGrid, Stack } from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy, IconWorld } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { PeriodDateTimeInput } from '../games/settings/PeriodDateTimeInput';
import { timezoneOptions, utcToZonedPickerValue, zonedPickerValueToUtc } from '../games/settings/playing-period';
import './locales';
import { domainText } from '../../i18n/domain';

export interface PlayingPeriodModalProps {
  opened: boolean;
  onClose: () => void;
  /** The game's period now. */
  period: InstancePlayingPeriod | null | undefined;
  /** Saves; a rejection with field errors shows them under the fields. */
  onSubmit: (body: PlayingPeriodBody) => Promise<unknown>;
  saving: boolean;
}

interface PeriodValues {
  start: string | null;
  end: string | null;
  timezone: string;
}

const toValues = (period: PlayingPeriodModalProps['period']): PeriodValues => ({
  start: period?.start ?? null,
  end: period?.end ?? null,
  timezone: period?.timezone || DEFAULT_TIMEZONE,
});

/**
 * Change Game Period (spec 1 §2, §5): the settings form's pickers (wall-clock
 * times of the chosen timezone, dd/MM/yyyy HH:mm, 10-minute steps, stored in
 * UTC) and its rules, under the warning that every instance gets the change.
 */
export function PlayingPeriodModal({ opened, onClose, period, onSubmit, saving }: PlayingPeriodModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('operations.period.title')} centered size="xl">
      {/* Mounted while open, so each opening starts again from the stored period. */}
      {opened && <PeriodForm onClose={onClose} period={period} onSubmit={onSubmit} saving={saving} />}
    </Modal>
  );
}

function PeriodForm({ onClose, period, onSubmit, saving }: Omit<PlayingPeriodModalProps, 'opened'>) {
  const { t } = useTranslation();
  const [values, setValues] = useState<PeriodValues>(() => toValues(period));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { start, end, timezone } = values;
  const zones = useMemo(() => timezoneOptions(timezone), [timezone]);
  const startValue = utcToZonedPickerValue(start, timezone);
  const endValue = utcToZonedPickerValue(end, timezone);

  const handleTimezone = (zone: string | null) => {
    if (!zone) return;
    setValues({
      timezone: zone,
      start: zonedPickerValueToUtc(startValue, zone) ?? start,
      end: zonedPickerValueToUtc(endValue, zone),
    });
  };

  const handleSubmit = async () => {
    const parsed = playingPeriodValuesSchema.safeParse(values);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.') || 'playingPeriod'] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await onSubmit({ playingPeriod: values });
      onClose();
    } catch (error) {
      const fieldErrors = isApiError(error) ? error.body?.errors : undefined;
      if (fieldErrors) {
        setErrors(
          Object.fromEntries(
            Object.entries(fieldErrors).map(([path, message]) => [
              path.replace(/^playingPeriod\.?/, '') || 'playingPeriod',
              message,
            ]),
          ),
        );
      }
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        void handleSubmit();
      }}
    >
      <Stack gap="md">
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
          {domainText(t, 'OPERATION_TEXTS', 'periodWarning')}
        </Alert>
        <Input.Wrapper
          label={t('operations.period.label')}
          withAsterisk
          error={errors.playingPeriod}
          labelElement="div"
        >
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" mt={6}>
            <PeriodDateTimeInput
              label={t('operations.period.start')}
              value={startValue}
              onChange={(value) => setValues({ ...values, start: zonedPickerValueToUtc(value, timezone) })}
              error={errors.start}
            />
            <PeriodDateTimeInput
              label={t('operations.period.end')}
              placeholder={t('operations.period.endPlaceholder')}
              clearable
              value={endValue}
              onChange={(value) => setValues({ ...values, end: zonedPickerValueToUtc(value, timezone) })}
              error={errors.end}
            />
            <Select
              label={t('operations.period.timezone')}
              searchable
              allowDeselect={false}
              data={zones}
              value={timezone}
              onChange={handleTimezone}
              error={errors.timezone}
              leftSection={<IconWorld size={16} />}
              limit={100}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
        </Input.Wrapper>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('operations.cancel')}
          </Button>
          <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={saving}>
            {t('operations.period.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
