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
