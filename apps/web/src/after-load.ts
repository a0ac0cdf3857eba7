import { useEffect } from 'react';

/**
 * The first screen of a page whose screen is drawn after its `load` event (the player's page: its map's code and
 * Leaflet are lazy chunks, which do not hold `load`): until it is up, what comes "after load" waits too, else on
 * a slow phone those pieces compete with the map. No page holds it unless it says so (holdUntilFirstScreen).
 */
let firstScreen: Promise<void> = Promise.resolve();
let firstScreenUp: () => void = () => {};

/** Holds afterLoad until firstScreenDrawn() is called, or `capMs` have passed (a page that never draws it). */
export function holdUntilFirstScreen(capMs = 10_000): void {
  firstScreen = new Promise((resolve) => {
    firstScreenUp = resolve;
    setTimeout(resolve, capMs);
  });
}

/** The page's first screen is drawn (the player's map or its lobby): what waited for it may load. */
export function firstScreenDrawn(): void {
  firstScreenUp();
}

/**
 * Runs `then` once the page has loaded (and drawn its first screen, when it holds for it), `laterMs` more have
 * passed and the browser is idle: for what a page needs only after its first paint — the player's map first
 * (bench/player-load.bench.mjs). Returns the cancel.
 */
export function afterLoad(then: () => void, laterMs = 1000): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const later = () =>
    void firstScreen.then(() => {
      if (cancelled) return;
      timer = setTimeout(() => {
        if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(then, { timeout: 2000 });
        else then();
      }, laterMs);
    });
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', later);
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}

/** Calls firstScreenDrawn() once the calling screen is committed (its first paint follows). */
export function useFirstScreenDrawn(): void {
  useEffect(firstScreenDrawn, []);
}
