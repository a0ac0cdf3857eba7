import { useForm } from '@mantine/form';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useStoredValues } from './useStoredValues';

interface Stored {
  id: string;
  name: string;
  updatedAt: string;
}

const toValues = (stored: Stored) => ({ name: stored.name });

function useNameForm(stored: Stored | undefined, force = false) {
  const form = useForm({ mode: 'controlled', initialValues: { name: '' } });
  useStoredValues(form, stored, toValues, { force });
  return form;
}

const first: Stored = { id: 's1', name: 'harbour', updatedAt: '1' };

describe('#components.forms.useStoredValues', () => {
  it('fills the form when the record arrives, and it is not dirty', () => {
    const { result, rerender } = renderHook(({ stored }) => useNameForm(stored), {
      initialProps: { stored: undefined as Stored | undefined },
    });
    expect(result.current.getValues().name).toBe('');
    rerender({ stored: first });
    expect(result.current.getValues().name).toBe('harbour');
    expect(result.current.isDirty()).toBe(false);
  });

  it('tracks a change as dirty and takes a newer stored version only while untouched', () => {
    const { result, rerender } = renderHook(({ stored }) => useNameForm(stored), { initialProps: { stored: first } });
    act(() => result.current.setFieldValue('name', 'harbour front'));
    expect(result.current.isDirty()).toBe(true);

    // Someone else's save arrives while the user types: the typed value stays.
    rerender({ stored: { ...first, name: 'old port', updatedAt: '2' } });
    expect(result.current.getValues().name).toBe('harbour front');

    // Back to the stored value: untouched, so the next version replaces it.
    act(() => result.current.reset());
    rerender({ stored: { ...first, name: 'new port', updatedAt: '3' } });
    expect(result.current.getValues().name).toBe('new port');
    expect(result.current.isDirty()).toBe(false);
  });

  it('resets on any change of the content, not on a new object with the same content', () => {
    const { result, rerender } = renderHook(({ stored }) => useNameForm(stored), { initialProps: { stored: first } });
    act(() => result.current.setFieldValue('name', 'typed'));
    act(() => result.current.resetDirty());
    // A refetch gives an equal record: the form keeps what it has.
    rerender({ stored: { ...first } });
    expect(result.current.getValues().name).toBe('typed');
    // The same id with other content is a new version.
    rerender({ stored: { ...first, name: 'renamed' } });
    expect(result.current.getValues().name).toBe('renamed');
  });

  it('with force, a new record replaces even changed values and clears the errors', () => {
    const { result, rerender } = renderHook(({ stored }) => useNameForm(stored, true), {
      initialProps: { stored: first },
    });
    act(() => {
      result.current.setFieldValue('name', 'typed');
      result.current.setFieldError('name', 'Too short');
    });
    rerender({ stored: { id: 's2', name: 'market', updatedAt: '1' } });
    expect(result.current.getValues().name).toBe('market');
    expect(result.current.errors).toEqual({});
    expect(result.current.isDirty()).toBe(false);
  });
});
