import path from 'node:path';
import type { Page } from '@playwright/test';
import { checkAccessibility } from './axe.js';
import { artifacts } from './env.js';

/**
 * Keeps a full-page screenshot of the current screen as a test artifact (e2e/artifacts/screens), then checks the
 * screen with axe (support/axe.ts): every screen a browser test keeps is one that passes WCAG A/AA's checks.
 */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(artifacts, 'screens', `${name}.png`), fullPage: true });
  await checkAccessibility(page, name);
}
