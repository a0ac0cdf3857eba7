import type { ViewPart } from '@loci/domain';
import type { Output } from '@loci/engine';
import { REALTIME_EVENTS, useRealtimeEvent } from '../../../api/realtime';
import type { PlayerMessage } from '../session/session-reducer';

// Everything the player hears over the socket, in one place; the payloads are typed by the domain's protocol.

/**
 * While the player is in `instanceId`: outputs pushed to them (caused by other players,
 * operators, the debugging tools, or their own steps) and operators' messages.
 */
export function useInstancePushes(
  instanceId: string | null,
  handlers: {
    /**
     * `stepId`: the step's id, which its answer carries too (the session shows a step read twice once); the
     * view whole, or what changed since the last view the server sent (protocol/view-delta.ts).
     */
    onOutputs: (payload: { stepId?: string; outputs: Output[] } & ViewPart) => void;
    onMessage: (message: PlayerMessage) => void;
  },
): void {
  useRealtimeEvent(
    REALTIME_EVENTS.outputs,
    (payload) => {
      if (payload.instanceId !== instanceId) return;
      handlers.onOutputs({
        ...(payload.stepId === undefined ? {} : { stepId: payload.stepId }),
        outputs: payload.outputs,
        ...(payload.view === undefined ? {} : { view: payload.view }),
        ...(payload.viewDelta === undefined ? {} : { viewDelta: payload.viewDelta }),
        ...(payload.revision === undefined ? {} : { revision: payload.revision }),
      });
    },
    Boolean(instanceId),
  );
  useRealtimeEvent(
    REALTIME_EVENTS.message,
    (payload) => {
      if (!payload?.message) return;
      if (payload.instanceId && payload.instanceId !== instanceId) return;
      handlers.onMessage({
        ...(payload.id ? { id: payload.id } : {}),
        message: payload.message,
        when: payload.when,
        from: payload.from,
      });
    },
    Boolean(instanceId),
  );
}

/** The debugging tools move a player by pushing LOCATION_UPDATE: `onMove` gets the new position. */
export function useDebugMoves(onMove: (lat: number, lng: number) => void): void {
  useRealtimeEvent(REALTIME_EVENTS.locationUpdate, (payload) => {
    const coords = payload?.location?.coords;
    if (typeof coords?.latitude === 'number' && typeof coords.longitude === 'number') {
      onMove(coords.latitude, coords.longitude);
    }
  });
}
