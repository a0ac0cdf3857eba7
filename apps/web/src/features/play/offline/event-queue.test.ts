import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { PlayAnswer, PlayEvent } from '../../../api/play';
import { ApiError, NoResponseError } from '../../../api/client';
import { EventQueue, type QueueStatus } from './event-queue';
import { idbQueueStore } from './idb-store';

const answer = (tag: string) => ({ outputs: [], view: { tag }, messages: [] }) as unknown as PlayAnswer;
let instanceSeq = 0;

/** A queue on the real IndexedDB code (fake-indexeddb), with a server that can be switched off. */
function setup(instanceId = `i${++instanceSeq}`) {
  const server = { up: true, refuse: new Set<string>(), received: [] as Array<PlayEvent & { clientEventId: string }> };
  const answered: PlayEvent[] = [];
  const refused: PlayEvent[] = [];
  const statuses: QueueStatus[] = [];
  let ids = 0;
  const make = () =>
    new EventQueue(instanceId, {
      store: idbQueueStore,
      send: async (_instance, body) => {
        if (!server.up) throw new NoResponseError('Failed to fetch');
        server.received.push(body);
        if (server.refuse.has(body.type)) throw new ApiError(409, 'Conflict', { message: 'No' });
        return answer(body.type);
      },
      onAnswer: (entry) => answered.push(entry.event),
      onRefused: (entry) => refused.push(entry.event),
      onStatus: (status) => statuses.push(status),
      newId: () => `${instanceId}-e${++ids}`,
    });
  return { server, answered, refused, statuses, make, last: () => statuses[statuses.length - 1]! };
}

const pick = (objectId: string): PlayEvent => ({ type: 'pick', objectId });

/** Like `fetch` on a request whose server process died: no answer ever, until the signal aborts the wait. */
const stranded = (signal: AbortSignal | undefined) =>
  new Promise<never>((_resolve, reject) =>
    signal?.addEventListener('abort', () => reject(new NoResponseError(String(signal.reason)))),
  );
const at = (latitude: number): PlayEvent => ({ type: 'location', latitude, longitude: 23.7 });

describe('EventQueue', () => {
  it('gives up on an answer that does not come in time and sends the event again with the same id', async () => {
    const sent: Array<PlayEvent & { clientEventId: string }> = [];
    const answered: PlayEvent[] = [];
    const statuses: QueueStatus[] = [];
    const queue = new EventQueue(`i${++instanceSeq}`, {
      store: idbQueueStore,
      timeoutMs: 50,
      // The first try reaches a process that dies with it; the second another process, which answers.
      send: async (_instance, body, signal) => {
        sent.push(body);
        return sent.length === 1 ? stranded(signal) : answer(body.type);
      },
      onAnswer: (entry) => answered.push(entry.event),
      onRefused: () => {},
      onStatus: (status) => statuses.push(status),
    });
    await queue.enqueue(pick('coin')); // resolves once the first try has given up
    expect(statuses[statuses.length - 1]).toMatchObject({ waiting: 1, sending: false });
    await queue.flush(); // the retry timer (useEventQueue)
    expect(sent).toHaveLength(2);
    expect(sent[1]!.clientEventId).toBe(sent[0]!.clientEventId);
    expect(answered).toEqual([pick('coin')]);
    expect(statuses[statuses.length - 1]).toMatchObject({ waiting: 0, sending: false });
  });

  it('sends each event once, in order, with its clientEventId, and empties the store', async () => {
    const { server, answered, make, last } = setup();
    const queue = make();
    await queue.enqueue(pick('a'));
    await queue.enqueue(pick('b'));
    expect(server.received.map((body) => [body.type, 'objectId' in body && body.objectId, body.clientEventId])).toEqual(
      [
        ['pick', 'a', expect.stringMatching(/-e1$/)],
        ['pick', 'b', expect.stringMatching(/-e2$/)],
      ],
    );
    expect(answered).toEqual([pick('a'), pick('b')]);
    expect(last()).toMatchObject({ waiting: 0, offline: false, sending: false });
  });

  it('keeps events made offline, counts them, and sends them in order, once each, when the network is back', async () => {
    const { server, answered, make, last } = setup();
    const queue = make();
    server.up = false;
    await queue.enqueue(pick('coin'));
    await queue.enqueue({ type: 'answer', interactionId: 'riddle', answer: 1 });
    await queue.enqueue(pick('lyre'));
    expect(last()).toMatchObject({ waiting: 3, offline: true, sending: false, answering: ['riddle'] });
    expect(server.received).toEqual([]);

    await queue.flush(); // still offline: nothing leaves, nothing is lost
    expect(last().waiting).toBe(3);

    server.up = true;
    await Promise.all([queue.flush(), queue.flush()]); // two triggers at once (online event and timer) send once
    expect(server.received.map((body) => body.type)).toEqual(['pick', 'answer', 'pick']);
    expect(new Set(server.received.map((body) => body.clientEventId)).size).toBe(3);
    expect(answered.map((event) => event.type)).toEqual(['pick', 'answer', 'pick']);
    expect(last()).toMatchObject({ waiting: 0, offline: false, answering: [] });
  });

  it('outlives the page: a new queue (after a reload) sends what the old one left, with the same ids', async () => {
    const first = setup('reloaded');
    first.server.up = false;
    const before = first.make();
    await before.enqueue(pick('a'));
    await before.enqueue(pick('b'));

    const after = setup('reloaded');
    await after.make().flush();
    expect(after.server.received.map((body) => body.clientEventId)).toEqual(['reloaded-e1', 'reloaded-e2']);
    expect(await idbQueueStore.list('reloaded')).toEqual([]);
  });

  it('coalesces consecutive unsent locations, but never moves one past another event', async () => {
    const { server, make, last } = setup();
    const queue = make();
    server.up = false;
    await queue.enqueue(at(37.1));
    await queue.enqueue(at(37.2));
    await queue.enqueue(pick('coin'));
    await queue.enqueue(at(37.3));
    await queue.enqueue(at(37.4));
    expect(last().waiting).toBe(3);
    server.up = true;
    await queue.flush();
    expect(server.received.map((body) => ('latitude' in body ? body.latitude : body.type))).toEqual([
      37.2,
      'pick',
      37.4,
    ]);
  });

  it('drops an event the server refuses (4xx) and goes on with the next', async () => {
    const { server, answered, refused, make, last } = setup();
    server.refuse.add('drop');
    const queue = make();
    server.up = false;
    await queue.enqueue({ type: 'drop', objectId: 'x' });
    await queue.enqueue(pick('y'));
    server.up = true;
    await queue.flush();
    expect(refused).toEqual([{ type: 'drop', objectId: 'x' }]);
    expect(answered).toEqual([pick('y')]);
    expect(last().waiting).toBe(0);
  });

  it('leaves the dialog of an answer on its way open, and closes it while the answer waits offline', async () => {
    const statuses: QueueStatus[] = [];
    let release: (() => void) | undefined;
    let online = true;
    const queue = new EventQueue(`i${++instanceSeq}`, {
      store: idbQueueStore,
      send: (_instance, body) => {
        if (!online) return Promise.reject(new NoResponseError('Failed to fetch'));
        return new Promise((resolve) => (release = () => resolve(answer(body.type))));
      },
      onAnswer: () => undefined,
      onRefused: () => undefined,
      onStatus: (status) => statuses.push(status),
    });
    const answering = queue.enqueue({ type: 'seen', interactionId: 'story' });
    await vi.waitFor(() => expect(release).toBeDefined());
    expect(statuses.at(-1)).toMatchObject({ sending: true, waiting: 1, answering: [] });
    release!();
    await answering;
    online = false;
    await queue.enqueue({ type: 'seen', interactionId: 'story' });
    expect(statuses.at(-1)).toMatchObject({ sending: false, offline: true, waiting: 1, answering: ['story'] });
  });

  it('keeps queues of different instances apart', async () => {
    const one = setup();
    const two = setup();
    one.server.up = false;
    await one.make().enqueue(pick('a'));
    await two.make().flush();
    expect(two.server.received).toEqual([]);
  });
});
