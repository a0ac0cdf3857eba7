import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openPglite } from '../../db/client.js';
import { dueTimers, playerMessages } from '../../db/schema.js';
import { createTestApp } from '../../test/app.js';
import { createTestDatabase, postgresAvailable } from '../../test/database.js';
import { createUser } from '../../test/factories.js';
import { createInstance } from '../../test/instance-factories.js';
import { createPlayableGame } from '../../test/play-factories.js';
import { scheduleMessage } from './scheduled-messages.js';

const MINUTE = 60_000;

/** A scheduled message is sent once: after a restart that happened while it came due, and by two processes at once. */
describe('a scheduled message across a restart (PGlite on disk)', () => {
  it('is sent once at the first poll after the start when it came due while the server was down', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'loci-scheduled-'));
    try {
      const first = await createTestApp({ database: await openPglite(dir) });
      const owner = await createUser(first.app.ctx, { role: 'designer' });
      const game = await createPlayableGame(first.app, owner);
      const player = await createUser(first.app.ctx);
      const { instance } = await createInstance(first.app.ctx, { gameId: game.gameId, players: [player] });
      await scheduleMessage(first.app.ctx, owner.user, instance.id, { message: 'Back by noon', afterMinutes: 5 });
      const startedAt = first.clock.now.getTime();
      await first.close();

      const second = await createTestApp({ database: await openPglite(dir) });
      try {
        second.clock.now = new Date(startedAt + 30 * MINUTE);
        expect(await second.app.clock.runOnce()).toBe(1);
        expect(await second.app.clock.runOnce()).toBe(0);
        const stored = await second.app.ctx.db
          .select()
          .from(playerMessages)
          .where(eq(playerMessages.instanceId, instance.id));
        expect(stored.map((row) => row.message)).toEqual(['Back by noon']);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe.runIf(postgresAvailable())('scheduled messages on PostgreSQL with two server processes', () => {
  it('sends each due message exactly once when both schedulers run at once', async () => {
    const database = await createTestDatabase('postgresql');
    const { openPostgres } = await import('../../db/client.js');
    const one = await createTestApp({ database });
    const two = await createTestApp({ database: await openPostgres(database.url!) });
    try {
      const owner = await createUser(one.app.ctx, { role: 'designer' });
      const game = await createPlayableGame(one.app, owner);
      const instances: string[] = [];
      for (let i = 0; i < 10; i++) {
        const player = await createUser(one.app.ctx);
        const { instance } = await createInstance(one.app.ctx, { gameId: game.gameId, players: [player] });
        await scheduleMessage(one.app.ctx, owner.user, instance.id, { message: `Hello ${i}`, afterMinutes: 1 });
        instances.push(instance.id);
      }
      const later = new Date(one.clock.now.getTime() + 2 * MINUTE);
      one.clock.now = later;
      two.clock.now = later;
      const [a, b] = await Promise.all([one.app.clock.runOnce(), two.app.clock.runOnce()]);
      expect(a + b).toBe(10);
      for (const instanceId of instances) {
        const stored = await one.app.ctx.db
          .select()
          .from(playerMessages)
          .where(eq(playerMessages.instanceId, instanceId));
        expect(stored).toHaveLength(1);
      }
      expect(await one.app.ctx.db.select().from(dueTimers)).toEqual([]);
    } finally {
      await two.close();
      await one.close();
    }
  });
});
