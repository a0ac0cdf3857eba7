import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The DateTimePicker's value format (wall-clock time, no zone). */
const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The display format of the playing-period pickers (spec 1 §2: dd/MM/yyyy HH:mm). */
export const PERIOD_INPUT_FORMAT = 'DD/MM/YYYY HH:mm';

/** Minutes between the times offered (spec 1 §9). */
export const PERIOD_MINUTES_STEP = 10;

/** A stored UTC instant as the wall-clock time of `zone`, for the picker. */
export function utcToZonedPickerValue(iso: string | null, zone: string): string | null {
  if (!iso) return null;
  const instant = dayjs.utc(iso);
  if (!instant.isValid()) return null;
  try {
    return instant.tz(zone).format(PICKER_FORMAT);
  } catch {
    return instant.format(PICKER_FORMAT);
  }
}

/** A wall-clock time picked in `zone`, as the UTC instant to store (ISO 8601). */
export function zonedPickerValueToUtc(value: string | null, zone: string): string | null {
  if (!value) return null;
  try {
    const instant = dayjs.tz(value, zone);
    return instant.isValid() ? instant.utc().toISOString() : null;
  } catch {
    return null;
  }
}

/** Every IANA time zone this browser knows, with `include` added when missing. */
export function timezoneOptions(include: string): string[] {
  const zones: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return include && !zones.includes(include) ? [include, ...zones] : zones;
}

/** A time of day as typed, read and put on the 10-minute grid. */
export interface TypedTime {
  /** 'HH:mm' on the grid. */
  text: string;
  /** Whether the typed minutes were moved to the grid (the form says so). */
  rounded: boolean;
}

/**
 * Reads a typed time — '18:00', '18.00', '1800', '900', '18' — exactly, then
 * rounds it to the nearest `PERIOD_MINUTES_STEP` minutes (23:55 stays 23:50,
 * within the day) and says whether it did. Null when it is not a time.
 */
export function parseTypedTime(typed: string): TypedTime | null {
  const text = typed.trim();
  const match = /^(\d{1,2})(?:[:.h ]?(\d{2}))?$/.exec(text) ?? /^(\d{1,2})[:.](\d)$/.exec(text);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = match[2] === undefined ? 0 : Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  let roundedMinutes = Math.round(minutes / PERIOD_MINUTES_STEP) * PERIOD_MINUTES_STEP;
  let roundedHours = hours;
  if (roundedMinutes === 60) {
    roundedMinutes = 0;
    roundedHours += 1;
  }
  if (roundedHours === 24) {
    roundedHours = 23;
    roundedMinutes = 60 - PERIOD_MINUTES_STEP;
  }
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    text: `${pad(roundedHours)}:${pad(roundedMinutes)}`,
    rounded: roundedMinutes !== minutes || roundedHours !== hours,
  };
}

/** Every time of day on the 10-minute grid ('00:00' … '23:50'), for the time picker's list. */
export const PERIOD_TIMES: readonly string[] = Array.from({ length: (24 * 60) / PERIOD_MINUTES_STEP }, (_, index) => {
  const minutes = index * PERIOD_MINUTES_STEP;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});
