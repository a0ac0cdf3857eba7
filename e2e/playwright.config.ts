import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { CHROMIUM_LAUNCH } from './support/chromium.js';
import { artifacts } from './support/env.js';

// Browser tests drive Debian's Chromium (never a downloaded browser) against a
// real Loci server started by global-setup.ts on a fresh data folder.
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(artifacts, 'test-output'),
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: process.env.LOCI_E2E_BASE_URL,
    viewport: { width: 1280, height: 860 },
    // English browsers, whatever the machine's locale: the player speaks the device's language (docs/play.md).
    locale: 'en-US',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
});
