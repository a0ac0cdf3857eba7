import type { SocketioTestAnswer, SocketioTestBody } from '@loci/domain';
import { api } from './client';

export const debugApi = {
  /** Emits a fake realtime event (the debugging tools page, spec 3 §7). */
  sendSocketioTest: (body: SocketioTestBody) => api.post<SocketioTestAnswer>('/users/socketio-test', body),
};
