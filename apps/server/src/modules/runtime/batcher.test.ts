import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher.js';

/** A batcher whose batches finish when the test says: each run waits for `release()`. */
function gated() {
  const runs: number[][] = [];
  const releases: Array<() => void> = [];
  const batcher = new Batcher<number, number>({
    maxBatch: 4,
    inFlight: 1,
    keyOf: (n) => String(n % 10),
    run: (batch) => {
      runs.push(batch);
      return new Promise((resolve) => releases.push(() => resolve(batch.map((n) => n * 2))));
    },
  });
  return { batcher, runs, release: () => releases.shift()!() };
}

describe('Batcher', () => {
  it('sends a lone input at once, and what arrives meanwhile as the next batch', async () => {
    const { batcher, runs, release } = gated();
    const first = batcher.add(1);
    const rest = [batcher.add(2), batcher.add(3)];
    expect(runs).toEqual([[1]]);
    release();
    expect(await first).toBe(2);
    expect(runs).toEqual([[1], [2, 3]]);
    release();
    expect(await Promise.all(rest)).toEqual([4, 6]);
  });

  it("starts the next batch before the finished batch's callers continue", async () => {
    const { batcher, runs, release } = gated();
    const first = batcher.add(1);
    const second = batcher.add(2);
    const seen = first.then(() => runs.length);
    release();
    // When the first caller resumes, the statement of the batch that waited is already on its way.
    expect(await seen).toBe(2);
    release();
    expect(await second).toBe(4);
  });

  it('never puts two inputs of one key in one batch', async () => {
    const { batcher, runs, release } = gated();
    const all = [batcher.add(1), batcher.add(11), batcher.add(21), batcher.add(2)];
    expect(runs).toEqual([[1]]);
    release();
    await all[0];
    expect(runs[1]).toEqual([11, 2]);
    release();
    await all[1];
    expect(runs[2]).toEqual([21]);
    release();
    expect(await Promise.all(all)).toEqual([2, 22, 42, 4]);
  });

  it('runs a failed batch again input by input, so a failure is only its own', async () => {
    const runs: number[][] = [];
    const batcher = new Batcher<number, number | null>({
      maxBatch: 8,
      inFlight: 1,
      run: async (batch) => {
        runs.push(batch);
        if (batch.includes(3)) throw Object.assign(new Error('duplicate'), { code: '23505' });
        return batch;
      },
      failedAlone: () => null,
    });
    const hold = batcher.add(0);
    const results = Promise.all([batcher.add(1), batcher.add(3), batcher.add(5)]);
    await hold;
    expect(await results).toEqual([1, null, 5]);
    expect(runs).toEqual([[0], [1, 3, 5], [1], [3], [5]]);
  });
});
