import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESIGN_KIND_INFO, TEXT_LIMIT_MESSAGES, TEXT_LIMITS } from '@loci/domain';
import { createTestApp, type TestApp } from '../test/app.js';
import { createUser, type TestUser } from '../test/factories.js';
import { designRequest, designValues } from '../test/design-factories.js';
import { createGame, gameFormValues } from '../test/game-factories.js';

/** Texts past their limits (docs/security.md "Lengths") are field errors, never a 500 from an index. */
describe('text lengths', () => {
  let t: TestApp;
  let owner: TestUser;
  let gameId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer' });
    gameId = (await createGame(t.app.ctx, owner)).row.id;
  });
  afterAll(async () => t.close());

  const long = (length: number) => 'ω'.repeat(length);

  it('refuses an item, a scene or a rule named with 2,800 letters with a field error under the name', async () => {
    for (const kind of ['item', 'scene', 'rule'] as const) {
      const res = await designRequest(
        t.app,
        owner,
        'POST',
        `/api/design/${gameId}/${DESIGN_KIND_INFO[kind].segment}`,
        designValues(kind, {}, { name: long(2800) }),
      );
      expect(res.statusCode, kind).toBe(400);
      expect(res.json().errors).toMatchObject({ name: TEXT_LIMIT_MESSAGES.tooLong(TEXT_LIMITS.name) });
    }
    const atLimit = await designRequest(
      t.app,
      owner,
      'POST',
      `/api/design/${gameId}/items`,
      designValues('item', {}, { name: long(TEXT_LIMITS.name) }),
    );
    expect(atLimit.statusCode).toBe(201);
  });

  it('refuses a game title past its limit', async () => {
    const res = await designRequest(t.app, owner, 'PATCH', `/api/design/games/${gameId}`, {
      ...gameFormValues(),
      title: long(TEXT_LIMITS.title + 1),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ title: TEXT_LIMIT_MESSAGES.tooLong(TEXT_LIMITS.title) });
  });

  it('refuses an email address past 254 characters at registration', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: {
        name: 'Long',
        email: `${'a'.repeat(3000)}@example.test`,
        password: 'correct horse battery',
        password2: 'correct horse battery',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('email');
  });
});
