import { describe, expect, it } from 'vitest';
import { withSafePublish } from './safe-publish.js';

describe('withSafePublish', () => {
  it('turns a failed publish into a logged error instead of an unhandled rejection', async () => {
    const failure = new Error('Command timed out');
    const client = {
      published: [] as string[],
      async publish(channel: string, message: string): Promise<number> {
        this.published.push(`${channel}:${message}`);
        throw failure;
      },
      duplicate() {
        return this.published.length;
      },
    };
    const errors: unknown[] = [];
    const safe = withSafePublish(client, (error) => errors.push(error));

    await expect(safe.publish('room', 'hello')).resolves.toBe(0);
    expect(errors).toEqual([failure]);
    // The call reached the real client, and its other methods still see it as `this`.
    expect(client.published).toEqual(['room:hello']);
    expect(safe.duplicate()).toBe(1);
  });

  it('passes a successful publish through', async () => {
    const client = { publish: async (_channel: string, _message: string) => 3 };
    const errors: unknown[] = [];
    await expect(withSafePublish(client, (error) => errors.push(error)).publish('room', 'x')).resolves.toBe(3);
    expect(errors).toEqual([]);
  });
});
