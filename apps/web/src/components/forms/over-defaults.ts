/**
 * A form's values from a stored record: `defaults` with each of its fields that `stored` holds (not
 * null) taken from `stored`, so that a field the record lacks still has a value. Only the defaults'
 * fields are read: the record's others (id, owner…) stay out of the form.
 */
export function overDefaults<T extends object>(defaults: T, stored: { readonly [K in keyof T]?: T[K] | null }): T {
  const values = { ...defaults };
  for (const key of Object.keys(defaults) as Array<keyof T>) {
    const value = stored[key];
    if (value !== undefined && value !== null) values[key] = value;
  }
  return values;
}

/** As `overDefaults`, but a stored null is kept: only a field the record lacks takes its default. */
export function overDefaultsKeepingNull<T extends object>(defaults: T, stored: { readonly [K in keyof T]?: T[K] }): T {
  const values = { ...defaults };
  for (const key of Object.keys(defaults) as Array<keyof T>) {
    const value = stored[key];
    if (value !== undefined) values[key] = value;
  }
  return values;
}
