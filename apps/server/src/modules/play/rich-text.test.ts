import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  RICH_TEXT_ATTACKS,
  RICH_TEXT_MAX_LENGTH,
  RICH_TEXT_MESSAGES,
  RICH_TEXT_POLICY,
  type DesignEntity,
} from '@loci/domain';
import { games, gameVersions } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { designRequest } from '../../test/design-factories.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createMedia } from '../../test/game-factories.js';
import { createPlayableGame, publishVersionOf, startPlay } from '../../test/play-factories.js';

const ATTACKS = Object.values(RICH_TEXT_ATTACKS);
/** Every attack of the corpus in one rich text, with a harmless paragraph and link that must survive. */
const PAYLOAD = `<p><strong>Welcome</strong> <a href="https://example.org/">map</a></p>${ATTACKS.join('')}`;

const ALLOWED_TAGS = new Set<string>(RICH_TEXT_POLICY.allowedTags);
const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = RICH_TEXT_POLICY.allowedAttributes;

/** Fails unless `html` holds only the policy's tags and attributes, and no script-capable URL. */
function expectHarmless(html: unknown, where: string): void {
  expect(typeof html, where).toBe('string');
  const text = html as string;
  for (const [, tag, attributes] of text.matchAll(/<\/?([a-zA-Z][\w:-]*)([^>]*)>/g)) {
    const name = tag!.toLowerCase();
    expect(ALLOWED_TAGS.has(name), `${where}: <${name}> in ${text}`).toBe(true);
    for (const [, attribute] of attributes!.matchAll(/([^\s"'=/]+)\s*=/g)) {
      expect(ALLOWED_ATTRIBUTES[name] ?? [], `${where}: ${attribute} on <${name}> in ${text}`).toContain(attribute);
    }
  }
  expect(text, where).not.toMatch(/javascript:|data:|<script|onerror|onload/i);
}

describe('rich text is sanitised on save and where players read it', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer' });
  });
  afterAll(async () => t.close());

  const inject = (user: TestUser, method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

  /** Saves the game's settings with `texts` through the settings form's route. */
  async function saveGameTexts(gameId: string, texts: Record<string, string>) {
    const [row] = await t.app.ctx.db.select().from(games).where(eq(games.id, gameId));
    const logo = await createMedia(t.app.ctx, gameId, { title: 'Logo' });
    return inject(owner, 'PATCH', `/api/design/games/${gameId}`, { ...row!.settings, logoId: logo.id, ...texts });
  }

  it('keeps no executable markup in the game texts, an info box, a question and its options, in the console and the player API', async () => {
    const game = await createPlayableGame(t.app, owner, { publish: false });
    const saved = await saveGameTexts(game.gameId, { description: PAYLOAD, instructions: PAYLOAD, terms: PAYLOAD });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const field of ['description', 'instructions', 'terms']) {
      expectHarmless(saved.json().settings?.[field] ?? saved.json()[field], `saved game ${field}`);
    }

    const base = `/api/design/${game.gameId}/interactions`;
    const welcome = await designRequest(t.app, owner, 'PATCH', `${base}/${game.welcome.id}`, {
      ...game.welcome,
      description: PAYLOAD,
    });
    expect(welcome.statusCode, welcome.body).toBe(200);
    const question = game.question as DesignEntity & { questions: Array<Record<string, unknown>> };
    const asked = await designRequest(t.app, owner, 'PATCH', `${base}/${question.id}`, {
      ...question,
      description: PAYLOAD,
      questions: [{ ...question.questions[0], description: PAYLOAD }],
    });
    expect(asked.statusCode, asked.body).toBe(200);

    const reread = (await designRequest(t.app, owner, 'GET', `${base}/${game.welcome.id}`)).json();
    expectHarmless(reread.description, 'info box read back');
    // What the editor writes survives: the paragraph, the bold word, the link (opened safely).
    expect(reread.description).toContain(
      '<p><strong>Welcome</strong> <a href="https://example.org/" target="_blank" rel="noopener noreferrer">map</a></p>',
    );
    const rereadQuestion = (await designRequest(t.app, owner, 'GET', `${base}/${question.id}`)).json();
    expectHarmless(rereadQuestion.description, 'question read back');
    expectHarmless(rereadQuestion.questions[0].description, 'question part read back');

    await publishVersionOf(t.app, owner, game.gameId);
    const player = await createUser(t.app.ctx);
    const lobby = await inject(player, 'GET', `/api/play/games/${game.gameId}`);
    expectHarmless(lobby.json().game.description, 'lobby description');
    expectHarmless(lobby.json().game.instructions, 'lobby instructions');
    // The game's terms carry the payload too: the player accepts them to start.
    const started = await startPlay(t.app, player, game.gameId, { acceptTerms: true });
    expect(started.statusCode, started.body).toBe(201);
    const played = (await inject(player, 'GET', `/api/play/instances/${started.json().instanceId}/game`)).json();
    expectHarmless(played.game.description, 'play game description');
    for (const interaction of played.spec.entities.interaction as Array<Record<string, unknown>>) {
      expectHarmless(interaction.description, `spec ${String(interaction.name)}`);
    }
  });

  it('does not deliver a payload stored before sanitising existed, from the settings or a published spec', async () => {
    const game = await createPlayableGame(t.app, owner);
    const [version] = await t.app.ctx.db.select().from(gameVersions).where(eq(gameVersions.id, game.versionId!));
    const spec = version!.spec as {
      game: Record<string, unknown>;
      entities: Record<string, Array<Record<string, unknown>>>;
    };
    spec.game.description = PAYLOAD;
    for (const interaction of spec.entities.interaction ?? []) interaction.description = PAYLOAD;
    await t.app.ctx.db.update(gameVersions).set({ spec }).where(eq(gameVersions.id, game.versionId!));
    const [row] = await t.app.ctx.db.select().from(games).where(eq(games.id, game.gameId));
    await t.app.ctx.db
      .update(games)
      .set({ settings: { ...row!.settings, description: PAYLOAD, instructions: PAYLOAD } })
      .where(eq(games.id, game.gameId));

    const player = await createUser(t.app.ctx);
    const lobby = (await inject(player, 'GET', `/api/play/games/${game.gameId}`)).json();
    expectHarmless(lobby.game.description, 'old lobby description');
    expectHarmless(lobby.game.instructions, 'old lobby instructions');
    const started = await startPlay(t.app, player, game.gameId);
    const played = (await inject(player, 'GET', `/api/play/instances/${started.json().instanceId}/game`)).json();
    expectHarmless(played.game.description, 'old play description');
    expectHarmless(played.spec.game.description, 'old spec game description');
    expect(played.spec.entities.interaction.length).toBeGreaterThan(0);
    for (const interaction of played.spec.entities.interaction as Array<Record<string, unknown>>) {
      expectHarmless(interaction.description, `old spec ${String(interaction.name)}`);
    }
  });

  it(`refuses rich text longer than ${RICH_TEXT_MAX_LENGTH} characters with a field error`, async () => {
    const game = await createPlayableGame(t.app, owner, { publish: false });
    const tooLong = `<p>${'a'.repeat(RICH_TEXT_MAX_LENGTH - 6)}</p>`;
    expect(tooLong.length).toBe(RICH_TEXT_MAX_LENGTH + 1);

    const settings = await saveGameTexts(game.gameId, { description: tooLong });
    expect(settings.statusCode).toBe(400);
    expect(settings.json().errors).toMatchObject({ description: RICH_TEXT_MESSAGES.tooLong });

    const entity = await designRequest(
      t.app,
      owner,
      'PATCH',
      `/api/design/${game.gameId}/interactions/${game.welcome.id}`,
      {
        ...game.welcome,
        description: tooLong,
      },
    );
    expect(entity.statusCode).toBe(400);
    expect(entity.json().errors).toMatchObject({ description: RICH_TEXT_MESSAGES.tooLong });

    const justRight = await saveGameTexts(game.gameId, {
      description: `<p>${'a'.repeat(RICH_TEXT_MAX_LENGTH - 7)}</p>`,
    });
    expect(justRight.statusCode, justRight.body).toBe(200);
  });
});
