import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '@loci/domain';
import { createMemoryMailer, createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createPlayableGame, startedInstance } from '../../test/play-factories.js';

describe('admin', () => {
  let t: TestApp;
  let admin: TestUser;
  let designer: TestUser;
  const mailer = createMemoryMailer();
  const pending = (date: string) => ({ roleRequest: { role: 'designer' as const, date } });

  beforeAll(async () => {
    t = await createTestApp({ mailer });
    admin = await createUser(t.app.ctx, { role: 'admin' });
    designer = await createUser(t.app.ctx, { role: 'designer' });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    mailer.sent.length = 0;
  });

  describe('#admin.roleRequests.list', () => {
    it('lists pending requests oldest first, without any hash', async () => {
      const newer = await createUser(t.app.ctx, { name: 'Newer', ...pending('2024-05-02T10:00:00.000Z') });
      const older = await createUser(t.app.ctx, { name: 'Older', ...pending('2024-05-01T10:00:00.000Z') });
      await createUser(t.app.ctx, { name: 'No request' });
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/role-requests', headers: admin.headers });
      expect(res.statusCode).toBe(200);
      const list = res.json();
      expect(list).toEqual([
        {
          id: older.user.id,
          _id: older.user.id,
          name: 'Older',
          email: older.user.email,
          roleRequest: { role: 'designer', date: '2024-05-01T10:00:00.000Z' },
        },
        {
          id: newer.user.id,
          _id: newer.user.id,
          name: 'Newer',
          email: newer.user.email,
          roleRequest: { role: 'designer', date: '2024-05-02T10:00:00.000Z' },
        },
      ]);
      expect(res.body).not.toMatch(/argon2|password/i);
    });
  });

  describe('#admin.roleRequests.decide', () => {
    const decide = (payload: object, headers = admin.headers) =>
      t.app.inject({ method: 'PATCH', url: '/api/admin/role-requests', headers, payload });

    it('approves: grants the role, clears the request, mails the reason, drops it from the list', async () => {
      const { user } = await createUser(t.app.ctx, { ...pending('2024-06-01T00:00:00.000Z') });
      const res = await decide({ email: user.email.toUpperCase(), action: 'approve', reason: 'Welcome <aboard>' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, user: { id: user.id, role: 'designer', roleRequest: null } });
      expect(res.body).not.toMatch(/argon2/);
      const [mail] = mailer.sent;
      expect(mail?.to).toBe(user.email);
      expect(mail?.subject).toMatch(/approved/);
      expect(mail?.text).toContain('Welcome <aboard>');
      expect(mail?.html).toContain('Welcome &lt;aboard&gt;');
      const list = await t.app.inject({ method: 'GET', url: '/api/admin/role-requests', headers: admin.headers });
      expect(list.json().map((r: { id: string }) => r.id)).not.toContain(user.id);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: user.email, password: 'correct horse battery' },
      });
      const claims = JSON.parse(Buffer.from(login.json().token.split('.')[1], 'base64url').toString());
      expect(claims.role).toBe('designer');
    });

    it('rejects: keeps the role, clears the request and mails the decision', async () => {
      const { user } = await createUser(t.app.ctx, { ...pending('2024-06-01T00:00:00.000Z') });
      const res = await decide({ email: user.email, action: 'reject', reason: 'Not a designer' });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ role: 'player', roleRequest: null });
      expect(mailer.sent[0]?.subject).toMatch(/rejected/);
      expect(mailer.sent[0]?.text).toContain('Not a designer');
    });

    it('answers 404 when the email has no pending request', async () => {
      const { user } = await createUser(t.app.ctx);
      const res = await decide({ email: user.email, action: 'approve', reason: '' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(USER_MESSAGES.roleRequestNotFound);
    });

    it('answers 400 for a bad action or email', async () => {
      const res = await decide({ email: 'nope', action: 'maybe' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ email: USER_MESSAGES.emailInvalid, action: USER_MESSAGES.actionInvalid });
    });
  });

  describe('#admin.dashboardStats', () => {
    it('counts users, designers and pending requests; game counts are 0 until games exist', async () => {
      const fresh = await createTestApp({ mailer: createMemoryMailer() });
      try {
        const boss = await createUser(fresh.app.ctx, { role: 'admin' });
        await createUser(fresh.app.ctx, { role: 'designer' });
        await createUser(fresh.app.ctx, { role: 'designer' });
        await createUser(fresh.app.ctx, { ...pending('2024-01-01T00:00:00.000Z') });
        const res = await fresh.app.inject({ method: 'GET', url: '/api/admin/dashboard-stats', headers: boss.headers });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          games: 0,
          publishedGames: 0,
          users: 4,
          designers: 2,
          gamesPlayed: 0,
          playersPlayed: 0,
          roleRequests: 1,
        });
      } finally {
        await fresh.close();
      }
    });

    it('counts the games with an instance and the distinct players who played', async () => {
      const fresh = await createTestApp({ mailer: createMemoryMailer() });
      try {
        const boss = await createUser(fresh.app.ctx, { role: 'admin' });
        const owner = await createUser(fresh.app.ctx, { role: 'designer' });
        const played = await createPlayableGame(fresh.app, owner);
        const other = await createPlayableGame(fresh.app, owner);
        await createPlayableGame(fresh.app, owner); // published, never played
        const [a, b] = [await createUser(fresh.app.ctx), await createUser(fresh.app.ctx)];
        await startedInstance(fresh.app, a, played.gameId);
        await startedInstance(fresh.app, b, played.gameId);
        await startedInstance(fresh.app, a, other.gameId);
        const res = await fresh.app.inject({ method: 'GET', url: '/api/admin/dashboard-stats', headers: boss.headers });
        expect(res.json()).toMatchObject({ games: 3, publishedGames: 3, gamesPlayed: 2, playersPlayed: 2 });
      } finally {
        await fresh.close();
      }
    });
  });

  describe('admin only', () => {
    it.each([
      ['GET', '/api/admin/role-requests', undefined],
      ['PATCH', '/api/admin/role-requests', { email: 'a@b.test', action: 'approve', reason: '' }],
      ['GET', '/api/admin/dashboard-stats', undefined],
    ] as const)('%s %s answers 401 anonymous and 403 to a designer', async (method, url, payload) => {
      const anonymous = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode).toBe(401);
      const forbidden = await t.app.inject({ method, url, headers: designer.headers, ...(payload ? { payload } : {}) });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().errorCode).toBe('FORBIDDEN');
    });
  });
});
