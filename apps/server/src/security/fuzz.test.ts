import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryMailer, createTestApp, type TestApp } from '../test/app.js';
import { createUser } from '../test/factories.js';
import { createMedia } from '../test/game-factories.js';
import { createInstance } from '../test/instance-factories.js';
import { createPlayableGame } from '../test/play-factories.js';

/**
 * Bad requests against every route of the API, read from the app's own OpenAPI document: path parameters
 * filled with real ids of a seeded game and with bad ones, hostile queries and bodies, wrong content types,
 * as an administrator, a designer, a player, anonymously and with a forged token. No answer may be a 5xx.
 */
const REQUESTS = Number(process.env.LOCI_FUZZ_REQUESTS ?? 10_000);
const SEED = Number(process.env.LOCI_FUZZ_SEED ?? 20_261_123);

interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
}

/** Route paths and methods of the OpenAPI document (`{name}` for path parameters). */
function routesOf(document: unknown): Route[] {
  const paths = (document as { paths: Record<string, Record<string, unknown>> }).paths;
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => ({ method: method.toUpperCase() as Route['method'], path })),
  );
}

/** Percent-encodes text, leaving lone surrogates (which encodeURIComponent refuses) as bad escapes. */
function encode(text: string): string {
  return [...text]
    .map((char) => {
      try {
        return encodeURIComponent(char);
      } catch {
        return `%${char.charCodeAt(0).toString(16).toUpperCase()}`;
      }
    })
    .join('');
}

const BAD_TEXT = ['\u0000', 'a\u0000b', '\uD800', 'x\uDC00y', '\uDBFF\uDBFF', '\uFFFE', '\u202E', '\r\n', '%00'];
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf'];
const BAD_IDS = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-4000-8000-00000000000g',
  "' or 1=1 --",
  '..',
  '../..',
  'x'.repeat(99),
  'x'.repeat(5_000),
  'current',
  'has.object.x.y',
  'has.__proto__.x.y',
  ...PROTOTYPE_KEYS,
  ...BAD_TEXT,
];
/** Raw (already encoded) path segments: bad percent-encodings and encoded separators. */
const RAW_SEGMENTS = [
  '%',
  '%Z',
  '%ZZ',
  '%E0%A4%A',
  '%C0%AF',
  '%ED%A0%80',
  '%FF',
  '%2e%2e%2f',
  '%2F',
  '%252F',
  '%u0000',
];
const FIELD_NAMES = [
  'name',
  'title',
  'id',
  'email',
  'password',
  'password2',
  'kind',
  'duration',
  'payload',
  'location',
  'latitude',
  'longitude',
  'value',
  'type',
  'sceneId',
  'versionId',
  'passcode',
  'texts',
  'content',
  'format',
  'restart',
  'message',
  'room',
  'event',
  'rules',
  'conditions',
  'actions',
  'search',
  'page',
  'limit',
  'status',
  'role',
  'msg',
  'mac',
  'p',
  'p2',
  'token',
  'direction',
  'position',
  'start',
  'end',
  'description',
  'settings',
  ...PROTOTYPE_KEYS,
];

const badText = fc.oneof(
  fc.constantFrom(...BAD_TEXT),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ maxLength: 20 }).map((text) => `${text}\u0000`),
);
const hugeText = fc.constantFrom('x'.repeat(10_000), 'é'.repeat(100_000), '9'.repeat(400));
const weirdNumber = fc.constantFrom(-1, 0, 1e308, -1e308, 2 ** 53 + 1, 0.5, -0, Number.MAX_SAFE_INTEGER);
const deep = fc.integer({ min: 20, max: 200 }).map((depth) => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
});
const { scalar } = fc.letrec((tie) => ({
  scalar: fc.oneof(
    badText,
    hugeText,
    weirdNumber,
    fc.boolean(),
    fc.constant(null),
    fc.string({ maxLength: 12 }),
    fc.constantFrom(...BAD_IDS),
    tie('structure'),
  ),
  structure: fc.oneof(
    { depthSize: 'small' },
    fc.array(tie('scalar'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...FIELD_NAMES), tie('scalar'), { maxKeys: 4 }),
    deep,
  ),
}));

/** A JSON body, sometimes with prototype keys written literally (JSON.stringify would drop `__proto__`). */
const jsonBody = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), scalar, { maxKeys: 6 }).map((body) => JSON.stringify(body)),
  scalar.map((value) => JSON.stringify(value) ?? 'null'),
  fc
    .tuple(fc.constantFrom('__proto__', 'constructor', 'prototype'), scalar)
    .map(([key, value]) => `{"${key}": {"isAdmin": true, "role": "admin", "polluted": ${JSON.stringify(value) ?? 1}}}`),
  fc.constantFrom('{', '{"a":', '[1,]', '"\\ud800"', '{"name":"\\u0000"}', 'nul', '', '{}{}', '\u0000'),
);

const body = fc.oneof(
  { weight: 6, arbitrary: jsonBody.map((payload) => ({ contentType: 'application/json', payload })) },
  fc.record({
    contentType: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
      'application/xml',
      '',
      'application/json\u0000',
    ),
    payload: fc.oneof(
      fc.string({ maxLength: 50 }),
      fc.constantFrom('--x\r\nContent-Disposition: form-data\r\n\r\n--x--'),
    ),
  }),
  fc.constant(undefined),
);

const query = fc.option(
  fc
    .array(fc.tuple(fc.constantFrom(...FIELD_NAMES), fc.oneof(fc.constantFrom(...BAD_IDS), badText, weirdNumber)), {
      maxLength: 4,
    })
    .map((pairs) => pairs.map(([key, value]) => `${encode(key)}=${encode(String(value))}`).join('&')),
);

describe('#security fuzz', () => {
  let t: TestApp;
  let routes: Route[];
  let realIds: Record<string, string[]>;
  let identities: Record<string, Record<string, string>>;
  // The server's error log, to show what a 5xx was.
  let lastError = '';

  beforeAll(async () => {
    t = await createTestApp({
      mailer: createMemoryMailer(),
      logStream: {
        write: (line: string) => {
          if (line.includes('"level":50')) lastError = line;
        },
      },
    });
    const admin = await createUser(t.app.ctx, { role: 'admin' });
    const designer = await createUser(t.app.ctx, { role: 'designer' });
    const player = await createUser(t.app.ctx);
    const game = await createPlayableGame(t.app, designer);
    const versionId = game.versionId ?? '';
    const { instance } = await createInstance(t.app.ctx, { gameId: game.gameId, versionId, players: [player] });
    const media = await createMedia(t.app.ctx, game.gameId);
    realIds = {
      gameId: [game.gameId],
      versionId: [versionId, 'current'],
      instanceId: [instance.id],
      sceneId: [game.scene.id],
      id: [game.gameId, versionId, instance.id, game.scene.id, game.pier.id, game.question.id, media.id],
      key: [`has.offer.${game.scene.id}.${game.worldOfferId}`],
      path: ['object', 'offer'],
      language: ['de', 'el', 'en'],
    };
    identities = {
      admin: admin.headers,
      designer: designer.headers,
      player: player.headers,
      anonymous: {},
      forged: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' },
    };
    routes = routesOf(t.app.swagger());
  }, 120_000);
  afterAll(() => t.close());

  it(`answers ${REQUESTS} generated bad requests without a 5xx`, { timeout: 600_000 }, async () => {
    const segment = (name: string) =>
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...(realIds[name] ?? realIds.id ?? [])) },
        { weight: 3, arbitrary: fc.constantFrom(...BAD_IDS).map(encode) },
        { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
        { weight: 1, arbitrary: badText.map(encode) },
      );
    const request = fc.constantFrom(...routes).chain((route) => {
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? 'id');
      return fc.record({
        route: fc.constant(route),
        segments: fc.tuple(...names.map(segment)),
        query,
        body,
        identity: fc.constantFrom(...Object.keys(identities)),
        extraHeaders: fc.option(
          fc.record({
            'x-loci-device': fc.oneof(fc.constantFrom(...BAD_IDS).map(encode), fc.string({ maxLength: 8 })),
          }),
        ),
      });
    });
    const samples = fc.sample(request, { numRuns: REQUESTS, seed: SEED });

    const failures = new Map<string, { count: number; example: string; body: string }>();
    const statuses = new Map<number, number>();
    const started = Date.now();
    for (const sample of samples) {
      let i = 0;
      const path = sample.route.path.replace(/\{\w+\}/g, () => sample.segments[i++] ?? '');
      const url = sample.query ? `${path}?${sample.query}` : path;
      const headers: Record<string, string> = { ...identities[sample.identity], ...sample.extraHeaders };
      const options: InjectOptions = { method: sample.route.method, url, headers };
      if (sample.body && sample.route.method !== 'GET') {
        if (sample.body.contentType) headers['content-type'] = sample.body.contentType;
        options.payload = sample.body.payload;
      }
      const res = await t.app.inject(options);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500) {
        const key = `${res.statusCode} ${sample.route.method} ${sample.route.path}`;
        const failure = failures.get(key) ?? { count: 0, example: url.slice(0, 200), body: lastError.slice(0, 600) };
        failure.count += 1;
        failures.set(key, failure);
      }
    }
    const fiveHundreds = [...failures.values()].reduce((sum, failure) => sum + failure.count, 0);
    const summary = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
    console.log(
      `fuzz: ${samples.length} requests over ${routes.length} routes in ${Math.round((Date.now() - started) / 1000)} s, ` +
        `${fiveHundreds} answered 5xx (${summary.join(' ')})`,
    );
    for (const [key, failure] of failures)
      console.log(`  ${key}: ${failure.count}, e.g. ${failure.example} → ${failure.body}`);
    expect(routes.length).toBeGreaterThan(60);
    expect(Object.fromEntries(failures)).toEqual({});
  });
});
