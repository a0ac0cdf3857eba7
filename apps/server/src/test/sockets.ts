import { io, type Socket } from 'socket.io-client';
import { REALTIME_PATH } from '@loci/domain';
import type { TestApp } from './app.js';

/**
 * Opens a socket to a listening test app (or a server's URL), with `token` in the handshake's auth
 * (or `headers` such as Authorization, as a native app would send); resolves
 * once connected, rejects with the connect_error.
 */
export function connectSocket(t: TestApp | string, token?: string, headers?: Record<string, string>): Promise<Socket> {
  const socket = io(typeof t === 'string' ? t : t.config.publicUrl, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    auth: token === undefined ? {} : { token },
    ...(headers ? { extraHeaders: headers } : {}),
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** The next `event` on `socket`, or a rejection after `ms`. */
export function nextEvent<T>(socket: Socket, event: string, ms = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${event}' within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** True when no `event` arrives on `socket` within `ms`. */
export function silence(socket: Socket, event: string, ms = 300): Promise<boolean> {
  return new Promise((resolve) => {
    const listener = () => resolve(false);
    socket.once(event, listener);
    setTimeout(() => {
      socket.off(event, listener);
      resolve(true);
    }, ms);
  });
}
