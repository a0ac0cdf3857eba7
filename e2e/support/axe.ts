import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { artifacts } from './env.js';

/** The WCAG success criteria Loci meets (docs/accessibility.md): levels A and AA of WCAG 2.0, 2.1 and 2.2. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
/** What fails a test; moderate and minor findings are kept in the report only. */
const BLOCKING = new Set(['critical', 'serious']);
/** How long before a second reading of a page the first found faults on (a passing transition is over by then). */
const SECOND_LOOK_MS = 600;

/**
 * Runs axe-core over the page as it is and fails on any critical or serious violation of WCAG A/AA, listing each
 * rule with the elements it found (their CSS path) and what is wrong with them. With LOCI_E2E_AXE=report it only
 * writes what it found to e2e/artifacts/axe/{name}.json and lets the test go on (a survey of a whole run).
 */
export async function checkAccessibility(page: Page, name: string): Promise<void> {
  await settled(page);
  // Legacy mode runs axe in the page's own frames: the default opens a blank page beside it for each check, which
  // pages opened by browser.newPage() cannot have (and the pages have no cross-origin frames of ours to check).
  const analyze = () => new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode().analyze();
  const results = await analyze();
  let blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
  if (blocking.length > 0 && process.env.LOCI_E2E_AXE !== 'report') {
    // Read again once the page has settled a second time: a toast that began to fade in after the first wait
    // (seen at #c4c4c4 on white, 1.7:1) is gone from the second reading, a real fault is in both. What fails is
    // what both readings found, on the same elements.
    await page.waitForTimeout(SECOND_LOOK_MS);
    await settled(page);
    const again = await analyze();
    const seenAgain = new Set(
      again.violations.flatMap((v) => v.nodes.map((node) => `${v.id} ${node.target.join(' ')}`)),
    );
    blocking = blocking
      .map((violation) => ({
        ...violation,
        nodes: violation.nodes.filter((node) => seenAgain.has(`${violation.id} ${node.target.join(' ')}`)),
      }))
      .filter((violation) => violation.nodes.length > 0);
  }
  if (process.env.LOCI_E2E_AXE === 'report') {
    if (results.violations.length === 0) return;
    const folder = path.join(artifacts, 'axe');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, `${name}.json`), JSON.stringify(results, null, 2));
    return;
  }
  if (blocking.length === 0) return;
  const listing = blocking.flatMap((violation) => [
    `${violation.impact} ${violation.id}: ${violation.help} (${violation.helpUrl})`,
    ...violation.nodes.map(
      (node) => `  ${node.target.join(' ')}\n    ${(node.failureSummary ?? '').replaceAll('\n', '\n    ')}`,
    ),
  ]);
  throw new Error(`Accessibility (axe, WCAG A/AA) on screen "${name}" at ${page.url()}:\n${listing.join('\n')}`);
}

/**
 * Waits (at most 3 s) until the page has had no running transition or finite animation for three frames in a row: a
 * toast fading in or a dialog's overlay fading out is read by axe at its passing opacity (grey text "at 1.3:1"),
 * which no one sees. Mantine starts a transition a frame or a timer after the element appears (and a toast that
 * closes starts fading by itself), so one wait for the animations running now is not enough. Endless animations
 * (a spinner, a pulsing marker) are not waited for.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const deadline = Date.now() + 3000;
    const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    let quietFrames = 0;
    while (quietFrames < 3 && Date.now() < deadline) {
      const finite = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState !== 'finished' && animation.effect?.getComputedTiming().iterations !== Infinity,
        );
      if (finite.length === 0) {
        quietFrames += 1;
        await nextFrame();
        continue;
      }
      quietFrames = 0;
      const ends = finite.map((animation) =>
        animation.finished.then(
          () => undefined,
          () => undefined,
        ),
      );
      await Promise.race([
        Promise.all(ends),
        new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now()))),
      ]);
    }
  });
}
