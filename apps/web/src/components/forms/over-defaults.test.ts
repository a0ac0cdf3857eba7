import { describe, expect, it } from 'vitest';
import { overDefaults, overDefaultsKeepingNull } from './over-defaults';

interface Values {
  title: string;
  logoId: string | null;
  radius: number;
}

const DEFAULTS: Values = { title: '', logoId: 'default-logo', radius: 40 };

describe('overDefaults', () => {
  it('takes the stored fields, keeps the defaults of the missing and null ones, and reads no other field', () => {
    const stored = { id: 'e1', title: 'Fountain', logoId: null, extra: 'x' };
    expect(overDefaults(DEFAULTS, stored)).toEqual({ title: 'Fountain', logoId: 'default-logo', radius: 40 });
  });

  it('keeps a stored null when asked to', () => {
    expect(overDefaultsKeepingNull(DEFAULTS, { logoId: null, radius: 10 })).toEqual({
      title: '',
      logoId: null,
      radius: 10,
    });
  });

  it('leaves the defaults untouched', () => {
    overDefaults(DEFAULTS, { title: 'Changed' });
    expect(DEFAULTS.title).toBe('');
  });
});
