import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FORM_ERROR_MESSAGE, tokenClaimsSchema, USER_MESSAGES } from '@loci/domain';
import { users } from '../../db/schema.js';
import { createMemoryMailer, createTestApp, lastLink, type TestApp } from '../../test/app.js';
import { authHeaders, createUser, DEFAULT_PASSWORD, uniqueEmail } from '../../test/factories.js';

const HOUR = 60 * 60 * 1000;

describe('auth', () => {
  let t: TestApp;
  const mailer = createMemoryMailer();
  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });

  beforeAll(async () => {
    t = await createTestApp({ mailer });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    mailer.sent.length = 0;
  });

  describe('#users.register', () => {
    it('creates an unconfirmed player, answers 201 without any hash and mails a 48-hour link', async () => {
      const email = uniqueEmail('reg');
      const res = await post('/api/users/register', {
        name: ' Ada ',
        email: email.toUpperCase(),
        password: 'longenough',
        password2: 'longenough',
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({
        success: true,
        user: { name: 'Ada', email, role: 'player', confirmed: false, roleRequest: null },
      });
      expect(res.body).not.toMatch(/argon2|passwordHash|password_hash|credentials/i);
      const [row] = await t.app.ctx.db.select().from(users).where(eq(users.email, email));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      const link = lastLink(mailer, email);
      expect(link.url.origin + link.url.pathname).toBe('http://loci.test/fe/confirmemail');
      expect(mailer.sent.at(-1)?.subject).toMatch(/Loci/);
      expect(mailer.sent.at(-1)?.html).toContain('href="http://loci.test/fe/confirmemail?msg=');
    });

    it('refuses a taken email with 400 errors.email, whatever its case', async () => {
      const { user } = await createUser(t.app.ctx);
      const res = await post('/api/users/register', {
        name: 'B',
        email: user.email.toUpperCase(),
        password: 'longenough',
        password2: 'longenough',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: FORM_ERROR_MESSAGE, errors: { email: USER_MESSAGES.emailTaken } });
    });

    it.each([
      [
        'name',
        { name: '', email: 'a@b.test', password: 'longenough', password2: 'longenough' },
        USER_MESSAGES.nameRequired,
      ],
      ['email', { name: 'A', email: '', password: 'longenough', password2: 'longenough' }, USER_MESSAGES.emailRequired],
      [
        'email',
        { name: 'A', email: 'not-an-email', password: 'longenough', password2: 'longenough' },
        USER_MESSAGES.emailInvalid,
      ],
      [
        'password',
        { name: 'A', email: 'a@b.test', password: 'short', password2: 'short' },
        USER_MESSAGES.passwordTooShort,
      ],
      ['password', { name: 'A', email: 'a@b.test', password2: 'longenough' }, USER_MESSAGES.passwordRequired],
      [
        'password2',
        { name: 'A', email: 'a@b.test', password: 'longenough', password2: 'different1' },
        USER_MESSAGES.passwordsMustMatch,
      ],
      [
        'password2',
        { name: 'A', email: 'a@b.test', password: 'longenough', password2: '' },
        USER_MESSAGES.password2Required,
      ],
    ])('answers 400 with errors.%s and stores nothing', async (field, payload, message) => {
      const before = await t.app.ctx.db.$count(users);
      const res = await post('/api/users/register', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
      expect(await t.app.ctx.db.$count(users)).toBe(before);
    });

    it('keeps the account when the mail cannot be sent', async () => {
      const failing = await createTestApp({
        mailer: { send: () => Promise.reject(new Error('smtp down')), close: () => {} },
      });
      try {
        const email = uniqueEmail('nomail');
        const res = await failing.app.inject({
          method: 'POST',
          url: '/api/users/register',
          payload: { name: 'N', email, password: 'longenough', password2: 'longenough' },
        });
        expect(res.statusCode).toBe(201);
        expect(await failing.app.ctx.db.$count(users, eq(users.email, email))).toBe(1);
        const resend = await failing.app.inject({ method: 'POST', url: '/api/users/resend', payload: { email } });
        expect(resend.statusCode).toBe(500);
        expect(resend.json()).toMatchObject({ success: false, message: USER_MESSAGES.mailFailed });
      } finally {
        await failing.close();
      }
    });
  });

  describe('#users.login', () => {
    it('answers a token whose claims name the user', async () => {
      const { user } = await createUser(t.app.ctx, { role: 'designer' });
      const res = await post('/api/users/login', { email: user.email, password: DEFAULT_PASSWORD });
      expect(res.statusCode).toBe(200);
      const { success, token } = res.json();
      expect(success).toBe(true);
      const claims = tokenClaimsSchema.parse(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()));
      expect(claims).toMatchObject({ id: user.id, email: user.email, role: 'designer', name: user.name });
      const account = await t.app.inject({ method: 'GET', url: '/api/users/account', headers: authHeaders(token) });
      expect(account.json().user.id).toBe(user.id);
    });

    it('answers 400 errors.email and errors.password when missing or invalid', async () => {
      const res = await post('/api/users/login', { email: 'nope' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({
        email: USER_MESSAGES.emailInvalid,
        password: USER_MESSAGES.passwordRequired,
      });
      const empty = await post('/api/users/login', { email: '', password: '' });
      expect(empty.json().errors).toEqual({
        email: USER_MESSAGES.emailRequired,
        password: USER_MESSAGES.passwordRequired,
      });
    });

    it('answers 404 errors.emailnotfound for an unknown email', async () => {
      const res = await post('/api/users/login', { email: uniqueEmail('ghost'), password: 'whatever1' });
      expect(res.statusCode).toBe(404);
      expect(res.json().errors).toEqual({ emailnotfound: 'Email not found' });
    });

    it('answers 400 errors.passwordincorrect for a wrong password, even on an unconfirmed account', async () => {
      const { user } = await createUser(t.app.ctx, { confirmed: false });
      const res = await post('/api/users/login', { email: user.email, password: 'wrong-password' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ passwordincorrect: 'Password incorrect' });
      expect(res.json().errorCode).toBeUndefined();
    });

    it('answers 403 PENDING_CONFIRMATION for a right password on an unconfirmed account', async () => {
      const { user } = await createUser(t.app.ctx, { confirmed: false });
      const res = await post('/api/users/login', { email: user.email, password: DEFAULT_PASSWORD });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ errorCode: 'PENDING_CONFIRMATION', message: USER_MESSAGES.pendingConfirmation });
    });

    it('tells a social-only account to use its provider', async () => {
      const { user } = await createUser(t.app.ctx, { password: null, googleId: 'g-only' });
      const res = await post('/api/users/login', { email: user.email, password: 'anything1' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ passwordincorrect: USER_MESSAGES.socialOnly });
    });
  });

  describe('#users.confirm', () => {
    async function registerAndGetLink() {
      const email = uniqueEmail('confirm');
      await post('/api/users/register', { name: 'C', email, password: 'longenough', password2: 'longenough' });
      return { email, ...lastLink(mailer, email) };
    }

    it('confirms the account from its link, twice over, and login then works', async () => {
      const { email, msg, mac } = await registerAndGetLink();
      for (let i = 0; i < 2; i++) {
        const res = await post('/api/users/confirm', { msg, mac });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ result: 'CONFIRMATION_SUCCESS' });
      }
      const login = await post('/api/users/login', { email, password: 'longenough' });
      expect(login.statusCode).toBe(200);
    });

    it('answers VALIDATION_FAILED for a tampered mac or msg', async () => {
      const { msg, mac } = await registerAndGetLink();
      const flipped = (mac[0] === 'A' ? 'B' : 'A') + mac.slice(1);
      expect((await post('/api/users/confirm', { msg, mac: flipped })).json()).toEqual({ result: 'VALIDATION_FAILED' });
      const forged = Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(msg, 'base64url').toString()), exp: 9e9 }),
      ).toString('base64url');
      expect((await post('/api/users/confirm', { msg: forged, mac })).json()).toEqual({ result: 'VALIDATION_FAILED' });
    });

    it('answers VALIDATION_EXPIRED after 48 hours', async () => {
      const { msg, mac } = await registerAndGetLink();
      t.clock.advance(48 * HOUR + 1000);
      expect((await post('/api/users/confirm', { msg, mac })).json()).toEqual({ result: 'VALIDATION_EXPIRED' });
    });

    it('does not accept a password-reset link as a confirmation link', async () => {
      const { user } = await createUser(t.app.ctx, { confirmed: false });
      await post('/api/users/forgot', { email: user.email });
      const { msg, mac } = lastLink(mailer, user.email);
      expect((await post('/api/users/confirm', { msg, mac })).json()).toEqual({ result: 'VALIDATION_FAILED' });
    });

    it('answers 400 with field errors when msg or mac is missing', async () => {
      const res = await post('/api/users/confirm', { msg: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ mac: USER_MESSAGES.linkInvalid });
    });
  });

  describe('#users.resend', () => {
    it('mails a new confirmation link that works', async () => {
      const { user } = await createUser(t.app.ctx, { confirmed: false });
      const res = await post('/api/users/resend', { email: user.email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      const { msg, mac } = lastLink(mailer, user.email);
      expect((await post('/api/users/confirm', { msg, mac })).json().result).toBe('CONFIRMATION_SUCCESS');
    });

    it('answers 404 errors.emailnotfound for an unknown email', async () => {
      const res = await post('/api/users/resend', { email: uniqueEmail('ghost') });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        success: false,
        message: 'Email not found',
        errors: { emailnotfound: 'Email not found' },
      });
    });

    it('answers 409 errors.email for an account already confirmed', async () => {
      const { user } = await createUser(t.app.ctx);
      const res = await post('/api/users/resend', { email: user.email });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, errors: { email: USER_MESSAGES.alreadyConfirmed } });
      expect(mailer.sent).toHaveLength(0);
    });

    it('answers 400 errors.email for a missing email', async () => {
      const res = await post('/api/users/resend', {});
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ email: USER_MESSAGES.emailRequired });
    });
  });

  describe('#users.forgot and #users.forgotchange', () => {
    async function resetLink(email: string) {
      const res = await post('/api/users/forgot', { email });
      expect(res.json()).toEqual({ success: true });
      return lastLink(mailer, email);
    }

    it('mails a one-hour link to /fe/forgotchange that sets the password and confirms the email', async () => {
      const { user } = await createUser(t.app.ctx, { confirmed: false });
      const { url, msg, mac } = await resetLink(user.email);
      expect(url.origin + url.pathname).toBe('http://loci.test/fe/forgotchange');
      const res = await post('/api/users/forgotchange', { p1: 'brand-new-pass', p2: 'brand-new-pass', msg, mac });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect((await post('/api/users/login', { email: user.email, password: DEFAULT_PASSWORD })).statusCode).toBe(400);
      expect((await post('/api/users/login', { email: user.email, password: 'brand-new-pass' })).statusCode).toBe(200);
    });

    it('refuses a link used twice', async () => {
      const { user } = await createUser(t.app.ctx);
      const { msg, mac } = await resetLink(user.email);
      expect(
        (await post('/api/users/forgotchange', { p1: 'first-new-pass', p2: 'first-new-pass', msg, mac })).statusCode,
      ).toBe(200);
      const again = await post('/api/users/forgotchange', { p1: 'second-new-pass', p2: 'second-new-pass', msg, mac });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        success: false,
        result: 'VALIDATION_EXPIRED',
        message: USER_MESSAGES.resetLinkExpired,
      });
      expect((await post('/api/users/login', { email: user.email, password: 'first-new-pass' })).statusCode).toBe(200);
    });

    it('refuses an older link once a newer one was used', async () => {
      const { user } = await createUser(t.app.ctx);
      const older = await resetLink(user.email);
      const newer = await resetLink(user.email);
      expect(
        (await post('/api/users/forgotchange', { p1: 'newer-pass-1', p2: 'newer-pass-1', ...newer })).statusCode,
      ).toBe(200);
      const res = await post('/api/users/forgotchange', {
        p1: 'older-pass-1',
        p2: 'older-pass-1',
        msg: older.msg,
        mac: older.mac,
      });
      expect(res.json().result).toBe('VALIDATION_EXPIRED');
    });

    it('answers VALIDATION_EXPIRED after one hour', async () => {
      const { user } = await createUser(t.app.ctx);
      const { msg, mac } = await resetLink(user.email);
      t.clock.advance(HOUR + 1000);
      const res = await post('/api/users/forgotchange', { p1: 'late-password', p2: 'late-password', msg, mac });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        result: 'VALIDATION_EXPIRED',
        message: USER_MESSAGES.resetLinkExpired,
      });
    });

    it('answers VALIDATION_FAILED for a tampered mac', async () => {
      const { user } = await createUser(t.app.ctx);
      const { msg } = await resetLink(user.email);
      const res = await post('/api/users/forgotchange', {
        p1: 'some-password',
        p2: 'some-password',
        msg,
        mac: 'forged',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        result: 'VALIDATION_FAILED',
        message: USER_MESSAGES.resetLinkInvalid,
      });
    });

    it('answers 400 errors.p1 and errors.p2 and keeps the link usable', async () => {
      const { user } = await createUser(t.app.ctx);
      const { msg, mac } = await resetLink(user.email);
      const short = await post('/api/users/forgotchange', { p1: 'short', p2: 'short', msg, mac });
      expect(short.statusCode).toBe(400);
      expect(short.json().errors).toEqual({ p1: USER_MESSAGES.passwordTooShort });
      const mismatch = await post('/api/users/forgotchange', { p1: 'longenough', p2: 'longenougH', msg, mac });
      expect(mismatch.json().errors).toEqual({ p2: USER_MESSAGES.passwordsMustMatch });
      expect((await post('/api/users/forgotchange', { p1: 'longenough', p2: 'longenough', msg, mac })).statusCode).toBe(
        200,
      );
    });

    it('answers 404 errors.emailnotfound for an unknown email', async () => {
      const res = await post('/api/users/forgot', { email: uniqueEmail('ghost') });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, errors: { emailnotfound: 'Email not found' } });
    });

    it('lets a social-only account set a password', async () => {
      const { user } = await createUser(t.app.ctx, { password: null, facebookId: 'fb-reset' });
      const { msg, mac } = await resetLink(user.email);
      expect(
        (await post('/api/users/forgotchange', { p1: 'now-i-have-one', p2: 'now-i-have-one', msg, mac })).statusCode,
      ).toBe(200);
      expect((await post('/api/users/login', { email: user.email, password: 'now-i-have-one' })).statusCode).toBe(200);
    });
  });

  describe('#users.providers', () => {
    it('lists no provider when none is configured', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/users/providers' });
      expect(res.json()).toEqual({ google: false, facebook: false });
    });

    it('answers 404 JSON on an unconfigured provider', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/users/facebookauth' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(USER_MESSAGES.providerNotConfigured);
    });
  });

  describe('#users.jwtAsBody', () => {
    it('hands over a valid token from the cookie and clears the cookie', async () => {
      const { token } = await createUser(t.app.ctx);
      const res = await t.app.inject({ method: 'GET', url: '/api/users/jwtAsBody', cookies: { jwtfromsocial: token } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ jwtToken: token });
      const cleared = res.cookies.find((c) => c.name === 'jwtfromsocial');
      expect(cleared?.value).toBe('');
    });

    it('answers 401 without the cookie or with a forged one', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/users/jwtAsBody' })).statusCode).toBe(401);
      const forged = await t.app.inject({
        method: 'GET',
        url: '/api/users/jwtAsBody',
        cookies: { jwtfromsocial: 'a.b.c' },
      });
      expect(forged.statusCode).toBe(401);
    });
  });

  it('lists every account route in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      'register',
      'login',
      'confirm',
      'resend',
      'forgot',
      'forgotchange',
      'account',
      'account/roleRequest',
      'jwtAsBody',
      'providers',
      'googleauth',
      'googleauth/callback',
    ]) {
      expect(paths).toContain(`/api/users/${path}`);
    }
    expect(paths).toEqual(expect.arrayContaining(['/api/admin/role-requests', '/api/admin/dashboard-stats']));
  });
});

describe('#users rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOCI_RATE_LIMIT: '3' }, mailer: createMemoryMailer() });
  });
  afterAll(() => t.close());

  it.each(['login', 'register', 'forgot', 'resend'])('answers 429 on the fourth %s within a minute', async (route) => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({ method: 'POST', url: `/api/users/${route}`, payload: { email: 'x' } });
      statuses.push(res.statusCode);
      if (i === 3) expect(res.json()).toMatchObject({ message: USER_MESSAGES.tooManyRequests });
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it('does not limit the account routes', async () => {
    const { headers } = await createUser(t.app.ctx);
    for (let i = 0; i < 5; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/api/users/account', headers })).statusCode).toBe(200);
    }
  });
});
