import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOMAIN_EL, ERROR_MESSAGES, FORM_ERROR_MESSAGE, REQUEST_MESSAGES, USER_MESSAGES } from '@loci/domain';
import { createMemoryMailer, createTestApp, type TestApp } from '../test/app.js';
import { createUser } from '../test/factories.js';

describe('error answers in the caller’s language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ mailer: createMemoryMailer() });
  });
  afterAll(() => t.close());

  const register = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers,
      payload: { name: '', email: 'not-an-email', password: 'short', password2: 'short' },
    });

  it('answers a 400 with its field errors in Greek for Accept-Language: el, and in the exact English without', async () => {
    const greek = await register({ 'accept-language': 'el-GR,el;q=0.9,en;q=0.5' });
    expect(greek.statusCode).toBe(400);
    expect(greek.headers['content-language']).toBe('el');
    expect(greek.json()).toEqual({
      message: DOMAIN_EL.ERROR_MESSAGES.form,
      errors: {
        name: DOMAIN_EL.USER_MESSAGES.nameRequired,
        email: DOMAIN_EL.USER_MESSAGES.emailInvalid,
        password: DOMAIN_EL.USER_MESSAGES.passwordTooShort,
      },
    });

    for (const headers of [{}, { 'accept-language': 'fr-FR, en;q=0.3' }] as Record<string, string>[]) {
      const english = await register(headers);
      expect(english.statusCode).toBe(400);
      expect(english.json()).toEqual({
        message: FORM_ERROR_MESSAGE,
        errors: {
          name: USER_MESSAGES.nameRequired,
          email: USER_MESSAGES.emailInvalid,
          password: USER_MESSAGES.passwordTooShort,
        },
      });
    }
  });

  it('answers the player’s German, French, Italian and Spanish in English (what the server cannot say in them)', async () => {
    const headers = ['de-DE', 'fr', 'it-IT,it;q=0.9', 'es-ES,es;q=0.9,de;q=0.5', 'de-DE,el;q=0.1'];
    for (const language of headers) {
      const answer = await register({ 'accept-language': language });
      expect(answer.statusCode, language).toBe(400);
      // A Greek the caller also accepts, however far behind, is said in Greek: the only other language the server speaks.
      const greek = language.includes('el');
      expect(answer.headers['content-language'], language).toBe(greek ? 'el' : 'en');
      expect(answer.json().errors.email, language).toBe(
        greek ? DOMAIN_EL.USER_MESSAGES.emailInvalid : USER_MESSAGES.emailInvalid,
      );
    }
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/no-such-route',
      headers: { 'accept-language': 'it' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(REQUEST_MESSAGES.FST_ERR_NOT_FOUND);
  });

  it('answers a 409 and a 404 in Greek', async () => {
    const { headers } = await createUser(t.app.ctx);
    const ask = (language?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/account/roleRequest',
        headers: { ...headers, ...(language ? { 'accept-language': language } : {}) },
        payload: { roleRequest: { role: 'designer' } },
      });
    expect((await ask()).statusCode).toBe(200);
    const again = await ask('el');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: DOMAIN_EL.USER_MESSAGES.roleRequestPending, errorCode: 'CONFLICT' });
    expect((await ask()).json().message).toBe(USER_MESSAGES.roleRequestPending);

    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/no-such-route',
      headers: { 'accept-language': 'el' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: DOMAIN_EL.REQUEST_MESSAGES.FST_ERR_NOT_FOUND, errorCode: 'NOT_FOUND' });
    const english = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(english.json().message).toBe(REQUEST_MESSAGES.FST_ERR_NOT_FOUND);
  });

  it('answers a signed-in user who chose Greek in Greek, whatever the browser asks, and answers the choice', async () => {
    const { headers } = await createUser(t.app.ctx, { role: 'player' });
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/account/profile',
      headers,
      payload: { birthDate: null, sex: null, language: 'el' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user.language).toBe('el');

    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/admin/role-requests',
      headers: { ...headers, 'accept-language': 'en' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(DOMAIN_EL.ERROR_MESSAGES.adminOnly);

    const unknown = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/account/profile',
      headers,
      payload: { birthDate: null, sex: null, language: 'fr' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(DOMAIN_EL.ERROR_MESSAGES.form);

    const back = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/account/profile',
      headers,
      payload: { birthDate: null, sex: null, language: null },
    });
    expect(back.json().user.language).toBeNull();
    const english = await t.app.inject({ method: 'GET', url: '/api/admin/role-requests', headers });
    expect(english.json().message).toBe(ERROR_MESSAGES.adminOnly);
  });
});
