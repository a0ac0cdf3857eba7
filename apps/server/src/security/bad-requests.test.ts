import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_TEXT_MESSAGE, FORM_ERROR_MESSAGE, TOO_DEEP_MESSAGE } from '@loci/domain';
import { createMemoryMailer, createTestApp, type TestApp } from '../test/app.js';
import { createUser, type TestUser } from '../test/factories.js';
import { createGame } from '../test/game-factories.js';

/** Status and body of a raw HTTP request, for refusals made by Node's parser before Fastify sees anything. */
function rawRequest(
  url: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, url), { headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('#security bad text and malformed requests', () => {
  let t: TestApp;
  let designer: TestUser;
  let gameId: string;

  beforeAll(async () => {
    t = await createTestApp({ mailer: createMemoryMailer(), listen: true });
    designer = await createUser(t.app.ctx, { role: 'designer' });
    gameId = (await createGame(t.app.ctx, designer)).row.id;
  });
  afterAll(() => t.close());

  const badText = (field: string) => ({ message: FORM_ERROR_MESSAGE, errors: { [field]: BAD_TEXT_MESSAGE } });

  it('refuses a NUL or a lone surrogate in a JSON field with 400 naming the field', async () => {
    for (const name of ['a\u0000b', 'a\uD800b', '\uDC00']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: { name, email: 'bad-text@example.org', password: 'longenough', password2: 'longenough' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(badText('name'));
    }
    const lock = await t.app.inject({
      method: 'POST',
      url: '/api/design/cc',
      headers: designer.headers,
      payload: { kind: 'game', id: '\u0000' },
    });
    expect(lock.statusCode).toBe(400);
    expect(lock.json()).toEqual(badText('id'));
  });

  it('refuses bad text in a path parameter, a query and an object key', async () => {
    const param = await t.app.inject({
      method: 'PATCH',
      url: `/api/design/${gameId}/scenes/%00`,
      headers: designer.headers,
      payload: {},
    });
    expect(param.statusCode).toBe(400);
    expect(param.json()).toEqual(badText('id'));
    const query = await t.app.inject({ method: 'GET', url: '/api/design/games?search=%00', headers: designer.headers });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual(badText('search'));
    const key = await t.app.inject({
      method: 'POST',
      url: `/api/design/${gameId}/scenes`,
      headers: designer.headers,
      payload: { name: 'ok', payload: { 'a\u0000': 1 } },
    });
    expect(key.statusCode).toBe(400);
    expect(key.json()).toEqual(badText('payload'));
  });

  it('refuses a body nested deeper than any form', async () => {
    const deep = `${'['.repeat(100_000)}"bottom"${']'.repeat(100_000)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/design/${gameId}/scenes`,
      headers: { ...designer.headers, 'content-type': 'application/json' },
      payload: `{"name": "deep", "value": ${deep}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.values(res.json().errors)).toEqual([TOO_DEEP_MESSAGE]);
  });

  it("answers the framework's refusals in the error shape, without repeating the URL or the body", async () => {
    const secret = 'echo-me-not';
    const cases = [
      { status: 400, errorCode: 'VALIDATION', url: `/api/design/${secret}%E0%A4%A`, method: 'GET' as const },
      { status: 404, errorCode: 'NOT_FOUND', url: `/api/${secret}`, method: 'GET' as const },
      {
        status: 414,
        errorCode: 'URI_TOO_LONG',
        url: `/api/instances/${secret}${'x'.repeat(200)}`,
        method: 'GET' as const,
      },
      {
        status: 400,
        errorCode: 'VALIDATION',
        url: '/api/users/login',
        method: 'POST' as const,
        headers: { 'content-type': 'application/json' },
        payload: `{"email": "${secret}`,
      },
      {
        status: 415,
        errorCode: 'UNSUPPORTED_MEDIA_TYPE',
        url: '/api/users/login',
        method: 'POST' as const,
        headers: { 'content-type': `text/${secret}` },
        payload: 'x',
      },
      {
        status: 413,
        errorCode: 'TOO_LARGE',
        url: '/api/users/login',
        method: 'POST' as const,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: secret, password: 'x'.repeat(3 * 1024 * 1024) }),
      },
    ];
    for (const { status, errorCode, ...request } of cases) {
      const res = await t.app.inject(request);
      expect({ url: request.url.slice(0, 60), status: res.statusCode }).toEqual({
        url: request.url.slice(0, 60),
        status,
      });
      expect(res.json()).toEqual({ message: expect.any(String), errorCode });
      expect(res.body).not.toContain(secret);
    }
  });

  it('answers headers too large (431) in the error shape', async () => {
    const res = await rawRequest(t.config.publicUrl, `/api/health?${'q'.repeat(20_000)}`, {});
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({
      message: 'The request headers are too large',
      errorCode: 'HEADERS_TOO_LARGE',
    });
    expect(res.body).not.toContain('qqqq');
  });
});
