import { useEffect } from 'react';

/** The CSS variable toasts at the top of the screen keep clear of: the height of the header on screen. */
export const TOASTS_TOP_VAR = '--loci-toasts-top';

/**
 * Keeps toasts shown at the top of the screen (every toast on a phone, the player's everywhere) below the page's
 * header while the calling layout is mounted, so they never cover its menu button, title or badges. The toasts
 * are portalled to the body, outside the layout: the offset is set on the document's root element.
 */
export function useToastsBelowHeader(headerPx: number, active = true): void {
  useEffect(() => {
    if (!active) return undefined;
    const root = document.documentElement.style;
    root.setProperty(TOASTS_TOP_VAR, `${headerPx}px`);
    return () => {
      root.removeProperty(TOASTS_TOP_VAR);
    };
  }, [headerPx, active]);
}
