import { GAME_MESSAGES, socketioTestBodySchema, type FieldErrors, type SocketioTestBody } from '@loci/domain';

/** The page's form: what was typed (number inputs hold '' when empty). */
export interface DebugEventValues {
  message: string;
  room: string;
  latitude: number | string;
  longitude: number | string;
}

/** Where each part of the request body shows its error on the form. */
const FIELD_OF: Record<string, keyof DebugEventValues> = {
  message: 'message',
  room: 'room',
  'payload.location.coords.latitude': 'latitude',
  'payload.location.coords.longitude': 'longitude',
};

const isBlank = (value: number | string) => typeof value === 'string' && value.trim() === '';

/**
 * The request body of the form's values, or the errors of its fields. Spec 3
 * §5: message, room and latitude are required; longitude is read as a number,
 * 0 when empty. The domain's schema (the server's) checks the rest.
 */
export function debugEventOf(
  values: DebugEventValues,
): { ok: true; body: SocketioTestBody } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const body = {
    room: values.room,
    message: values.message,
    payload: {
      location: {
        coords: {
          latitude: isBlank(values.latitude) ? Number.NaN : Number(values.latitude),
          longitude: isBlank(values.longitude) ? 0 : Number(values.longitude),
        },
      },
    },
  };
  if (isBlank(values.latitude)) errors.latitude = GAME_MESSAGES.required;
  const parsed = socketioTestBodySchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF[issue.path.map(String).join('.')];
      if (field && !(field in errors)) errors[field] = issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}

/** The number a coordinate field holds when it is a valid one in [-limit, limit], else null. */
export function coordinateOf(value: number | string, limit: number): number | null {
  if (isBlank(value)) return null;
  const number = Number(value);
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
}
