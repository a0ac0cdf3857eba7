const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** A string with every id of `ids` replaced: the whole string, or each UUID inside it (image URIs, `Contact_{id}`). */
function remapString(text: string, ids: ReadonlyMap<string, string>): string {
  const exact = ids.get(text);
  if (exact !== undefined) return exact;
  return text.replace(UUID, (found) => ids.get(found) ?? ids.get(found.toLowerCase()) ?? found);
}

/**
 * Gives an imported game new ids everywhere: every string value and every
 * object key that is an old id (a design entity, a medium, a world entry, the
 * game) becomes the new one, and so does every old UUID inside a longer string
 * (an image's URI, a direct-contact event name `Contact_{archetypeId}`). Keys
 * count because the initial world is keyed by scene and entry ids.
 */
export function remapIds<T>(value: T, ids: ReadonlyMap<string, string>): T {
  if (typeof value === 'string') return remapString(value, ids) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => remapIds(item, ids)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [remapString(key, ids), remapIds(item, ids)]),
    ) as T;
  }
  return value;
}
