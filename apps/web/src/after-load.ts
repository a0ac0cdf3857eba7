/**
 * Runs `then` once the page has loaded, `laterMs` more have passed and the browser is idle: for what a page
 * needs only after its first paint — the player's map first (bench/player-load.bench.mjs). Returns the cancel.
 */
export function afterLoad(then: () => void, laterMs = 1000): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const later = () => {
    timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(then, { timeout: 2000 });
      else then();
    }, laterMs);
  };
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
  return () => {
    window.removeEventListener('load', later);
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}
