import { LIMIT_TIME_UNITS } from '@loci/domain';
import { Group, NumberInput, Paper, Select, Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LimitField, LimitValue } from './object-type-values';
import './locales';

export interface LimitFieldsProps {
  field: LimitField;
  label: string;
  value: LimitValue;
  onChange: (value: LimitValue) => void;
  /** The form's errors ('{field}.maxItems', '{field}.timeUnit'). */
  errors: Record<string, unknown>;
  readOnly: boolean;
}

/** A limit block (spec 2 §3, §5): when enabled, at most `maxItems` per minute, hour, day or in total. */
export function LimitFields({ field, label, value, onChange, errors, readOnly }: LimitFieldsProps) {
  const { t } = useTranslation();
  const units = LIMIT_TIME_UNITS.map((unit) => ({ value: unit, label: t(`design.objectTypes.limit.units.${unit}`) }));
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)">
      <Stack gap="xs">
        <Switch
          label={label}
          checked={value.enabled}
          onChange={(event) => onChange({ ...value, enabled: event.currentTarget.checked })}
          disabled={readOnly}
        />
        {value.enabled && (
          <Group gap="sm" align="flex-start">
            <NumberInput
              label={`${label}: ${t('design.objectTypes.limit.maxItems')}`}
              withAsterisk
              min={1}
              step={1}
              allowDecimal={false}
              allowNegative={false}
              w={200}
              value={value.maxItems}
              onChange={(maxItems) => onChange({ ...value, maxItems })}
              error={errors[`${field}.maxItems`] as string | undefined}
              readOnly={readOnly}
            />
            <Select
              label={`${label}: ${t('design.objectTypes.limit.timeUnit')}`}
              withAsterisk
              allowDeselect={false}
              w={200}
              data={units}
              value={value.timeUnit || null}
              onChange={(timeUnit) => onChange({ ...value, timeUnit: timeUnit ?? '' })}
              error={errors[`${field}.timeUnit`] as string | undefined}
              disabled={readOnly}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
