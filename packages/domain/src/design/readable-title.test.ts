import { describe, expect, it } from 'vitest';
import { readableName, readableTitle } from './readable-title.js';

describe('readableTitle', () => {
  it('is the title when there is one', () => {
    expect(readableTitle({ name: 'scene_3', title: '  The lighthouse ' })).toBe('The lighthouse');
  });

  it('reads an older thing without a title by its system name, as words', () => {
    expect(readableTitle({ name: 'scene_3', title: '' })).toBe('Scene 3');
    expect(readableTitle({ name: 'scene3' })).toBe('Scene 3');
    expect(readableTitle({ name: 'q_arsenals', title: null })).toBe('Q arsenals');
    expect(readableTitle({ name: 'lighthouseKeeper' })).toBe('Lighthouse keeper');
    expect(readableTitle({ name: 'old-pier.info' })).toBe('Old pier info');
  });

  it('keeps a name a person wrote as it is', () => {
    expect(readableName('Harbour square')).toBe('Harbour square');
    expect(readableName('Lighthouse')).toBe('Lighthouse');
    expect(readableName('Φάρος_2')).toBe('Φάρος 2');
    expect(readableName('')).toBe('');
  });
});
