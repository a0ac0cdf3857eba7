import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { artifacts } from './env.js';

/** The WCAG success criteria Loci meets (docs/accessibility.md): levels A and AA of WCAG 2.0, 2.1 and 2.2. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
/** What fails a test; moderate and minor findings are kept in the report only. */
const BLOCKING = new Set(['critical', 'serious']);

/**
 * Runs axe-core over the page as it is and fails on any critical or serious violation of WCAG A/AA, listing each
 * rule with the elements it found (their CSS path) and what is wrong with them. With LOCI_E2E_AXE=report it only
 * writes what it found to e2e/artifacts/axe/{name}.json and lets the test go on (a survey of a whole run).
 */
export async function checkAccessibility(page: Page, name: string): Promise<void> {
  // Legacy mode runs axe in the page's own frames: the default opens a blank page beside it for each check, which
  // pages opened by browser.newPage() cannot have (and the pages have no cross-origin frames of ours to check).
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode().analyze();
  const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
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
