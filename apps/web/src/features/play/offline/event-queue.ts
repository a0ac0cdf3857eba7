import type { PlayAnswer, PlayEvent } from '../../../api/play';
import { ApiError, NoResponseError } from '../../../api/client';

/** One event the player made, kept on the device until the server has answered it. */
export interface QueuedEvent {
  /** The store's key: the order the events were made in. */
  seq: number;
  instanceId: string;
  /** Sent with the event: the server applies an id at most once and answers a retry with the first answer. */
  clientEventId: string;
  event: PlayEvent;
  queuedAt: number;
}

/** Where the queue lives: IndexedDB in the browser (idb-store.ts), anything with the same four calls in tests. */
export interface QueueStore {
  /** The instance's waiting events, oldest first. */
  list(instanceId: string): Promise<QueuedEvent[]>;
  add(entry: Omit<QueuedEvent, 'seq'>): Promise<QueuedEvent>;
  put(entry: QueuedEvent): Promise<void>;
  remove(seq: number): Promise<void>;
}

/** What the player is told about the queue. */
export interface QueueStatus {
  /** Events made but not yet answered by the server. */
  waiting: number;
  /** The last attempt could not reach the server (or the browser says it is offline). */
  offline: boolean;
  /** An event is on its way. */
  sending: boolean;
  /** Interactions whose answer (seen, answer, confirm, option) waits in the queue (not on its way): their dialog is answered. */
  answering: string[];
}

export const EMPTY_STATUS: QueueStatus = { waiting: 0, offline: false, sending: false, answering: [] };

/**
 * How long an event may wait for its answer before the queue gives up on that try and sends it again later with
 * the same clientEventId (the server applies an id at most once): a request stranded on a server process that
 * died would otherwise hold the queue — and the player on "Sending…" — for minutes.
 */
export const EVENT_SEND_TIMEOUT_MS = 15_000;

export interface EventQueueOptions {
  store: QueueStore;
  /** Sends one event; `signal` aborts it when its answer is late (the promise then rejects, as without network). */
  send: (instanceId: string, body: PlayEvent & { clientEventId: string }, signal: AbortSignal) => Promise<PlayAnswer>;
  /** EVENT_SEND_TIMEOUT_MS unless given (tests). */
  timeoutMs?: number;
  /** The server's answer to a queued event, in the order the events were made. */
  onAnswer: (entry: QueuedEvent, answer: PlayAnswer) => void;
  /** The server refused the event (4xx): it is dropped, not retried. */
  onRefused: (entry: QueuedEvent, error: unknown) => void;
  /** The server answered but could not take the event now (5xx, 429): it waits and is sent again. */
  onHeld?: (entry: QueuedEvent, error: unknown) => void;
  onStatus: (status: QueueStatus) => void;
  newId?: () => string;
  now?: () => number;
  /** Whether the browser believes it is online (navigator.onLine). */
  online?: () => boolean;
}

/** Whether the event only says where the player is: a later one makes an unsent earlier one useless. */
const isLocation = (event: PlayEvent) => event.type === 'location';

/**
 * The player's outbox: every event is written to the store first, then sent, one at a time and in order,
 * each with its clientEventId; it leaves the store only when the server has answered it. An event that
 * cannot reach the server stays (with the events after it) until `flush` is called again — on the
 * browser's `online` event, on a timer, or on the next event. A reload finds the same events in the
 * store and sends them with the same ids.
 *
 * Locations are coalesced: a location queued right after another unsent location replaces it (the engine
 * only needs where the player is now). A location is never moved past another kind of event, so an answer
 * given at a place is still sent after the location that brought the player there.
 */
export class EventQueue {
  private entries: QueuedEvent[] | null = null;
  private loading: Promise<QueuedEvent[]> | null = null;
  private flushing: Promise<void> | null = null;
  /** The entry being sent: never replaced by a newer location while in flight. */
  private inFlight: number | null = null;
  private status: QueueStatus = EMPTY_STATUS;
  private readonly newId: () => string;
  private readonly now: () => number;
  private readonly online: () => boolean;

  constructor(
    private readonly instanceId: string,
    private readonly options: EventQueueOptions,
  ) {
    this.newId = options.newId ?? (() => crypto.randomUUID());
    this.now = options.now ?? Date.now;
    this.online = options.online ?? (() => true);
  }

  private async load(): Promise<QueuedEvent[]> {
    if (this.entries) return this.entries;
    this.loading ??= this.options.store.list(this.instanceId).then((entries) => {
      this.entries ??= entries;
      return this.entries;
    });
    return this.loading;
  }

  private setStatus(change: Partial<QueueStatus>): void {
    const entries = this.entries ?? [];
    // The answer on its way leaves its dialog open (busy) until the server answers, as without a queue.
    const answering = entries.flatMap(({ seq, event }) =>
      'interactionId' in event && seq !== this.inFlight ? [event.interactionId] : [],
    );
    this.status = { ...this.status, waiting: entries.length, answering, ...change };
    this.options.onStatus(this.status);
  }

  getStatus(): QueueStatus {
    return this.status;
  }

  /** Keeps the event on the device, then tries to send what waits. */
  async enqueue(event: PlayEvent): Promise<void> {
    const entries = await this.load();
    const last = entries[entries.length - 1];
    const record = { instanceId: this.instanceId, clientEventId: this.newId(), event, queuedAt: this.now() };
    if (last && isLocation(event) && isLocation(last.event) && last.seq !== this.inFlight) {
      const replaced = { ...last, ...record };
      await this.options.store.put(replaced);
      entries[entries.length - 1] = replaced;
    } else {
      entries.push(await this.options.store.add(record));
    }
    this.setStatus({});
    await this.flush();
  }

  /** Sends the waiting events in order until one cannot reach the server; one flush at a time. */
  flush(): Promise<void> {
    this.flushing ??= this.drain().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async drain(): Promise<void> {
    const entries = await this.load();
    if (!entries.length) return this.setStatus({ sending: false });
    if (!this.online()) return this.setStatus({ offline: true, sending: false });
    while (entries.length) {
      const entry = entries[0]!;
      this.inFlight = entry.seq;
      this.setStatus({ sending: true });
      try {
        const answer = await this.options.send(
          this.instanceId,
          { ...entry.event, clientEventId: entry.clientEventId },
          AbortSignal.timeout(this.options.timeoutMs ?? EVENT_SEND_TIMEOUT_MS),
        );
        await this.drop(entries, entry);
        this.setStatus({ offline: false });
        this.options.onAnswer(entry, answer);
      } catch (error) {
        // No answer (offline, no answer in time) or the server in trouble (5xx, 429): the event and those after
        // it wait, and go again with the same ids.
        if (error instanceof NoResponseError || !(error instanceof ApiError) || isTransient(error)) {
          this.inFlight = null;
          if (error instanceof ApiError) this.options.onHeld?.(entry, error);
          return this.setStatus({ offline: error instanceof NoResponseError || !this.online(), sending: false });
        }
        await this.drop(entries, entry);
        this.options.onRefused(entry, error);
      } finally {
        this.inFlight = null;
      }
    }
    this.setStatus({ sending: false, offline: false });
  }

  private async drop(entries: QueuedEvent[], entry: QueuedEvent): Promise<void> {
    await this.options.store.remove(entry.seq);
    const at = entries.indexOf(entry);
    if (at >= 0) entries.splice(at, 1);
  }
}

function isTransient(error: ApiError): boolean {
  return error.status >= 500 || error.status === 429 || error.status === 408;
}
