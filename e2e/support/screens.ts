import path from 'node:path';
import type { Page } from '@playwright/test';
import { artifacts } from './env.js';

/** Keeps a full-page screenshot of the current screen as a test artifact (e2e/artifacts/screens). */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(artifacts, 'screens', `${name}.png`), fullPage: true });
}
