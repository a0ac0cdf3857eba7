/**
 * The browser benches' Chromium: Debian's (`CHROMIUM_PATH`, default /usr/bin/chromium — never a downloaded
 * one), headless with the flags of e2e/playwright.config.ts, on the built console.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

/** The built web app (`npm run build`) the server serves. */
export const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Ends the bench `name` as skipped, saying why, unless the web app is built and Chromium is there. */
export function requireBuiltWebAndChromium(name) {
  if (!existsSync(path.join(webDist, 'index.html')) || !existsSync(executablePath)) {
    console.log(`${name}: needs the built console (npm run build) and ${executablePath}: skipped`);
    process.exit(0);
  }
}

export function launchChromium() {
  return chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
