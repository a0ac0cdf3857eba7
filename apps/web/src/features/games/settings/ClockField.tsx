import { TIME_LIMIT_MODES, type TimeLimitMode } from '@loci/domain';
import { Fieldset, NumberInput, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useGameFormContext } from './form-context';
import { PeriodDateTimeInput } from './PeriodDateTimeInput';
import { utcToZonedPickerValue, zonedPickerValueToUtc } from './playing-period';

/**
 * The clock (issue 28): a time limit — none, N minutes from each player's (or
 * team's) start, or until a fixed time for everyone (in the playing period's
 * time zone) — and whether time up ends the game.
 */
export function ClockField() {
  const { t } = useTranslation();
  const form = useGameFormContext();
  const limit = form.values.timeLimit!;
  const timezone = form.values.playingPeriod.timezone;
  return (
    <Fieldset legend={t('games.settings.clock.legend')}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('games.settings.clock.hint')}
        </Text>
        <SegmentedControl
          aria-label={t('games.settings.clock.mode')}
          data={TIME_LIMIT_MODES.map((mode) => ({ value: mode, label: t(`games.settings.clock.modes.${mode}`) }))}
          value={limit.mode}
          onChange={(mode) => form.setFieldValue('timeLimit.mode', mode as TimeLimitMode)}
        />
        {limit.mode === 'duration' && (
          <NumberInput
            label={t('games.settings.clock.minutes')}
            description={t('games.settings.clock.minutesHint')}
            min={1}
            allowDecimal={false}
            withAsterisk
            {...form.getInputProps('timeLimit.minutes')}
          />
        )}
        {limit.mode === 'until' && (
          <PeriodDateTimeInput
            label={t('games.settings.clock.endsAt')}
            value={utcToZonedPickerValue(limit.endsAt, timezone)}
            onChange={(value) => form.setFieldValue('timeLimit.endsAt', zonedPickerValueToUtc(value, timezone))}
            error={form.errors['timeLimit.endsAt']}
          />
        )}
        {limit.mode !== 'none' && (
          <Switch
            label={t('games.settings.clock.endsGame')}
            description={t('games.settings.clock.endsGameHint')}
            {...form.getInputProps('timeLimit.endsGame', { type: 'checkbox' })}
          />
        )}
      </Stack>
    </Fieldset>
  );
}
