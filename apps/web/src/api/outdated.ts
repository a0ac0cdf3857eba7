/**
 * Whether the server said this page is out of date (its socket handshake named a protocol version the server no
 * longer speaks): the server's words, in the interface language, kept for the whole page (only a reload helps).
 * Apart from realtime.ts, so that every screen can show it without holding the socket.
 */
let outdated: string | null = null;
const listeners = new Set<() => void>();

/** Tells `listener` when the page is found out of date; returns the unsubscribe. */
export function onOutdated(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What the server said when it refused this page's protocol version, or null. */
export function outdatedMessage(): string | null {
  return outdated;
}

/** Records the server's refusal of this page's protocol version (the first one's words are kept). */
export function markOutdated(message: string): void {
  if (outdated !== null) return;
  outdated = message;
  for (const listener of listeners) listener();
}
