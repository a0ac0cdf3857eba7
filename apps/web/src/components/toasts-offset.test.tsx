import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOASTS_TOP_VAR, useToastsBelowHeader } from './toasts-offset';

const offset = () => document.documentElement.style.getPropertyValue(TOASTS_TOP_VAR);

describe('useToastsBelowHeader', () => {
  it('keeps top toasts below the mounted header and lets them back to the top once it is gone', () => {
    const { unmount } = renderHook(() => useToastsBelowHeader(48));
    expect(offset()).toBe('48px');
    unmount();
    expect(offset()).toBe('');
  });

  it('leaves the offset alone when inactive (the operator’s read-only copy of the player’s screen)', () => {
    const { unmount: unmountConsole } = renderHook(() => useToastsBelowHeader(60));
    const { unmount: unmountWatched } = renderHook(() => useToastsBelowHeader(48, false));
    expect(offset()).toBe('60px');
    unmountWatched();
    expect(offset()).toBe('60px');
    unmountConsole();
  });
});
