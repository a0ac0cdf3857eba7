import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport, TranslationOverview, TranslationTable } from '@loci/domain';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createPlayableGame, publishVersionOf, startPlay, type PlayableGame } from '../../test/play-factories.js';

describe('translations', () => {
  let t: TestApp;
  let owner: TestUser;
  let game: PlayableGame;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer', name: 'Olga Owner' });
    game = await createPlayableGame(t.app, owner, {
      settings: { language: 'en-Us', otherLanguages: ['de'], publicAccess: 'view' },
      publish: false,
    });
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: unknown, user: TestUser | null = owner) =>
    t.app.inject({
      method,
      url,
      headers: user ? user.headers : {},
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
  const base = () => `/api/design/${game.gameId}/translations`;
  const questionTitle = () => {
    const question = (game.question as unknown as { questions: Array<{ id: string }> }).questions[0]!;
    return `interaction:${game.question.id}:questions:${question.id}:title`;
  };

  describe('#translations.table', () => {
    it('lists every text a player reads beside its German, and the coverage', async () => {
      const overview = await call('GET', base());
      expect(overview.statusCode, overview.body).toBe(200);
      expect(overview.json<TranslationOverview>()).toMatchObject({ main: 'en', others: ['de'], required: [] });
      expect(overview.json<TranslationOverview>().coverage[0]).toMatchObject({
        language: 'de',
        translated: 0,
        percent: 0,
      });
      const res = await call('GET', `${base()}/de`);
      expect(res.statusCode).toBe(200);
      const table = res.json<TranslationTable>();
      const row = table.rows.find((r) => r.id === questionTitle());
      expect(row).toMatchObject({ text: 'Which year?', translation: '', state: 'missing', entityTitle: 'The pier' });
      expect(table.rows.map((r) => r.id)).toContain(`scene:${game.scene.id}:title`);
    });

    it('refuses a language the game does not have and unknown callers', async () => {
      expect((await call('GET', `${base()}/fr`)).statusCode).toBe(400);
      expect((await call('GET', `${base()}/klingon`)).statusCode).toBe(400);
      expect((await call('GET', `${base()}/de`, undefined, null)).statusCode).toBe(401);
      const outsider = await createUser(t.app.ctx, { role: 'designer' });
      expect((await call('PATCH', `${base()}/de`, { texts: {} }, outsider)).statusCode).toBe(403);
    });
  });

  describe('#translations.save', () => {
    it('saves translations, marks them changed when the main text changes, and refuses unknown ids', async () => {
      const res = await call('PATCH', `${base()}/de`, { texts: { [questionTitle()]: 'Welches Jahr?' } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<TranslationTable>().rows.find((r) => r.id === questionTitle())).toMatchObject({
        translation: 'Welches Jahr?',
        state: 'done',
      });
      const bad = await call('PATCH', `${base()}/de`, { texts: { 'scene:nope:title': 'X' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toHaveProperty(['texts.scene:nope:title']);
    });
  });

  describe('#translations.export and import', () => {
    it('round-trips XLIFF 2.0 and CSV with a report of unknown, missing and changed texts', async () => {
      const exported = await call('GET', `${base()}/de/export`);
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-type']).toContain('application/xliff+xml');
      const xml = exported.body;
      expect(xml).toContain('urn:oasis:names:tc:xliff:document:2.0');
      expect(xml).toContain('trgLang="de"');
      expect(xml).toContain('type="loci:done"');
      const sceneId = `scene:${game.scene.id}:title`;
      // The translator fills the scene's title and adds a unit for a text that does not exist.
      const filled = xml
        .replace(
          new RegExp(`(<unit id="${sceneId}"[\\s\\S]*?<target>)(</target>)`),
          (_m, open: string, close: string) => `${open}Der Hafen${close}`,
        )
        .replace(
          '</file>',
          '<unit id="scene:gone:title"><segment><source>Gone</source><target>Weg</target></segment></unit></file>',
        );
      const imported = await call('POST', `${base()}/de/import`, { format: 'xliff', content: filled });
      expect(imported.statusCode, imported.body).toBe(200);
      const report = imported.json<ImportReport>();
      expect(report).toMatchObject({
        updated: 1,
        unchanged: 1,
        unknownIds: ['scene:gone:title'],
        changedSinceExport: [],
      });
      expect(report.missing).not.toContain(sceneId);
      expect(report.coverage.translated).toBe(2);

      const csv = await call('GET', `${base()}/de/export?format=csv`);
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain('Der Hafen');
      const wrong = await call('POST', `${base()}/de/import`, { format: 'xliff', content: 'not xml at all' });
      expect(wrong.statusCode).toBe(400);
      const french = await call('POST', `${base()}/de/import`, {
        format: 'xliff',
        content: xml.replace('trgLang="de"', 'trgLang="fr"'),
      });
      expect(french.statusCode).toBe(400);
      const back = await call('POST', `${base()}/de/import`, {
        format: 'csv',
        content: csv.body.replace('Der Hafen', 'Am Hafen'),
      });
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json<ImportReport>()).toMatchObject({ updated: 1 });
    });
  });

  describe('#clone and bundles', () => {
    it('keeps the translations in a clone and through a bundle exported and imported (new ids)', async () => {
      const sceneText = `scene:${game.scene.id}:title`;
      await call('PATCH', `${base()}/de`, { texts: { [sceneText]: 'Am Hafen' } });
      const clone = await call('POST', `/api/design/games/${game.gameId}/clone`, {});
      expect(clone.statusCode, clone.body).toBe(201);
      const cloned = await call('GET', `/api/design/${clone.json().id as string}/translations/de`);
      expect(cloned.json<TranslationTable>().rows.find((r) => r.id === sceneText)).toMatchObject({
        translation: 'Am Hafen',
        state: 'done',
      });

      const bundle = await call('GET', `/api/design/games/${game.gameId}/bundle`);
      expect(bundle.statusCode).toBe(200);
      const form = new FormData();
      form.append('bundle', new Blob([bundle.rawPayload]), 'game.loci.zip');
      const response = new Response(form);
      const imported = await t.app.inject({
        method: 'POST',
        url: '/api/design/games/import',
        headers: { ...owner.headers, 'content-type': response.headers.get('content-type') ?? '' },
        payload: Buffer.from(await response.arrayBuffer()),
      });
      expect(imported.statusCode, imported.body).toBe(201);
      const table = await call('GET', `/api/design/${imported.json().id as string}/translations/de`);
      const row = table.json<TranslationTable>().rows.find((r) => r.kind === 'scene' && r.field === 'title');
      expect(row?.id).not.toBe(sceneText);
      expect(row).toMatchObject({ translation: 'Am Hafen', state: 'done' });
    });
  });

  describe('#play in German', () => {
    it('publishes the translations and answers a German phone in German, an English one in English', async () => {
      const titled = await call('PATCH', `${base()}/de`, { texts: { 'game:title': 'Die Hafenrunde' } });
      expect(titled.statusCode, titled.body).toBe(200);
      const versionId = await publishVersionOf(t.app, owner, game.gameId);
      expect(versionId).toBeTruthy();
      const german = await createUser(t.app.ctx, { name: 'Greta' });
      const started = await t.app.inject({
        method: 'POST',
        url: `/api/play/games/${game.gameId}/instances`,
        headers: { ...german.headers, 'accept-language': 'de-DE,de;q=0.9' },
        payload: {},
      });
      expect(started.statusCode, started.body).toBe(201);
      const instanceId = started.json().instanceId as string;
      const spec = await t.app.inject({
        method: 'GET',
        url: `/api/play/instances/${instanceId}/game`,
        headers: { ...german.headers, 'accept-language': 'de' },
      });
      expect(spec.statusCode).toBe(200);
      expect(spec.json().game).toMatchObject({ textLanguage: 'de', languages: ['en', 'de'] });
      const scene = spec.json().spec.entities.scene.find((s: { id: string }) => s.id === game.scene.id);
      expect(scene.title).toBe('Am Hafen');
      const english = await t.app.inject({
        method: 'GET',
        url: `/api/play/instances/${instanceId}/game`,
        headers: { ...german.headers, 'accept-language': 'en' },
      });
      expect(english.json().spec.entities.scene.find((s: { id: string }) => s.id === game.scene.id).title).not.toBe(
        'Am Hafen',
      );
      // The lobby offers the game's languages.
      const other = await createUser(t.app.ctx, { name: 'Eve' });
      const lobby = await t.app.inject({
        method: 'GET',
        url: `/api/play/games/${game.gameId}`,
        headers: other.headers,
      });
      expect(lobby.json().game.languages).toEqual(['en', 'de']);
      // The lobbies (signed in, and the public one) speak the reader's language: the game's title in German.
      const lobbyIn = async (url: string, language: string) =>
        (await t.app.inject({ method: 'GET', url, headers: { ...other.headers, 'accept-language': language } })).json()
          .game.title as string;
      expect(await lobbyIn(`/api/play/games/${game.gameId}`, 'de-DE,de;q=0.9')).toBe('Die Hafenrunde');
      expect(await lobbyIn(`/api/play/games/${game.gameId}/public`, 'de')).toBe('Die Hafenrunde');
      expect(await lobbyIn(`/api/play/games/${game.gameId}`, 'en')).toBe(lobby.json().game.title);
      expect(lobby.json().game.title).not.toBe('Die Hafenrunde');
      expect((await startPlay(t.app, other, game.gameId)).statusCode).toBe(201);
    });
  });
});
