import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES, userSchema } from '@loci/domain';
import { users } from '../../db/schema.js';
import { createMemoryMailer, createTestApp, type TestApp } from '../../test/app.js';
import { authHeaders, createUser } from '../../test/factories.js';

describe('account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ mailer: createMemoryMailer() });
  });
  afterAll(() => t.close());

  describe('#users.account', () => {
    it('answers the account in the domain shape, without any hash', async () => {
      const { user, headers } = await createUser(t.app.ctx, { role: 'designer', googleId: 'g-123' });
      const res = await t.app.inject({ method: 'GET', url: '/api/users/account', headers });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body)).toEqual(['user']);
      expect(userSchema.strict().parse(body.user)).toEqual({
        id: user.id,
        _id: user.id,
        name: user.name,
        email: user.email,
        role: 'designer',
        roleRequest: null,
        facebookId: null,
        googleId: 'g-123',
        appleId: null,
        confirmed: true,
        createdAt: user.createdAt.toISOString(),
        birthDate: null,
        sex: null,
        language: null,
        photoUri: null,
      });
      expect(res.body).not.toMatch(/argon2|password|credentials/i);
    });

    it('answers 401 without a token, with a forged one, and once the account is gone', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/users/account' })).statusCode).toBe(401);
      const forged = await t.app.inject({ method: 'GET', url: '/api/users/account', headers: authHeaders('x.y.z') });
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toEqual({ message: USER_MESSAGES.notLoggedIn, errorCode: 'UNAUTHENTICATED' });
      const { user, headers } = await createUser(t.app.ctx);
      await t.app.ctx.db.delete(users).where(eq(users.id, user.id));
      expect((await t.app.inject({ method: 'GET', url: '/api/users/account', headers })).statusCode).toBe(401);
    });
  });

  describe('#users.rename', () => {
    it('changes the name, trimmed, and answers the account', async () => {
      const { user, headers } = await createUser(t.app.ctx, { name: 'Old Name' });
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/users/account',
        headers,
        payload: { name: '  Nea Onoma  ' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ id: user.id, name: 'Nea Onoma', email: user.email });
      const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.name).toBe('Nea Onoma');
      // The token still works: renaming is no reason to sign anyone out.
      expect((await t.app.inject({ method: 'GET', url: '/api/users/account', headers })).json().user.name).toBe(
        'Nea Onoma',
      );
    });

    it('refuses an empty or too long name with a field error, and the anonymous', async () => {
      const { headers } = await createUser(t.app.ctx, { name: 'Kept' });
      const empty = await t.app.inject({ method: 'PATCH', url: '/api/users/account', headers, payload: { name: ' ' } });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors).toMatchObject({ name: USER_MESSAGES.nameRequired });
      const long = await t.app.inject({
        method: 'PATCH',
        url: '/api/users/account',
        headers,
        payload: { name: 'x'.repeat(1000) },
      });
      expect(long.json().errors).toMatchObject({ name: USER_MESSAGES.nameTooLong });
      expect((await t.app.inject({ method: 'GET', url: '/api/users/account', headers })).json().user.name).toBe('Kept');
      const anonymous = await t.app.inject({ method: 'PATCH', url: '/api/users/account', payload: { name: 'A' } });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('#users.roleRequest', () => {
    const request = (headers: Record<string, string>, payload: unknown = { roleRequest: { role: 'designer' } }) =>
      t.app.inject({ method: 'POST', url: '/api/users/account/roleRequest', headers, payload: payload as object });
    const cancel = (headers: Record<string, string>) =>
      t.app.inject({ method: 'DELETE', url: '/api/users/account/roleRequest', headers });

    it('files a designer request dated by the server, then cancels it', async () => {
      const { headers } = await createUser(t.app.ctx);
      const res = await request(headers, { roleRequest: { role: 'designer', date: '2001-01-01T00:00:00Z' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.roleRequest).toEqual({ role: 'designer', date: t.clock.now.toISOString() });
      expect(res.json().user.role).toBe('player');
      const cancelled = await cancel(headers);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json().user.roleRequest).toBeNull();
    });

    it('answers 409 when a request is already pending', async () => {
      const { headers } = await createUser(t.app.ctx);
      expect((await request(headers)).statusCode).toBe(200);
      const again = await request(headers);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(USER_MESSAGES.roleRequestPending);
    });

    it.each(['designer', 'admin'] as const)('answers 409 when the user is already %s', async (role) => {
      const { headers } = await createUser(t.app.ctx, { role });
      const res = await request(headers);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(USER_MESSAGES.roleAlreadyHeld);
    });

    it('answers 400 for a role other than designer', async () => {
      const { headers } = await createUser(t.app.ctx);
      const res = await request(headers, { roleRequest: { role: 'admin' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ 'roleRequest.role': USER_MESSAGES.roleRequestOnlyDesigner });
    });

    it('answers 409 when cancelling without a pending request', async () => {
      const { headers } = await createUser(t.app.ctx);
      const res = await cancel(headers);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(USER_MESSAGES.roleRequestNone);
    });

    it('answers 401 when anonymous', async () => {
      expect((await request({})).statusCode).toBe(401);
      expect((await cancel({})).statusCode).toBe(401);
    });
  });

  describe('#users.deleteAccount', () => {
    const remove = (headers: Record<string, string>) =>
      t.app.inject({ method: 'DELETE', url: '/api/users/account', headers });

    it('deletes the users row; the token stops working and the email is free again', async () => {
      const { user, headers } = await createUser(t.app.ctx);
      const res = await remove(headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect(await t.app.ctx.db.$count(users, eq(users.id, user.id))).toBe(0);
      expect((await t.app.inject({ method: 'GET', url: '/api/users/account', headers })).statusCode).toBe(401);
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: { name: 'Again', email: user.email, password: 'longenough', password2: 'longenough' },
      });
      expect(again.statusCode).toBe(201);
    });

    it('refuses to delete the last admin with 409, and allows it once another admin exists', async () => {
      const solo = await createTestApp({ mailer: createMemoryMailer() });
      try {
        const admin = await createUser(solo.app.ctx, { role: 'admin' });
        const res = await solo.app.inject({ method: 'DELETE', url: '/api/users/account', headers: admin.headers });
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(USER_MESSAGES.lastAdmin);
        await createUser(solo.app.ctx, { role: 'admin' });
        const ok = await solo.app.inject({ method: 'DELETE', url: '/api/users/account', headers: admin.headers });
        expect(ok.statusCode).toBe(200);
      } finally {
        await solo.close();
      }
    });

    it('answers 401 when anonymous', async () => {
      expect((await remove({})).statusCode).toBe(401);
    });
  });
});
