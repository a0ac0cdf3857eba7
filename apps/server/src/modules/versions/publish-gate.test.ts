import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '@loci/engine/problems';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createGame } from '../../test/game-factories.js';
import { createBasicDesign, createEntity, designRequest, designValues } from '../../test/design-factories.js';

/** An open question of the lighthouse's colour. */
const colourQuestion = (answer: { hasCorrectAnswer: boolean; correctAnswer?: string }) => ({
  title: 'Colour',
  description: '<p>What colour is the lighthouse?</p>',
  qType: 'openEnded',
  dType: 'stext',
  attempts: 1,
  ...answer,
});

/** Publishing is refused while the design has errors (the Problems panel's), with the list; warnings never block. */
describe('publishing a design with problems', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer' });
  });
  afterAll(() => t.close());

  const request = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
    designRequest(t.app, owner, method, url, body);

  it('refuses with a 409 listing each error as a field error, and publishes once they are fixed', async () => {
    const gameId = (await createGame(t.app.ctx, owner)).row.id;
    const { scene } = await createBasicDesign(t.app, owner, gameId);
    // A question with no correct answer, and a rule waiting for players to pass it.
    const question = await createEntity(t.app, owner, gameId, 'interaction', {
      ...designValues('interaction'),
      type: 'INTER_ANSWER_QUESTION',
      questions: [colourQuestion({ hasCorrectAnswer: false })],
    });
    const waiting = await createEntity(t.app, owner, gameId, 'rule', {
      ...designValues('rule', { sceneId: scene.id }),
      trigger: { conditionType: 'player-code', verb: 'has_typedscannedcode', designerInputString: 'lamp' },
      triggerPreconditions: [
        { conditions: [{ conditionType: 'player-question', verb: 'has_passed', elementId: question.id }] },
      ],
      sideeffects: [{ actorId: 'system', actionName: 'completeGame', actionArgs: {}, notify: false }],
    });

    const refused = await request('POST', `/api/design/${gameId}/gameVersions`, { versionNotes: 'v1' });
    expect(refused.statusCode).toBe(409);
    const body = refused.json() as { message: string; errors: Record<string, string>; problems: Problem[] };
    expect(body.message).toBe(
      'This game has 1 problem that blocks publishing. Fix it in the Problems panel and publish again.',
    );
    expect(body.problems).toEqual([
      expect.objectContaining({
        code: 'question-no-correct-answer',
        severity: 'error',
        entity: { kind: 'interaction', id: question.id },
        related: [{ kind: 'rule', id: waiting.id }],
      }),
    ]);
    expect(body.errors).toEqual({ 'problems.0': body.problems[0]!.message });
    expect(body.problems[0]).toMatchObject({
      messageKey: 'questionNoCorrectAnswer',
      message: expect.stringMatching(/^Interaction “.+” has no correct answer, yet Rule “.+” waits for a player/),
    });

    // Asked in Greek: the message, each finding and its field error are Greek; the keys and codes stay.
    const greek = await t.app.inject({
      method: 'POST',
      url: `/api/design/${gameId}/gameVersions`,
      headers: { ...owner.headers, 'accept-language': 'el' },
      payload: { versionNotes: 'v1' },
    });
    expect(greek.statusCode).toBe(409);
    const greekBody = greek.json() as typeof body;
    expect(greekBody.message).toBe(
      'Αυτό το παιχνίδι έχει 1 πρόβλημα που εμποδίζει τη δημοσίευση. Διορθώστε το στο πλαίσιο «Προβλήματα» και δημοσιεύστε ξανά.',
    );
    expect(greekBody.problems[0]).toMatchObject({
      code: 'question-no-correct-answer',
      messageKey: 'questionNoCorrectAnswer',
    });
    expect(greekBody.problems[0]!.message).toMatch(
      /^Αλληλεπίδραση «.+»: δεν έχει σωστή απάντηση, όμως Κανόνας «.+» περιμένει/,
    );
    expect(greekBody.errors).toEqual({ 'problems.0': greekBody.problems[0]!.message });
    // Nothing was published.
    const versions = (await request('GET', `/api/design/${gameId}/gameVersions`)).json() as unknown[];
    expect(versions).toHaveLength(1);

    // Give the question a correct answer: warnings remain (e.g. an unused rule), but publishing goes through.
    const fixed = await request('PATCH', `/api/design/${gameId}/interactions/${question.id}`, {
      ...designValues('interaction'),
      name: question.name,
      type: 'INTER_ANSWER_QUESTION',
      questions: [colourQuestion({ hasCorrectAnswer: true, correctAnswer: 'white' })],
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const published = await request('POST', `/api/design/${gameId}/gameVersions`, { versionNotes: 'v1' });
    expect(published.statusCode, published.body).toBe(201);
  });
});
