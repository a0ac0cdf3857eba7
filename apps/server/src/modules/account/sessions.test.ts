import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { Socket } from 'socket.io-client';
import { REALTIME_MESSAGES, SOCKET_EVENTS, USER_MESSAGES } from '@loci/domain';
import { users } from '../../db/schema.js';
import { createMemoryMailer, createTestApp, lastLink, type TestApp } from '../../test/app.js';
import { authHeaders, createUser, DEFAULT_PASSWORD, type TestUser } from '../../test/factories.js';
import { connectSocket, nextEvent, silence } from '../../test/sockets.js';

/** Resolves with the reason once the server closes `socket`. */
const closedByServer = (socket: Socket, ms = 3000) => nextEvent<string>(socket, 'disconnect', ms);

describe('sessions', () => {
  let t: TestApp;
  const mailer = createMemoryMailer();
  const sockets: Socket[] = [];
  const open = async (token: string) => {
    const socket = await connectSocket(t, token);
    sockets.push(socket);
    return socket;
  };
  const account = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/users/account', headers: authHeaders(token) });
  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: token ? authHeaders(token) : {} });
  const login = async (email: string, password: string) => {
    const res = await post('/api/users/login', { email, password });
    expect(res.statusCode).toBe(200);
    return res.json().token as string;
  };

  beforeAll(async () => {
    t = await createTestApp({ listen: true, mailer });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  describe('#users.account.signOutEverywhere', () => {
    it('revokes every token and closes every socket; the device that asked gets a fresh token', async () => {
      const dana = await createUser(t.app.ctx, { name: 'Dana' });
      const phone = await login(dana.user.email, DEFAULT_PASSWORD);
      const [consoleSocket, phoneSocket] = [await open(dana.token), await open(phone)];
      const closed = Promise.all([closedByServer(consoleSocket), closedByServer(phoneSocket)]);

      const res = await post('/api/users/account/signOutEverywhere', {}, dana.token);
      expect(res.statusCode).toBe(200);
      const { success, token } = res.json();
      expect(success).toBe(true);

      expect(await closed).toEqual(['io server disconnect', 'io server disconnect']);
      for (const old of [dana.token, phone]) {
        expect((await account(old)).statusCode).toBe(401);
        await expect(connectSocket(t, old)).rejects.toThrow(REALTIME_MESSAGES.badToken);
      }
      expect((await account(token)).json().user.id).toBe(dana.user.id);
      expect((await open(token)).connected).toBe(true);
    });

    it('needs a signed-in caller', async () => {
      expect((await post('/api/users/account/signOutEverywhere', {})).statusCode).toBe(401);
    });
  });

  describe('#users.account.password', () => {
    const change = (user: TestUser, body: object) => post('/api/users/account/password', body, user.token);

    it('changes the password given the current one, and signs out every other device', async () => {
      const erin = await createUser(t.app.ctx);
      const laptop = await login(erin.user.email, DEFAULT_PASSWORD);
      const laptopSocket = await open(laptop);
      const closed = closedByServer(laptopSocket);

      const res = await change(erin, { currentPassword: DEFAULT_PASSWORD, newPassword: 'a brand new one' });
      expect(res.statusCode).toBe(200);
      expect(await closed).toBe('io server disconnect');
      expect((await account(laptop)).statusCode).toBe(401);
      expect((await account(erin.token)).statusCode).toBe(401);
      expect((await account(res.json().token)).statusCode).toBe(200);
      await login(erin.user.email, 'a brand new one');
      expect((await post('/api/users/login', { email: erin.user.email, password: DEFAULT_PASSWORD })).statusCode).toBe(
        400,
      );
    });

    it('refuses a wrong current password, a short new one and an account without a password', async () => {
      const fay = await createUser(t.app.ctx);
      const wrong = await change(fay, { currentPassword: 'not my password', newPassword: 'a brand new one' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toEqual({ currentPassword: USER_MESSAGES.passwordIncorrect });
      const short = await change(fay, { currentPassword: DEFAULT_PASSWORD, newPassword: 'short' });
      expect(short.statusCode).toBe(400);
      expect(short.json().errors).toEqual({ newPassword: USER_MESSAGES.passwordTooShort });
      // Nothing changed: the token still works.
      expect((await account(fay.token)).statusCode).toBe(200);

      const social = await createUser(t.app.ctx, { password: null, googleId: 'g-fay' });
      const none = await change(social, { currentPassword: 'anything', newPassword: 'a brand new one' });
      expect(none.statusCode).toBe(400);
      expect(none.json().errors).toEqual({ currentPassword: USER_MESSAGES.noPasswordYet });
    });
  });

  it('a token issued before a password reset stops working, on the API and the socket', async () => {
    const gus = await createUser(t.app.ctx);
    const socket = await open(gus.token);
    const closed = closedByServer(socket);
    expect((await post('/api/users/forgot', { email: gus.user.email })).statusCode).toBe(200);
    const { msg, mac } = lastLink(mailer, gus.user.email);
    expect(
      (await post('/api/users/forgotchange', { p1: 'reset password', p2: 'reset password', msg, mac })).statusCode,
    ).toBe(200);

    expect(await closed).toBe('io server disconnect');
    expect((await account(gus.token)).statusCode).toBe(401);
    expect((await account(await login(gus.user.email, 'reset password'))).statusCode).toBe(200);
  });

  it('a role granted by an admin counts at once on the tokens already issued; the role a token claims never does', async () => {
    const admin = await createUser(t.app.ctx, { role: 'admin' });
    const hana = await createUser(t.app.ctx, { roleRequest: { role: 'designer', date: '2024-06-01T00:00:00.000Z' } });
    const socket = await open(hana.token);
    const stillOpen = silence(socket, 'disconnect', 500);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/role-requests',
      headers: admin.headers,
      payload: { email: hana.user.email, action: 'approve', reason: 'Welcome' },
    });
    expect(res.statusCode).toBe(200);

    // The token still says 'player'; the server reads the account: no need to sign in again.
    expect((await account(hana.token)).json().user.role).toBe('designer');
    expect(await stillOpen).toBe(true);
    // A token claiming more than the account holds grants nothing more.
    const claimsAdmin = await t.app.ctx.tokens.sign({ ...hana.user, role: 'admin' });
    const adminArea = await t.app.inject({
      method: 'GET',
      url: '/api/admin/role-requests',
      headers: authHeaders(claimsAdmin),
    });
    expect(adminArea.statusCode).toBe(403);
  });

  it('a socket whose token was revoked without this process hearing of it cannot watch, and is closed', async () => {
    const lou = await createUser(t.app.ctx);
    const socket = await open(lou.token);
    // As if the revocation happened on another process while Redis was away: no disconnect reached this one.
    await t.app.ctx.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, lou.user.id));
    const closed = closedByServer(socket);
    const answer = await socket.timeout(3000).emitWithAck(SOCKET_EVENTS.watch, { instanceId: randomUUID() });
    expect(answer).toEqual({ ok: false, message: REALTIME_MESSAGES.badToken });
    expect(await closed).toBe('io server disconnect');
  });

  it('a socket closes when its account is deleted', async () => {
    const ivy = await createUser(t.app.ctx);
    const socket = await open(ivy.token);
    const closed = closedByServer(socket);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/users/account', headers: ivy.headers })).statusCode).toBe(
      200,
    );
    expect(await closed).toBe('io server disconnect');
  });

  it('keeps the tokens issued before token versions existed (no `tv` claim) until the first revocation', async () => {
    const jay = await createUser(t.app.ctx);
    const legacy = await new SignJWT({ id: jay.user.id, name: jay.user.name, email: jay.user.email, role: 'player' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(jay.user.id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    expect((await account(legacy)).statusCode).toBe(200);
    expect((await post('/api/users/account/signOutEverywhere', {}, legacy)).statusCode).toBe(200);
    expect((await account(legacy)).statusCode).toBe(401);
  });
});

describe('a socket whose token expires', () => {
  let t: TestApp;
  let socket: Socket | undefined;
  beforeAll(async () => {
    t = await createTestApp({ listen: true, env: { JWT_EXPIRES_IN: '2s' } });
  });
  afterAll(async () => {
    socket?.close();
    await t.close();
  });

  it('is closed by the server when the token runs out', async () => {
    const kim = await createUser(t.app.ctx);
    socket = await connectSocket(t, kim.token);
    const started = Date.now();
    expect(await closedByServer(socket, 4000)).toBe('io server disconnect');
    // Not before: jose rounds the expiry to whole seconds, so between one and two seconds.
    expect(Date.now() - started).toBeGreaterThan(500);
    await expect(connectSocket(t, kim.token)).rejects.toThrow(REALTIME_MESSAGES.badToken);
  });
});
