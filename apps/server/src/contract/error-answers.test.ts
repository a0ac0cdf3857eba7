import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryMailer, createTestApp, type TestApp } from '../test/app.js';
import { createUser } from '../test/factories.js';

describe('error answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ mailer: createMemoryMailer() });
  });
  afterAll(async () => t.close());

  it('say they are JSON, whichever part of the server refused', async () => {
    const designer = await createUser(t.app.ctx, { role: 'designer' });
    const player = await createUser(t.app.ctx);
    const answers = [
      // A service's refusal (AppError): 404, 403.
      await t.app.inject({ method: 'GET', url: `/api/design/games/${randomUUID()}`, headers: designer.headers }),
      await t.app.inject({ method: 'GET', url: '/api/design/games', headers: player.headers }),
      // A schema's refusal: 400.
      await t.app.inject({ method: 'POST', url: '/api/design/games', headers: designer.headers, payload: {} }),
      // Not signed in: 401; no such route: 404.
      await t.app.inject({ method: 'GET', url: '/api/design/games' }),
      await t.app.inject({ method: 'GET', url: '/api/nowhere' }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.headers['content-type'], `${res.statusCode} ${res.body}`).toBe('application/json; charset=utf-8');
      expect(res.json()).toHaveProperty('message');
    }
  });
});
