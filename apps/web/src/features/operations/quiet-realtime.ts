// The realtime client of the operations pages' tests (vi.mock('../../api/realtime', () => import('./quiet-realtime'))):
// nothing is pushed, rooms are joined and left silently.

export function useRealtimeEvent(): void {}

export function useRealtimeReconnect(): void {}

export function useRealtimeLive(): void {}

export function subscribe(): () => void {
  return () => {};
}

export function joinRoom(): () => void {
  return () => {};
}
