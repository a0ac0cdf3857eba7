import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The process's Prometheus metrics (prom-client): what docs/deployment.md "Metrics" lists. */
export interface Metrics {
  registry: Registry;
  /** Every API answer by its route's template (`/api/play/instances/:instanceId/events` counts the events). */
  requests: Histogram<'method' | 'route' | 'status'>;
  /** Every error answer by its code (`RATE_LIMITED`, `TOO_MANY_EVENTS`, `SERVICE_UNAVAILABLE`, `INTERNAL`…). */
  errors: Counter<'code'>;
  /** Pushes made by this process, by event (each reaches every socket of its room, on any process). */
  pushes: Counter<'event'>;
  /** Socket handshakes refused, by why (`RATE_LIMITED`, `UNAUTHENTICATED`, `SERVICE_UNAVAILABLE`, `OUTDATED_CLIENT`). */
  socketRefusals: Counter<'code'>;
  /** The game clock (issue 28): how late each due timer fired, from its due time to its tick's commit. */
  clockLateness: Histogram;
  /** Players' events that ran on the locking path (runtime/player-event.ts), by why (`LockedReason`). */
  lockedEvents: Counter<'reason'>;
  /** What the scrape reads from the process as it is then (set by the parts that know it). */
  readers: MetricReaders;
}

/** Where the scrape reads what is counted elsewhere: the open sockets, the database pool, the grouped statements. */
export interface MetricReaders {
  sockets: () => number;
  pool: () => { total: number; idle: number; waiting: number } | null;
  batches: () => { reads: Record<number, number>; writes: Record<number, number> } | null;
}

/** Seconds: a player's event takes a few milliseconds; a start or an upload up to seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10];
/** Seconds: a timer fires within one poll of the scheduler (LOCI_CLOCK_POLL_MS, 0.5 s) when nothing holds it up. */
const LATENESS_BUCKETS = [0.05, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 5, 10, 30, 60];

/**
 * A registry of its own for each app (tests build several in one process), with the product's metrics; with
 * `processMetrics`, prom-client's own (CPU, memory, event loop lag, GC) too.
 */
export function createMetrics(options: { processMetrics: boolean }): Metrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'loci_' });
  // Per-process figures keep the worker's number, so that the cluster's sum keeps them apart.
  const worker = cluster.isWorker ? String(cluster.worker?.id ?? 0) : '0';
  const readers: MetricReaders = { sockets: () => 0, pool: () => null, batches: () => null };
  const registers = [registry];
  new Gauge({
    name: 'loci_sockets',
    help: 'Open Socket.IO connections of this server process',
    labelNames: ['worker'],
    registers,
    collect() {
      this.set({ worker }, readers.sockets());
    },
  });
  new Gauge({
    name: 'loci_db_pool_connections',
    help: 'PostgreSQL connections of this process: total, idle, and queries waiting for one (waiting > 0 for long: raise DATABASE_POOL_SIZE)',
    labelNames: ['worker', 'state'],
    registers,
    collect() {
      const pool = readers.pool();
      if (!pool) return;
      this.set({ worker, state: 'total' }, pool.total);
      this.set({ worker, state: 'idle' }, pool.idle);
      this.set({ worker, state: 'waiting' }, pool.waiting);
    },
  });
  // The events' reads and writes are grouped into one statement each (runtime/batcher.ts): how many statements
  // ran and how many events they carried; their ratio is the mean batch size.
  const batchTotals = (kind: 'reads' | 'writes', weight: (size: number, count: number) => number) => {
    const sizes = readers.batches()?.[kind] ?? {};
    return Object.entries(sizes).reduce((sum, [size, count]) => sum + weight(Number(size), count), 0);
  };
  const batchCounter = (name: string, help: string, weight: (size: number, count: number) => number) =>
    new Counter({
      name,
      help,
      labelNames: ['kind'],
      registers,
      collect() {
        this.reset();
        this.inc({ kind: 'read' }, batchTotals('reads', weight));
        this.inc({ kind: 'write' }, batchTotals('writes', weight));
      },
    });
  batchCounter(
    'loci_event_statements_total',
    'Grouped statements of the players’ events (kind: read or write)',
    (_size, count) => count,
  );
  batchCounter(
    'loci_event_statement_events_total',
    'Players’ events carried by the grouped statements (÷ loci_event_statements_total = mean batch size)',
    (size, count) => size * count,
  );
  return {
    registry,
    readers,
    requests: new Histogram({
      name: 'loci_http_request_duration_seconds',
      help: 'API answers by route template, method and status, and how long they took',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    errors: new Counter({
      name: 'loci_errors_total',
      help: 'Error answers by error code',
      labelNames: ['code'],
      registers,
    }),
    pushes: new Counter({
      name: 'loci_pushes_total',
      help: 'Realtime pushes made by this process, by event',
      labelNames: ['event'],
      registers,
    }),
    socketRefusals: new Counter({
      name: 'loci_socket_refusals_total',
      help: 'Socket.IO handshakes refused, by code',
      labelNames: ['code'],
      registers,
    }),
    lockedEvents: new Counter({
      name: 'loci_play_locked_events_total',
      help: 'Players’ events that took the instance’s row lock instead of the conditional write, by reason: world (changed the shared world), status (may end a shared instance), conflicts (kept meeting newer writes), chat, submission, language',
      labelNames: ['reason'],
      registers,
    }),
    clockLateness: new Histogram({
      name: 'loci_clock_lateness_seconds',
      help: 'The game clock: how late each due timer (time limits, named timers, timed rules, scheduled messages) fired, from its due time to the commit of its tick',
      buckets: LATENESS_BUCKETS,
      registers,
    }),
  };
}

/** Asks between a worker and the primary: a worker's scrape wants every worker's metrics, summed. */
const ASK = 'loci:metrics';
const ASK_TIMEOUT_MS = 5000;

/**
 * The text a scrape answers: this process's metrics, or — in a worker of a cluster — every worker's, summed by
 * prom-client's AggregatorRegistry in the primary (`answerClusterMetrics`).
 */
export async function scrapeMetrics(metrics: Metrics): Promise<{ contentType: string; text: string }> {
  if (!cluster.isWorker || !process.send)
    return { contentType: metrics.registry.contentType, text: await metrics.registry.metrics() };
  const id = randomUUID();
  const text = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', listener);
      reject(new Error('the primary did not answer the metrics request'));
    }, ASK_TIMEOUT_MS);
    const listener = (message: unknown) => {
      const answer = message as { type?: unknown; id?: unknown; text?: unknown; error?: unknown };
      if (answer?.type !== ASK || answer.id !== id) return;
      clearTimeout(timer);
      process.off('message', listener);
      if (typeof answer.text === 'string') resolve(answer.text);
      else reject(new Error(String(answer.error)));
    };
    process.on('message', listener);
    process.send!({ type: ASK, id });
  });
  return { contentType: metrics.registry.contentType, text };
}

/** In a worker: hands this process's registry to prom-client's cluster protocol (the primary asks each worker). */
export function shareWithCluster(metrics: Metrics): void {
  if (!cluster.isWorker) return;
  // The constructor is what installs prom-client's answering listener, in a worker as in the primary.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([metrics.registry]);
}

/** In the primary: answers a worker's scrape with every worker's metrics (counters and gauges summed). */
export function answerClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    const ask = message as { type?: unknown; id?: unknown };
    if (ask?.type !== ASK) return;
    aggregator
      .clusterMetrics()
      .then((text) => worker.send({ type: ASK, id: ask.id, text }))
      .catch((error: unknown) => worker.send({ type: ASK, id: ask.id, error: String(error) }));
  });
}
