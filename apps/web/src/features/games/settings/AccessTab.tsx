import { PASSCODE_LENGTH, PUBLIC_ACCESS } from '@loci/domain';
import {
  Divider,
  Input,
  PasswordInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
} from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGameFormContext, type SettingsTabProps } from './form-context';
import { PeriodDateTimeInput } from './PeriodDateTimeInput';
import { timezoneOptions, utcToZonedPickerValue, zonedPickerValueToUtc } from './playing-period';

/**
 * The playing period: start and end picked as wall-clock times of the chosen
 * timezone and stored as UTC instants. Changing the timezone keeps the times
 * shown, so the stored instants move with it.
 */
function PlayingPeriodField({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const form = useGameFormContext();
  const { start, end, timezone } = form.values.playingPeriod;
  const zones = useMemo(() => timezoneOptions(timezone), [timezone]);
  const startValue = utcToZonedPickerValue(start, timezone);
  const endValue = utcToZonedPickerValue(end, timezone);

  const handleTimezone = (zone: string | null) => {
    if (!zone) return;
    form.setFieldValue('playingPeriod', {
      timezone: zone,
      start: zonedPickerValueToUtc(startValue, zone) ?? start,
      end: zonedPickerValueToUtc(endValue, zone),
    });
  };

  return (
    <Input.Wrapper
      label={t('games.settings.access.period')}
      description={t('games.settings.access.periodHint')}
      withAsterisk
      error={form.errors.playingPeriod}
      labelElement="div"
    >
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" mt={6}>
        <PeriodDateTimeInput
          label={t('games.settings.access.start')}
          value={startValue}
          onChange={(value) => form.setFieldValue('playingPeriod.start', zonedPickerValueToUtc(value, timezone) ?? '')}
          error={form.errors['playingPeriod.start']}
          disabled={readOnly}
        />
        <PeriodDateTimeInput
          label={t('games.settings.access.end')}
          placeholder={t('games.settings.access.endPlaceholder')}
          clearable
          value={endValue}
          onChange={(value) => form.setFieldValue('playingPeriod.end', zonedPickerValueToUtc(value, timezone))}
          error={form.errors['playingPeriod.end']}
          disabled={readOnly}
        />
        <Select
          label={t('games.settings.access.timezone')}
          searchable
          allowDeselect={false}
          data={zones}
          value={timezone}
          onChange={handleTimezone}
          error={form.errors['playingPeriod.timezone']}
          leftSection={<IconWorld size={16} />}
          limit={100}
          disabled={readOnly}
        />
      </SimpleGrid>
    </Input.Wrapper>
  );
}

/**
 * The play passcode: password-typed, with a reveal toggle that shows it as
 * digits; only editors may reveal it (spec 1 §5).
 */
function PasscodeField({ canReveal }: { canReveal: boolean }) {
  const { t } = useTranslation();
  const form = useGameFormContext();
  const [visible, setVisible] = useState(false);
  const shown = visible && canReveal;
  return (
    <PasswordInput
      size="sm"
      label={t('games.settings.access.passcode')}
      description={t('games.settings.access.passcodeHint')}
      maxLength={PASSCODE_LENGTH}
      autoComplete="off"
      inputMode={shown ? 'numeric' : undefined}
      visible={shown}
      onVisibilityChange={(next) => canReveal && setVisible(next)}
      visibilityToggleButtonProps={{
        disabled: !canReveal,
        'aria-label': shown ? t('games.settings.access.hidePasscode') : t('games.settings.access.showPasscode'),
      }}
      styles={shown ? { innerInput: { fontVariantNumeric: 'tabular-nums', letterSpacing: '0.3em' } } : undefined}
      {...form.getInputProps('playPassword')}
    />
  );
}

/** Who may design, test and play the game, with what passcode and when. */
export function AccessTab({ readOnly, canEdit }: SettingsTabProps & { canEdit: boolean }) {
  const { t } = useTranslation();
  const form = useGameFormContext();
  const emailListProps = {
    autosize: true,
    minRows: 3,
    maxRows: 10,
    placeholder: 'name@example.com',
    spellCheck: false,
  } as const;

  return (
    <Stack gap="lg">
      <Divider label={t('games.settings.access.people')} labelPosition="left" />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Textarea
          label={t('games.settings.access.coDesigners')}
          description={t('games.settings.access.coDesignersHint')}
          {...emailListProps}
          {...form.getInputProps('additionalDesignersEmailsText')}
        />
        <Textarea
          label={t('games.settings.access.testers')}
          description={t('games.settings.access.testersHint')}
          {...emailListProps}
          {...form.getInputProps('additionalDesignerOnlyAccessEmailsText')}
        />
      </SimpleGrid>

      <Divider label={t('games.settings.access.playing')} labelPosition="left" />
      <Input.Wrapper label={t('games.settings.access.publicAccess')} labelElement="div">
        <div>
          <SegmentedControl
            mt={6}
            aria-label={t('games.settings.access.publicAccess')}
            data={PUBLIC_ACCESS.map((access) => ({
              value: access,
              label: t(`games.settings.access.publicAccessOptions.${access}`),
            }))}
            disabled={readOnly}
            {...form.getInputProps('publicAccess')}
          />
        </div>
      </Input.Wrapper>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Textarea
          label={t('games.settings.access.players')}
          description={t('games.settings.access.playersHint')}
          {...emailListProps}
          {...form.getInputProps('restrictAccessToEmailsText')}
        />
        <Stack gap="md">
          <PasscodeField canReveal={canEdit} />
          <Switch
            label={t('games.settings.access.singleDevice')}
            description={t('games.settings.access.singleDeviceHint')}
            {...form.getInputProps('enforceSingleDevice', { type: 'checkbox' })}
          />
        </Stack>
      </SimpleGrid>
      <PlayingPeriodField readOnly={readOnly} />
    </Stack>
  );
}
