import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryMailer, createTestApp, type TestApp } from '../test/app.js';
import { createUser, uniqueEmail } from '../test/factories.js';

describe('#security logs', () => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ mailer: createMemoryMailer(), logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(() => t.close());

  it('logs a failed sign-up without the password, its hash, the email or the Authorization header', async () => {
    const { token } = await createUser(t.app.ctx);
    // Any statement error would do; a refusing check makes the insert of a new account fail in the database.
    await t.app.ctx.db.execute(sql`alter table users add constraint refuse_new_users check (false) not valid`);
    const email = uniqueEmail('logged');
    const password = 'a-secret-password';
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/register',
        headers: { authorization: `Bearer ${token}` },
        payload: { name: 'Logged Person', email, password, password2: password },
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.app.ctx.db.execute(sql`alter table users drop constraint refuse_new_users`);
    }
    const log = lines.join('');
    expect(log).toContain('unhandled error');
    expect(log).toContain('refuse_new_users');
    expect(log).not.toContain('$argon2');
    expect(log).not.toContain(password);
    expect(log).not.toContain(email);
    expect(log).not.toContain(token);
  });
});
