/**
 * Groups statements of the hot path of play (event-write.ts, the events'
 * reads and writes): what arrives while a batch is in flight waits for it and
 * then goes as the next batch, one statement (and, for a write, one commit)
 * for many. A lone input goes at once: nothing waits when nothing is in flight.
 */
export interface BatcherOptions<In, Out> {
  /** The most inputs in one batch. */
  maxBatch: number;
  /** Batches in flight at once. */
  inFlight: number;
  /** Inputs with the same key never share a batch (nor two batches in flight): the second waits for the next. */
  keyOf?: (input: In) => string;
  /** Runs one batch: one result per input, in the batch's order. */
  run: (batch: In[]) => Promise<Out[]>;
  /** What a lone input resolves to when its batch failed with `error`; rethrows for a failure of its own. */
  failedAlone?: (error: unknown) => Out;
  /** Where the batch sizes and time in flight are counted (default: the batcher's own; several may share one). */
  stats?: BatchStats;
}

/** How many batches of each size ran (size → batches), and their time in flight, summed (ms). */
export interface BatchStats {
  readonly sizes: Map<number, number>;
  busyMs: number;
}

interface Waiting<In, Out> {
  input: In;
  key: string | null;
  resolve: (out: Out) => void;
  reject: (error: unknown) => void;
}

export class Batcher<In, Out> {
  private waiting: Waiting<In, Out>[] = [];
  private inFlight = 0;
  private readonly keysInFlight = new Set<string>();
  /** The batch sizes and their time in flight (the tests and the bench read them). */
  readonly stats: BatchStats;

  constructor(private readonly options: BatcherOptions<In, Out>) {
    this.stats = options.stats ?? { sizes: new Map(), busyMs: 0 };
  }

  /** How many batches of each size ran: size → batches. */
  get sizes(): ReadonlyMap<number, number> {
    return this.stats.sizes;
  }

  /** The batches' time in flight, summed (ms): with `sizes`, the bench's measure of how busy the statement is. */
  get busyMs(): number {
    return this.stats.busyMs;
  }

  /** Nothing waits and nothing is in flight. */
  get idle(): boolean {
    return this.inFlight === 0 && this.waiting.length === 0;
  }

  /** Resolves with the input's result once the batch it went in has run. */
  add(input: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ input, key: this.options.keyOf?.(input) ?? null, resolve, reject });
      this.next();
    });
  }

  /** Starts a batch of what waits, if one may start. */
  private next(): void {
    if (this.inFlight >= this.options.inFlight || this.waiting.length === 0) return;
    const batch: Waiting<In, Out>[] = [];
    const later: Waiting<In, Out>[] = [];
    for (const waiting of this.waiting) {
      if (batch.length < this.options.maxBatch && (waiting.key === null || !this.keysInFlight.has(waiting.key))) {
        if (waiting.key !== null) this.keysInFlight.add(waiting.key);
        batch.push(waiting);
      } else later.push(waiting);
    }
    this.waiting = later;
    if (batch.length === 0) return;
    this.inFlight += 1;
    void this.runBatch(batch).then((settle) => {
      // The slot is freed and the next batch sent BEFORE this batch's callers continue: their continuations (each
      // event's answer, its pushes) run as microtasks ahead of anything queued after them, so resolving first would
      // hold the next statement back by the whole batch's work (bench/play: ~1 ms of a ~3 ms write round).
      this.inFlight -= 1;
      for (const waiting of batch) if (waiting.key !== null) this.keysInFlight.delete(waiting.key);
      this.next();
      settle();
    });
  }

  /** Runs one batch; resolves, never rejects, with what settles its inputs. */
  private async runBatch(batch: Waiting<In, Out>[]): Promise<() => void> {
    const { sizes } = this.stats;
    sizes.set(batch.length, (sizes.get(batch.length) ?? 0) + 1);
    let results: Out[];
    const started = performance.now();
    try {
      results = await this.options.run(batch.map((waiting) => waiting.input));
      this.stats.busyMs += performance.now() - started;
    } catch (error) {
      this.stats.busyMs += performance.now() - started;
      if (batch.length > 1) {
        // A failed statement did nothing: each input again on its own, so a failure is only ever its own.
        const settles: Array<() => void> = [];
        for (const waiting of batch) settles.push(await this.runBatch([waiting]));
        return () => settles.forEach((settle) => settle());
      }
      const waiting = batch[0]!;
      try {
        if (!this.options.failedAlone) throw error;
        const out = this.options.failedAlone(error);
        return () => waiting.resolve(out);
      } catch (own) {
        return () => waiting.reject(own);
      }
    }
    return () => batch.forEach((waiting, i) => waiting.resolve(results[i]!));
  }
}
