const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` is a UUID; ids of other shapes cannot exist, so callers answer 404 without asking the database. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
