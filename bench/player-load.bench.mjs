// The web player's first load on a phone: a player opens the play link of a game they play (a rejoin: no
// introduction), on a phone profile (Pixel 7 viewport and user agent, a "slow 4G" link: 150 ms, 1.6 Mbit/s).
// Measures, until the map is usable (the Leaflet map and the player's tools drawn): the bytes that came over
// the network (compressed, as sent) — JavaScript apart — and the time. Cold: a new browser profile (nothing
// cached, no service worker). Warm: the same profile later, the service worker installed; and warm offline:
// the same, the network cut (the start must need none).
// Uses the built console (run `npm run build` first) and Debian's Chromium.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { devices } from '@playwright/test';
import { newGameVersionDefaults, newSceneDefaults, TOKEN_STORAGE_KEY } from '@loci/domain';
import { createTestApp } from '../apps/server/src/test/app.ts';
import { createUser } from '../apps/server/src/test/factories.ts';
import { createGame } from '../apps/server/src/test/game-factories.ts';
import { launchChromium, requireBuiltWebAndChromium, webDist } from './support/browser.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
requireBuiltWebAndChromium('player-load');
/** Lighthouse's mobile "slow 4G". */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CENTRE = { lat: 37.9715, lng: 23.7257 };

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

delete process.env.TEST_DATABASE_URL;
const t = await createTestApp({ env: { LOCI_WEB_DIST: webDist }, listen: true });
const baseUrl = t.config.publicUrl;

/** A published map game with one scene, and a player who has started it. */
async function seed() {
  const designer = await createUser(t.app.ctx, { role: 'designer', name: 'Bench Designer' });
  const player = await createUser(t.app.ctx, { role: 'player', name: 'Bench Player' });
  const game = await createGame(t.app.ctx, designer, { title: 'Bench Walk' });
  const gameId = game.row.id;
  const call = async (token, url, body) => {
    const res = await fetch(`${baseUrl}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-loci-device': 'bench' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  await call(designer.token, `/api/design/${gameId}/scenes`, {
    ...newSceneDefaults(CENTRE),
    name: 'square',
    title: 'The Square',
    radius: 600,
    gameId,
  });
  await call(designer.token, `/api/design/${gameId}/gameVersions`, {
    ...newGameVersionDefaults(),
    versionNotes: 'bench',
  });
  await call(player.token, `/api/play/games/${gameId}/instances`, {});
  return { gameId, token: player.token };
}

/** The size of the build's .br sibling of a file served under /fe/ (the HTML of a page: its entry document). */
function brotliSize(pathname, fallback) {
  const file = pathname.replace(/^\/fe\//, '');
  const html = existsSync(path.join(webDist, 'play.html')) ? 'play.html' : 'index.html';
  const candidate = file.startsWith('assets/') || file.endsWith('.js') ? file : html;
  const br = path.join(webDist, `${candidate}.br`);
  return existsSync(br) ? statSync(br).size : fallback;
}

/** One load of the player: what came over the network until the map was usable, and how long it took. */
async function load(context, gameId, { offline = false } = {}) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', offline ? { ...SLOW_4G, offline: true } : SLOW_4G);
  const types = new Map();
  const totals = { js: 0, jsBrotli: 0, shellBrotli: 0, all: 0, requests: 0, fromServiceWorker: 0, files: [] };
  let counting = true;
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    types.set(requestId, { type, sw: response.fromServiceWorker, url: response.url });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const info = types.get(requestId);
    if (!counting || !info) return;
    if (info.sw) {
      totals.fromServiceWorker += 1;
      return;
    }
    totals.requests += 1;
    totals.all += encodedDataLength;
    if (!['Script', 'Stylesheet', 'Document'].includes(info.type)) return;
    // Chromium asks for brotli over HTTPS only: over this http:// server it gets gzip. The build's .br
    // sibling of the same file is what a phone gets from a deployment behind HTTPS (the play page's
    // HTML is the server's answer for /fe/play/...: the build's play.html, or index.html).
    const brotli = brotliSize(new URL(info.url).pathname, encodedDataLength);
    totals.shellBrotli += brotli;
    totals.files.push({ url: new URL(info.url).pathname, type: info.type, brotli });
    if (info.type !== 'Script') return;
    totals.js += encodedDataLength;
    totals.jsBrotli += brotli;
  });
  const started = performance.now();
  await page.goto(`${baseUrl}/fe/play/${gameId}`);
  await page.locator('.leaflet-container').waitFor();
  await page.getByRole('button', { name: 'Backpack' }).waitFor();
  const ms = performance.now() - started;
  counting = false;
  return { page, ms, ...totals };
}

const browser = await launchChromium();
try {
  const { gameId, token } = await seed();
  const phone = devices['Pixel 7'];
  const results = { cold: [], warm: [], offline: [] };
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({
      ...phone,
      serviceWorkers: 'allow',
      permissions: ['geolocation'],
      geolocation: { latitude: CENTRE.lat, longitude: CENTRE.lng },
    });
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [TOKEN_STORAGE_KEY, token]);
    const cold = await load(context, gameId);
    results.cold.push(cold);
    // The service worker installs after the load (precaching the build), then controls the next visit.
    await cold.page.evaluate(() => navigator.serviceWorker.ready);
    await cold.page.close();
    const warm = await load(context, gameId);
    results.warm.push(warm);
    await warm.page.close();
    await context.setOffline(true);
    const offline = await load(context, gameId, { offline: true });
    results.offline.push(offline);
    await context.close();
  }
  for (const [name, rows] of Object.entries(results)) {
    const pick = (key) => median(rows.map((row) => row[key]));
    console.log(
      `${name.padEnd(8)} time to usable map: median ${pick('ms').toFixed(0).padStart(5)} ms (max ${Math.max(...rows.map((r) => r.ms)).toFixed(0)} ms)` +
        `   over the network: ${kB(pick('js'))} JavaScript as sent (gzip; ${kB(pick('jsBrotli'))} as brotli), ${kB(pick('all'))} in all (${pick('requests')} requests)` +
        `   HTML + CSS + JavaScript as brotli: ${kB(pick('shellBrotli'))}` +
        `   from the service worker: ${pick('fromServiceWorker')} answers`,
    );
  }
  // Where the cold bytes go: every HTML, CSS and JavaScript file of the first cold load, largest first.
  console.log('cold load, brotli by file:');
  for (const file of [...results.cold[0].files].sort((a, b) => b.brotli - a.brotli)) {
    console.log(`  ${kB(file.brotli).padStart(9)}  ${file.type.padEnd(10)} ${file.url}`);
  }
} finally {
  await browser.close();
  await t.close();
}
