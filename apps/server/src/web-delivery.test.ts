import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryMailer, createTestApp, type TestApp } from './test/app.js';

const INDEX = '<!doctype html><html><head><script type="module" src="/fe/assets/app-abc123.js"></script></head></html>';
const PLAY = '<!doctype html><html><head><script type="module" src="/fe/assets/play-def456.js"></script></head></html>';
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const ICON = '<svg xmlns="http://www.w3.org/2000/svg"/>';
const SERVICE_WORKER = 'self.addEventListener("fetch", () => {});';
const MANIFEST = '{"name":"Loci","start_url":"/fe/"}';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SOURCE_MAP = JSON.stringify({ version: 3, sources: ['src/secret-source.ts'], mappings: '' });

/** A built console as Vite writes it: hashed assets and index.html, each with .br and .gz siblings. */
function writeDist(dir: string): void {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  for (const [file, body] of [
    ['index.html', INDEX],
    ['play.html', PLAY],
    ['assets/app-abc123.js', SCRIPT],
  ] as const) {
    writeFileSync(path.join(dir, file), body);
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(body));
  }
  // The build's source maps (and their compressed siblings, as the build writes them for any large file).
  writeFileSync(path.join(dir, 'assets/app-abc123.js.map'), SOURCE_MAP);
  writeFileSync(path.join(dir, 'assets/app-abc123.js.map.br'), brotliCompressSync(SOURCE_MAP));
  writeFileSync(path.join(dir, 'assets/app-abc123.js.map.gz'), gzipSync(SOURCE_MAP));
  // Below the build's 1 KB threshold: no compressed siblings.
  writeFileSync(path.join(dir, 'loci.svg'), ICON);
  // The player's service worker and web app manifest: fixed names, so never immutable.
  writeFileSync(path.join(dir, 'sw.js'), SERVICE_WORKER);
  writeFileSync(path.join(dir, 'manifest.webmanifest'), MANIFEST);
}

describe('#web delivery of the built console', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'loci-dist-'));
    writeDist(dist);
    t = await createTestApp({ mailer: createMemoryMailer(), env: { LOCI_WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('sends the brotli file to a brotli client, gzip to a gzip-only client and the plain file otherwise', async () => {
    const br = await get('/fe/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length);

    const gz = await get('/fe/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/fe/assets/app-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('lets hashed assets be cached for a year and never revalidated', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await get('/fe/assets/app-abc123.js', { 'accept-encoding': encoding });
      expect(res.headers['cache-control'], encoding).toBe(IMMUTABLE);
    }
  });

  it('answers 404 with the console for a /fe path that is none of its routes', async () => {
    for (const url of ['/fe/nowhere', '/fe/active-games/42/players', '/fe/admin/users?x=1', '/fe/games']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      // The console still comes, so the browser shows its 'No Route match' page.
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toBe(INDEX);
    }
    for (const url of ['/fe/login', '/fe/active-games/42/instance/i1', '/fe/games/42/scenes/show/s1?tab=2']) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it("answers the player's own page (play.html) for a play link and a QR deep link, the console's for the rest", async () => {
    for (const url of ['/fe/play/42', '/fe/play/42?code=gameplay%2F42%2Fobject%2Fo1', '/fe/gameplay/42/object/o1']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(PLAY);
    }
    // Not a route of the player: the player's page still comes (it shows its 'not found'), with the status 404.
    const unknown = await get('/fe/play/42/more');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(PLAY);
    for (const url of ['/fe/login', '/fe/my-games', '/fe/playground']) expect((await get(url)).body, url).toBe(INDEX);
  });

  it('makes index.html and deep links revalidate by ETag, answering 304 when unchanged', async () => {
    for (const url of ['/fe/', '/fe/games/42/scenes']) {
      for (const encoding of ['br', 'identity']) {
        const first = await get(url, { 'accept-encoding': encoding });
        expect(first.statusCode, url).toBe(200);
        expect(first.headers['content-type'], url).toMatch(/text\/html/);
        expect(first.headers['cache-control'], url).toBe('no-cache');
        const etag = String(first.headers.etag ?? '');
        expect(etag, url).not.toBe('');

        const again = await get(url, { 'accept-encoding': encoding, 'if-none-match': etag });
        expect(again.statusCode, `${url} ${encoding}`).toBe(304);
        expect(again.body).toBe('');
      }
    }
    const deepLink = await get('/fe/games/42/scenes', { 'accept-encoding': 'br' });
    expect(deepLink.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(deepLink.rawPayload).toString()).toBe(INDEX);
  });

  it('makes the service worker and the web app manifest revalidate (a new build must reach installed players)', async () => {
    const sw = await get('/fe/sw.js', { 'accept-encoding': 'br' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.body).toBe(SERVICE_WORKER);
    const manifest = await get('/fe/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('sends a file that has no compressed sibling as it is', async () => {
    const res = await get('/fe/loci.svg', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(ICON);
  });

  it('keeps the source maps to itself unless LOCI_SOURCE_MAPS is set', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const map = await get('/fe/assets/app-abc123.js.map', { 'accept-encoding': encoding });
      expect(map.statusCode).toBe(404);
      expect(map.body).not.toContain('secret-source');
    }
    const withMaps = await createTestApp({ env: { LOCI_WEB_DIST: dist, LOCI_SOURCE_MAPS: 'true' } });
    try {
      const map = await withMaps.app.inject({ method: 'GET', url: '/fe/assets/app-abc123.js.map' });
      expect(map.statusCode).toBe(200);
      expect(map.body).toContain('secret-source');
    } finally {
      await withMaps.close();
    }
  });

  it('still answers a missing asset with 404', async () => {
    const res = await get('/fe/assets/gone-000000.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
  });
});

describe('#API answer compression', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ mailer: createMemoryMailer() });
  });
  afterAll(async () => t.close());

  it('compresses a large JSON answer for a client that accepts it, and leaves small ones alone', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const br = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();

    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
