import { Autocomplete, Group, Input, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import 'dayjs/locale/el';
import { IconCalendar, IconClock } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PERIOD_TIMES, parseTypedTime } from './playing-period';
import './period-locales';

/** The date picker's display format (spec 1 §2: dd/MM/yyyy). */
const DATE_FORMAT = 'DD/MM/YYYY';

export interface PeriodDateTimeInputProps {
  label: string;
  /** The wall-clock time 'YYYY-MM-DD HH:mm:ss' of the period's zone, or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  error?: ReactNode;
  placeholder?: string;
  clearable?: boolean;
  disabled?: boolean;
}

const datePart = (value: string | null) => (value ? value.slice(0, 10) : null);
const timePart = (value: string | null) => (value ? value.slice(11, 16) : '');

/**
 * A playing-period bound: a date picked from a calendar (dd/MM/yyyy) and a
 * time typed or picked from the day's 10-minute steps. What is typed is saved
 * as typed — '18:00' and '1800' are 18:00 — and a time off the 10-minute grid
 * is rounded visibly ('Rounded to 18:10'), never silently.
 */
export function PeriodDateTimeInput({
  label,
  value,
  onChange,
  error,
  placeholder,
  clearable,
  disabled,
}: PeriodDateTimeInputProps) {
  const { t, i18n } = useTranslation();
  const [typed, setTyped] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [timeError, setTimeError] = useState<string | null>(null);
  const date = datePart(value);
  const time = typed ?? timePart(value);

  /** Reads the typed time; with `final`, rounds it onto the grid (on leaving the field). */
  const commitTime = (text: string, final: boolean) => {
    const parsed = parseTypedTime(text);
    if (!parsed) {
      if (final && text.trim() !== '') {
        // Nothing unreadable is kept: the field goes back to the time that stands, and says so.
        setTyped(null);
        setTimeError(t('games.settings.access.timeInvalid', { typed: text.trim(), time: timePart(value) || '—' }));
      }
      return;
    }
    if (parsed.rounded && !final) return;
    setTimeError(null);
    setNote(parsed.rounded ? t('games.settings.access.timeRounded', { time: parsed.text }) : null);
    if (final) setTyped(null);
    if (date) onChange(`${date} ${parsed.text}:00`);
    else if (final) setTyped(parsed.text);
  };

  return (
    <Input.Wrapper label={label} error={error ?? timeError} labelElement="div">
      {/* Side by side while there is room for the whole date; the time goes under it in a narrow column. */}
      <Group gap="xs" wrap="wrap" align="flex-start">
        <DatePickerInput
          aria-label={t('games.settings.access.dateOf', { label })}
          valueFormat={DATE_FORMAT}
          locale={i18n.language === 'el' ? 'el' : 'en'}
          placeholder={placeholder ?? t('games.settings.access.datePlaceholder')}
          value={date}
          clearable={clearable}
          disabled={disabled}
          leftSection={<IconCalendar size={16} />}
          popoverProps={{ withinPortal: true }}
          error={Boolean(error)}
          style={{ flex: '1 1 8.75rem', minWidth: '8.75rem' }}
          onChange={(picked) => {
            if (!picked) return onChange(null);
            const chosen = parseTypedTime(time)?.text ?? '00:00';
            setTyped(null);
            onChange(`${String(picked).slice(0, 10)} ${chosen}:00`);
          }}
        />
        <Autocomplete
          aria-label={t('games.settings.access.timeOf', { label })}
          placeholder={t('games.settings.access.timePlaceholder')}
          data={PERIOD_TIMES as string[]}
          value={time}
          disabled={disabled}
          leftSection={<IconClock size={16} />}
          error={Boolean(error ?? timeError)}
          limit={144}
          maxDropdownHeight={220}
          comboboxProps={{ withinPortal: true }}
          w="6rem"
          onChange={(text) => {
            setTyped(text);
            setNote(null);
            commitTime(text, false);
          }}
          onOptionSubmit={(text) => commitTime(text, true)}
          onBlur={(event) => commitTime(event.currentTarget.value, true)}
        />
      </Group>
      {note && (
        <Text size="xs" c="orange" mt={4} role="status">
          {note}
        </Text>
      )}
    </Input.Wrapper>
  );
}
