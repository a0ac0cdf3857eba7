const LATER_MS = 1000;

/**
 * Runs `then` once the page has loaded, a second more has passed and the browser is idle: for what the
 * player's screen needs only after its map (bench/player-load.bench.mjs). Returns the cancel.
 */
export function afterLoad(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const later = () => {
    timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(then, { timeout: 2000 });
      else then();
    }, LATER_MS);
  };
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
  return () => {
    window.removeEventListener('load', later);
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}
