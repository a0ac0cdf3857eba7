import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { GameAnswer, PlayAnswer } from '../../../api/play';
import type { QueuedEvent, QueueStore } from './event-queue';

/** The last state the player saw of a game: what a reload without network starts from. */
export interface PlaySnapshot {
  gameId: string;
  instanceId: string;
  answer: PlayAnswer;
  game: GameAnswer;
  savedAt: number;
}

interface PlayerDb extends DBSchema {
  events: { key: number; value: QueuedEvent; indexes: { byInstance: string } };
  snapshots: { key: string; value: PlaySnapshot };
}

const DB_NAME = 'loci-player';
let db: Promise<IDBPDatabase<PlayerDb>> | null = null;

function open(): Promise<IDBPDatabase<PlayerDb>> {
  db ??= openDB<PlayerDb>(DB_NAME, 1, {
    upgrade(database) {
      const events = database.createObjectStore('events', { keyPath: 'seq', autoIncrement: true });
      events.createIndex('byInstance', 'instanceId');
      database.createObjectStore('snapshots', { keyPath: 'gameId' });
    },
  });
  return db;
}

/** Whether this browser has IndexedDB (jsdom does not): without it the queue lives in memory. */
export const hasIndexedDb = () => typeof indexedDB !== 'undefined';

/** The queue in IndexedDB: it outlives reloads, crashes and closed tabs. */
export const idbQueueStore: QueueStore = {
  async list(instanceId) {
    // Keys grow with each add, so the index's order by key is the order the events were made in.
    const entries = await (await open()).getAllFromIndex('events', 'byInstance', instanceId);
    return entries.sort((a, b) => a.seq - b.seq);
  },
  async add(entry) {
    const seq = await (await open()).add('events', entry as QueuedEvent);
    return { ...entry, seq };
  },
  async put(entry) {
    await (await open()).put('events', entry);
  },
  async remove(seq) {
    await (await open()).delete('events', seq);
  },
};

/** A queue that lives as long as the page (for browsers without IndexedDB). */
export function memoryQueueStore(): QueueStore {
  const rows = new Map<number, QueuedEvent>();
  let next = 1;
  return {
    list: async (instanceId) => [...rows.values()].filter((row) => row.instanceId === instanceId),
    add: async (entry) => {
      const row = { ...entry, seq: next++ };
      rows.set(row.seq, row);
      return row;
    },
    put: async (entry) => void rows.set(entry.seq, entry),
    remove: async (seq) => void rows.delete(seq),
  };
}

export async function saveSnapshot(snapshot: PlaySnapshot): Promise<void> {
  if (!hasIndexedDb()) return;
  await (await open()).put('snapshots', snapshot);
}

export async function loadSnapshot(gameId: string): Promise<PlaySnapshot | undefined> {
  if (!hasIndexedDb()) return undefined;
  return (await open()).get('snapshots', gameId);
}

/** Empties the queue and the saved states (signing out: clear-play-data.ts). Works while other tabs hold the database open. */
export async function clearPlayerDb(): Promise<void> {
  if (!hasIndexedDb()) return;
  const database = await open();
  await Promise.all([database.clear('events'), database.clear('snapshots')]);
}
