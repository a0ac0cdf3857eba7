// Operators at scale in the browser (issue 12 item 6), on the data set of
// bench/operators (bench/support/operators-data.mjs: BENCH_PLAYERS players,
// 5,000, in their own instances, and BENCH_RECORDS gameplay records, 100,000),
// the built server on PostgreSQL and Debian's Chromium, signed in as the game's
// designer (its operator):
// - the analytics page (/fe/analytics/{gameId}): from navigation to the page
//   drawn with its data — the summary's total of players, which only exists
//   once the answer is in — and, separately, from the answer's arrival (its
//   Resource Timing responseEnd) to that frame; then a click on a question's
//   count of players to the frame with their names' popover, and on its
//   Details to the frame with its answers' table;
// - the live map (/fe/active-games/{gameId}): from navigation to the first
//   frame with the players' markers on the map, then the frames
//   (requestAnimationFrame deltas) and long tasks (PerformanceObserver
//   'longtask') during one refresh (every player moved in SQL meanwhile, as
//   live players would) and during a scripted pan and zoom.
// `npm run build` first; `npm run bench -- operators-ui`. Knobs:
// BENCH_DATABASE_URL, BENCH_PLAYERS, BENCH_RECORDS, BENCH_RUNS (3),
// BENCH_REDIS_URL, BENCH_SCREENSHOTS (a folder: screenshots of both pages, desktop).
/* global window, document, requestAnimationFrame -- instrument() and the waits run in the page */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { TOKEN_STORAGE_KEY } from '@loci/domain';
import { launchChromium, requireBuiltWebAndChromium, webDist } from './support/browser.mjs';
import { scaleUpOperatorsGame, seedOperatorsGame } from './support/operators-data.mjs';
import { recreateDatabase, startServer, urlOf as databaseUrlOf } from './support/server.mjs';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 5_000);
const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SCREENSHOTS = process.env.BENCH_SCREENSHOTS ?? path.join(os.tmpdir(), 'loci-bench-operators-ui');
const DB = 'loci_bench_operators_ui';
const url = databaseUrlOf(SERVER_URL, DB);
requireBuiltWebAndChromium('operators-ui');

const sorted = (values) => [...values].sort((a, b) => a - b);
const pct = (values, p) =>
  values.length ? sorted(values)[Math.min(values.length - 1, Math.floor(values.length * p))] : NaN;
const ms = (value) => `${value.toFixed(0)} ms`;
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/**
 * In every page, before its scripts: every frame's time (requestAnimationFrame deltas) and every long task,
 * on performance.now()'s clock, so that a window of the run can be cut out of them afterwards.
 */
function instrument() {
  window.__frames = [];
  window.__longTasks = [];
  let last = performance.now();
  const frame = (now) => {
    window.__frames.push({ at: now, delta: now - last });
    last = now;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push({ at: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/** The frames and long tasks of the page between two of its performance.now() times. */
async function windowOf(page, from, to) {
  return page.evaluate(
    ({ from, to }) => ({
      frames: window.__frames.filter((frame) => frame.at > from && frame.at <= to).map((frame) => frame.delta),
      longTasks: window.__longTasks
        .filter((task) => task.at + task.duration > from && task.at < to)
        .map((task) => task.duration),
    }),
    { from, to },
  );
}

function frameSummary({ frames, longTasks }) {
  return (
    `frames ${frames.length}: p50 ${ms(pct(frames, 0.5))}, p95 ${ms(pct(frames, 0.95))}, ` +
    `max ${ms(Math.max(0, ...frames))}, ${frames.filter((delta) => delta > 50).length} over 50 ms; ` +
    `long tasks ${longTasks.length} (${ms(longTasks.reduce((sum, d) => sum + d, 0))} in all, ` +
    `longest ${ms(Math.max(0, ...longTasks))})`
  );
}

/** performance.now() in the page at the first animation frame where `selector`'s text matches. */
async function firstFrameWith(page, selector, pattern) {
  const handle = await page.waitForFunction(
    ({ selector, pattern }) => {
      const re = new RegExp(pattern);
      return [...document.querySelectorAll(selector)].some((el) => re.test(el.textContent ?? ''))
        ? performance.now()
        : false;
    },
    { selector, pattern },
    { polling: 'raf', timeout: 120_000 },
  );
  return handle.jsonValue();
}

/** The Resource Timing entry of the last request whose URL contains `part`. */
async function resourceOf(page, part) {
  return page.evaluate((part) => {
    const entries = performance.getEntriesByType('resource').filter((entry) => entry.name.includes(part));
    const entry = entries.at(-1);
    return entry
      ? {
          start: entry.startTime,
          responseStart: entry.responseStart,
          end: entry.responseEnd,
          bytes: entry.encodedBodySize,
        }
      : null;
  }, part);
}

async function analyticsRun(context, gameId, players, shot) {
  const page = await context.newPage();
  try {
    await page.goto(`/fe/analytics/${gameId}`);
    // The summary's "Total players" reads the answer's count: it exists only once the data is drawn.
    const drawn = await firstFrameWith(page, 'section[aria-label="Summary"]', `(^|\\D)${players}(\\D|$)`);
    const answer = await resourceOf(page, `/api/analytics/`);
    if (shot) await page.screenshot({ path: path.join(SCREENSHOTS, 'analytics.png'), fullPage: true });
    const between = await windowOf(page, answer.end, drawn);
    // The question's count of players: its popover lists their names (5,000 of them).
    const asked = await page.evaluate(() => performance.now());
    const count = page.getByRole('button', { name: /^Players of/ }).first();
    await count.click();
    const listed = await firstFrameWith(page, '.mantine-Popover-dropdown li', '.');
    const names = await page.locator('.mantine-Popover-dropdown li').count();
    if (shot) await page.screenshot({ path: path.join(SCREENSHOTS, 'analytics-players.png') });
    await count.click();
    await page.locator('.mantine-Popover-dropdown li').first().waitFor({ state: 'detached' });
    // The drill-down of the first question: every answer given to it, in a modal (tens of thousands here).
    const clicked = await page.evaluate(() => performance.now());
    await page
      .getByRole('button', { name: /^Details of/ })
      .first()
      .click();
    const opened = await firstFrameWith(page, '[role="dialog"] tbody', '.');
    const rows = await page.locator('[role="dialog"] tbody tr').count();
    if (shot) {
      await page.waitForTimeout(500); // the modal's fade-in, for the picture only
      await page.screenshot({ path: path.join(SCREENSHOTS, 'analytics-details.png') });
    }
    return { drawn, answer, ...between, popover: listed - asked, names, details: opened - clicked, rows };
  } finally {
    await page.close();
  }
}

async function liveMapRun(context, gameId, client, shot) {
  const page = await context.newPage();
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/fe/active-games/${gameId}`);
    // The first frame with players on the map (markers or clusters of them) once the states arrived.
    const first = await page.waitForFunction(
      () => {
        const map = document.querySelector('.leaflet-container');
        return map && map.querySelector('.leaflet-marker-icon') ? performance.now() : false;
      },
      undefined,
      { polling: 'raf', timeout: 120_000 },
    );
    const drawn = await first.jsonValue();
    const states = await resourceOf(page, '/playerStates');
    const icons = await page.locator('.leaflet-container .leaflet-marker-icon').count();
    const map = page.locator('.leaflet-container');
    await map.scrollIntoViewIfNeeded();
    if (shot) {
      await page.screenshot({ path: path.join(SCREENSHOTS, 'live-map.png'), fullPage: true });
      await map.screenshot({ path: path.join(SCREENSHOTS, 'live-map-detail.png') });
    }

    // One refresh: every player moves a little (as live players would), then the page's next poll (every 10 s).
    await client.query(
      `update player_states set latitude = latitude + (random() - 0.5) / 5000,
         longitude = longitude + (random() - 0.5) / 5000, updated_at = now()`,
    );
    const next = page.waitForResponse((res) => res.url().includes('/playerStates'), { timeout: 30_000 });
    const before = await page.evaluate(() => performance.now());
    await next;
    // The answer is parsed and drawn within the next seconds; the window ends 2 s after it arrived.
    await page.waitForTimeout(2_000);
    const refreshed = await resourceOf(page, '/playerStates');
    const refresh = await windowOf(page, Math.max(before, refreshed.start), refreshed.end + 2_000);

    // A scripted pan (a drag of 400 px in 20 steps) and zoom (in twice, out twice), between two refreshes.
    const box = await map.boundingBox();
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const panStart = await page.evaluate(() => performance.now());
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    for (let step = 1; step <= 20; step += 1) {
      await page.mouse.move(cx - step * 15, cy - step * 5);
      await page.waitForTimeout(16);
    }
    await page.mouse.up();
    for (const control of ['in', 'in', 'out', 'out']) {
      await page.locator(`.leaflet-control-zoom-${control}`).click();
      await page.waitForTimeout(700);
    }
    const panEnd = await page.evaluate(() => performance.now());
    const panZoom = await windowOf(page, panStart, panEnd);
    return { drawn, states, icons, refresh, panZoom };
  } finally {
    await page.close();
  }
}

async function main() {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await recreateDatabase(admin, DB);
  await admin.end();
  mkdirSync(SCREENSHOTS, { recursive: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loci-bench-operators-ui-'));
  const { owner, game, instanceId } = await seedOperatorsGame({ dataDir, databaseUrl: url });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const counts = await scaleUpOperatorsGame(client, { instanceId, players: PLAYERS, records: RECORDS });
  console.log(`data: ${counts.players} players in ${counts.players} instances, ${counts.records} gameplay records`);

  const { child, baseUrl } = await startServer({
    dataDir,
    databaseUrl: url,
    env: { REDIS_URL, LOCI_WEB_DIST: webDist },
  });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    await context.addInitScript(
      ([key, token]) => {
        localStorage.setItem(key, token);
        localStorage.setItem('lociLanguage', 'en');
      },
      [TOKEN_STORAGE_KEY, owner.token],
    );
    await context.addInitScript(instrument);

    console.log(`operators-ui (PostgreSQL, Chromium, ${counts.players} players, ${counts.records} records):`);
    // One warm-up of each page (the server's caches, the browser's compiled code), then RUNS measured.
    for (let run = 0; run <= RUNS; run += 1) {
      const t0 = performance.now();
      const a = await analyticsRun(context, game.gameId, counts.players, run === RUNS);
      const label = run === 0 ? 'warm-up' : `run ${run}`;
      console.log(
        `  analytics ${label}: drawn ${ms(a.drawn)} after navigation (test side ${ms(performance.now() - t0)}); ` +
          `answer ${ms(a.answer.end - a.answer.start)} (${(a.answer.bytes / 1024 / 1024).toFixed(1)} MB over the wire), ` +
          `arrived at ${ms(a.answer.end)}; drawn ${ms(a.drawn - a.answer.end)} after the answer; ` +
          `${a.longTasks.length} long tasks in between (longest ${ms(Math.max(0, ...a.longTasks))}); ` +
          `its players' popover drawn ${ms(a.popover)} after the click (${a.names} names); ` +
          `its details drawn ${ms(a.details)} after the click (${a.rows} rows in the DOM); load ${load()}`,
      );
    }
    for (let run = 0; run <= RUNS; run += 1) {
      const m = await liveMapRun(context, game.gameId, client, run === RUNS);
      const label = run === 0 ? 'warm-up' : `run ${run}`;
      console.log(
        `  live map ${label}: first markers ${ms(m.drawn)} after navigation, ${ms(m.drawn - m.states.end)} after ` +
          `the states arrived (${ms(m.states.end - m.states.start)}, ${(m.states.bytes / 1024).toFixed(0)} KB); ` +
          `${m.icons} marker icons; load ${load()}`,
      );
      console.log(`    refresh: ${frameSummary(m.refresh)}`);
      console.log(`    pan and zoom: ${frameSummary(m.panZoom)}`);
    }
    console.log(`  screenshots: ${SCREENSHOTS}`);
  } finally {
    await browser.close();
    await client.end();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
