import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryMailer, createTestApp, type TestApp } from '../test/app.js';

/** Statuses of `count` wrong logins, each claiming another client address in X-Forwarded-For. */
async function forgedLogins(t: TestApp, count: number, forwardedFor: (i: number) => string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'x-forwarded-for': forwardedFor(i) },
      payload: { email: 'someone@example.org', password: 'wrong-password' },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('#security trusted proxies', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('counts the real client address when no proxy is configured, whatever X-Forwarded-For claims', async () => {
    t = await createTestApp({ env: { LOCI_RATE_LIMIT: '10' }, mailer: createMemoryMailer() });
    const statuses = await forgedLogins(t, 40, (i) => `203.0.113.${i + 1}`);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
  });

  it.each(['127.0.0.1', '1'])(
    'believes X-Forwarded-For from a configured proxy (LOCI_TRUST_PROXY=%s)',
    async (trust) => {
      t = await createTestApp({
        env: { LOCI_RATE_LIMIT: '10', LOCI_TRUST_PROXY: trust },
        mailer: createMemoryMailer(),
      });
      // Forty clients behind the proxy, one attempt each: none is limited …
      expect((await forgedLogins(t, 40, (i) => `203.0.113.${i + 1}`)).filter((s) => s === 429)).toHaveLength(0);
      // … while one client behind it is, after its ten.
      expect((await forgedLogins(t, 12, () => '198.51.100.7')).filter((s) => s === 429)).toHaveLength(2);
    },
  );
});
