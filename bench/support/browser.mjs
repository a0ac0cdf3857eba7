/** The browser benches' Chromium, launched as the browser tests launch it (e2e/support/chromium.ts), on the built console. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../../e2e/support/chromium.ts';

/** The built web app (`npm run build`) the server serves. */
export const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');
const { executablePath } = CHROMIUM_LAUNCH;

/** Ends the bench `name` as skipped, saying why, unless the web app is built and Chromium is there. */
export function requireBuiltWebAndChromium(name) {
  if (!existsSync(path.join(webDist, 'index.html')) || !existsSync(executablePath)) {
    console.log(`${name}: needs the built console (npm run build) and ${executablePath}: skipped`);
    process.exit(0);
  }
}

export function launchChromium() {
  return chromium.launch(CHROMIUM_LAUNCH);
}
