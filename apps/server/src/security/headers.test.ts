import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryMailer, createTestApp, type TestApp } from '../test/app.js';

describe('#security headers', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('sends the CSP, frame, sniffing and referrer headers on the API, its errors and the console', async () => {
    t = await createTestApp({ mailer: createMemoryMailer() });
    for (const url of ['/api/health', '/api/nowhere', '/api/design/games', '/fe/games']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self';");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org");
      expect(csp, url).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });

  it('allows images from the configured tile host (LOCI_TILE_URL), and fetches (the service worker keeps tiles offline)', async () => {
    t = await createTestApp({
      mailer: createMemoryMailer(),
      env: { LOCI_TILE_URL: 'https://tiles.example.org:8443/osm/{z}/{x}/{y}.png' },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain(
      "img-src 'self' data: blob: https://tiles.example.org:8443;",
    );
    expect(res.headers['content-security-policy']).toContain("connect-src 'self' https://tiles.example.org:8443;");
  });

  it('allows the satellite tile host too, and tells the browser both tile sets with their attributions', async () => {
    t = await createTestApp({
      mailer: createMemoryMailer(),
      env: {
        LOCI_TILE_URL_SATELLITE: 'https://imagery.example.net/{z}/{y}/{x}.jpg',
        LOCI_TILE_ATTRIBUTION_SATELLITE: 'Imagery © Example',
      },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain(
      "img-src 'self' data: blob: https://tile.openstreetmap.org https://imagery.example.net;",
    );
    const config = await t.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(config.json()).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      tileAttribution: expect.stringContaining('OpenStreetMap'),
      satelliteTileUrl: 'https://imagery.example.net/{z}/{y}/{x}.jpg',
      satelliteTileAttribution: 'Imagery © Example',
      publicUrl: expect.stringMatching(/^https?:\/\//),
    });
  });

  it('refuses a satellite tile URL without {z}, {x} and {y}', async () => {
    await expect(
      createTestApp({ mailer: createMemoryMailer(), env: { LOCI_TILE_URL_SATELLITE: 'https://imagery.example.net/' } }),
    ).rejects.toThrow(/LOCI_TILE_URL_SATELLITE/);
  });
});
