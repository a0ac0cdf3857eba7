import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, uniqueEmail } from '../../test/factories.js';

/** A real SMTP server on a free port, keeping every message it accepts, parsed. */
async function startSmtpServer() {
  const received: Email[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks)).then(
          (email) => {
            received.push(email);
            waiters.splice(0).forEach((wake) => wake());
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** The first message to `to`, waiting for it to arrive. */
    async mailTo(to: string, subject: RegExp): Promise<Email> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = received.find((m) => m.to?.some((a) => a.address === to) && subject.test(m.subject ?? ''));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The console link in a mail, checked to be the same in its text and HTML parts. */
function linkIn(email: Email, page: string): URL {
  const pattern = new RegExp(`https?://[^\\s"<]+/fe/${page}\\?[^\\s"<]+`);
  const fromText = email.text?.match(pattern)?.[0];
  const fromHtml = email.html?.match(pattern)?.[0]?.replaceAll('&amp;', '&');
  expect(fromText).toBeDefined();
  expect(fromHtml).toBe(fromText);
  return new URL(fromText!);
}

describe('#users mail through SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Loci <no-reply@loci.test>' } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('sign-up mails a confirmation link that, followed, confirms the account', async () => {
    const email = uniqueEmail('smtp');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { name: 'Mail Tester', email, password: 'longenough', password2: 'longenough' },
    });
    expect(res.statusCode).toBe(201);
    const mail = await smtp.mailTo(email, /Confirm/);
    expect(mail.from?.address).toBe('no-reply@loci.test');
    expect(mail.text).toContain('Hello Mail Tester');
    const link = linkIn(mail, 'confirmemail');
    expect(link.origin).toBe('http://loci.test');

    const before = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: 'longenough' },
    });
    expect(before.json().errorCode).toBe('PENDING_CONFIRMATION');
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/users/confirm',
      payload: { msg: link.searchParams.get('msg'), mac: link.searchParams.get('mac') },
    });
    expect(confirm.json()).toEqual({ result: 'CONFIRMATION_SUCCESS' });
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: 'longenough' },
    });
    expect(after.statusCode).toBe(200);
  });

  it('forgot-password mails a reset link that, followed, sets the new password once', async () => {
    const { user } = await createUser(t.app.ctx);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/users/forgot', payload: { email: user.email } })).json(),
    ).toEqual({
      success: true,
    });
    const link = linkIn(await smtp.mailTo(user.email, /Reset/), 'forgotchange');
    const payload = {
      p1: 'fresh-password',
      p2: 'fresh-password',
      msg: link.searchParams.get('msg'),
      mac: link.searchParams.get('mac'),
    };
    expect((await t.app.inject({ method: 'POST', url: '/api/users/forgotchange', payload })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/users/forgotchange', payload })).json().result).toBe(
      'VALIDATION_EXPIRED',
    );
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: 'fresh-password' },
    });
    expect(login.statusCode).toBe(200);
  });

  it("mails an admin's role decision with its reason", async () => {
    const admin = await createUser(t.app.ctx, { role: 'admin' });
    const { user } = await createUser(t.app.ctx, { roleRequest: { role: 'designer', date: new Date().toISOString() } });
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/role-requests',
      headers: admin.headers,
      payload: { email: user.email, action: 'approve', reason: 'Your portfolio is great' },
    });
    expect(res.statusCode).toBe(200);
    const mail = await smtp.mailTo(user.email, /approved/);
    expect(mail.text).toContain('Your portfolio is great');
  });
});
