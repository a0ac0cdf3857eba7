import { useEffect, useRef } from 'react';

/** The part of a Mantine form (useForm) that a stored record fills. */
export interface ResettableForm<V> {
  isDirty: () => boolean;
  setValues: (values: V) => void;
  setInitialValues: (values: V) => void;
  resetDirty: (values?: V) => void;
  clearErrors: () => void;
}

/**
 * Fills a form from the stored record when it arrives and whenever a newer
 * version of it comes (after a save, a refetch, or once the lock comes back),
 * unless the user has changed something. Any change of the record's content
 * (not just of its identity) counts as a new version. The one place where
 * "reset the form when the stored record changes" is written.
 */
export function useStoredValues<V, R>(
  form: ResettableForm<V>,
  stored: R | undefined,
  toValues: (stored: R) => V,
  options: {
    /** Resets even a changed form (e.g. a new entry to create replaces the old one). */ force?: boolean;
  } = {},
) {
  const version = stored === undefined ? '' : JSON.stringify(stored);
  // The latest form, record and mapping, read when the version changes and only then.
  const latest = useRef({ form, stored, toValues, force: options.force });
  useEffect(() => {
    latest.current = { form, stored, toValues, force: options.force };
  });
  useEffect(() => {
    const { form: current, stored: record, toValues: map, force } = latest.current;
    if (record === undefined || (current.isDirty() && !force)) return;
    const values = map(record);
    current.setInitialValues(values);
    current.setValues(values);
    current.resetDirty(values);
    current.clearErrors();
  }, [version]);
}
