/**
 * Mantine's modals (`modals.openConfirmModal`) need their host, ModalsProvider, mounted. The console mounts it
 * with the page; the player's own page (play-main.tsx) mounts it after the map, and sets this gate so that a
 * modal asked for before then waits for the host (and hurries it).
 */
let gate: () => Promise<void> = () => Promise.resolve();

export function setModalsGate(next: () => Promise<void>): void {
  gate = next;
}

/** Resolves once a modal can be opened. */
export function modalsReady(): Promise<void> {
  return gate();
}
