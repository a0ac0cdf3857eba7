// The design workspace in a real browser with a game of 1,000 entities: time
// from navigation to the sidebar listing every scene (the shell waits for the
// whole workspace before it draws), and from a sidebar click to the next form.
// Uses the built console (run `npm run build` first) and Debian's Chromium.
import { performance } from 'node:perf_hooks';
import { createTestApp } from '../apps/server/src/test/app.ts';
import { launchChromium, requireBuiltWebAndChromium, webDist } from './support/browser.mjs';
import { seedLargeGame } from './support/large-game.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
requireBuiltWebAndChromium('design-ui');

function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)].toFixed(0).padStart(5)} ms   max ${sorted.at(-1).toFixed(0).padStart(5)} ms`;
}

delete process.env.TEST_DATABASE_URL;
const t = await createTestApp({ env: { LOCI_WEB_DIST: webDist }, listen: true });
const browser = await launchChromium();
try {
  const { owner, gameId } = await seedLargeGame(t);
  const context = await browser.newContext({ baseURL: t.config.publicUrl });
  await context.addInitScript((token) => localStorage.setItem('jwtToken', token), owner.token);
  const page = await context.newPage();
  const sidebar = page.getByRole('navigation', { name: /./ }).filter({ hasText: 'Overview' });
  const shell = [];
  const form = [];
  for (let i = 0; i < RUNS + 1; i += 1) {
    const started = performance.now();
    await page.goto(`/fe/games/${gameId}`);
    // 50 scenes are listed once the sidebar has drawn the workspace.
    await sidebar.getByText('Scene 49', { exact: true }).waitFor();
    const drawn = performance.now() - started;
    const clicked = performance.now();
    await sidebar.getByText('Scene 0', { exact: true }).click();
    await page.getByText('Scene Script').first().waitFor();
    const opened = performance.now() - clicked;
    if (i > 0) {
      shell.push(drawn);
      form.push(opened);
    }
  }
  console.log('design-ui (PGlite, Chromium, 1,000 entities):');
  console.log(`  load the workspace and draw the sidebar   ${summary(shell)}`);
  console.log(`  open a scene page from the sidebar        ${summary(form)}`);
} finally {
  await browser.close();
  await t.close();
}
