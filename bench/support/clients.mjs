// What the benches of many phones share (city, start-storm, teams): player accounts seeded as the test factories
// make them, an HTTP client of the API over one keep-alive pool, Socket.IO connections on the websocket
// transport, and percentiles.
import { io } from 'socket.io-client';
import { Agent, request } from 'undici';
import { REALTIME_PATH } from '@loci/domain';
import { createUser } from '../../apps/server/src/test/factories.ts';
import { withApp } from './server.mjs';

/** `count` player accounts named `${name} ${i}` from `from` on (straight in the database, like a sign-up; tokens signed as the server signs them). */
export async function createAccounts({ dataDir, databaseUrl, from = 0, count, name = 'Walker' }) {
  return withApp({ dataDir, databaseUrl }, async (app) => {
    const accounts = [];
    for (let i = from; i < from + count; i += 1) accounts.push(await createUser(app.ctx, { name: `${name} ${i}` }));
    return accounts;
  });
}

/**
 * The API at `baseUrl` through one keep-alive pool of `connections`: `call(method, route, token, body, through)`
 * resolves with the answer's status and text; `through` sends it over another dispatcher (a walker's own
 * connection, as a phone keeps one: `ownConnection()`). `close()` ends the pool.
 */
export function apiClient(baseUrl, connections = 256) {
  const dispatcher = new Agent({ connections, keepAliveTimeout: 60_000 });
  const call = async (method, route, token, body, through = dispatcher) => {
    const res = await request(`${baseUrl}${route}`, {
      method,
      dispatcher: through,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.statusCode, text: await res.body.text() };
  };
  return { call, close: () => dispatcher.close() };
}

/**
 * A connection of one phone's own, kept alive between its calls (the server keeps an idle connection 72 s): a
 * walker's events then reach the same server process as long as it walks, as a phone's do.
 */
export const ownConnection = () => new Agent({ connections: 1, keepAliveTimeout: 60_000 });

/** A Socket.IO client on the websocket transport, resolved once connected (rejected after 10 s). */
export function connectSocket(baseUrl, token) {
  const socket = io(baseUrl, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    auth: { token },
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no socket connection within 10 s')), 10_000);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('connect_error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** The value at `p` (0–1) of an ascending list (NaN when empty). */
export const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : NaN;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
