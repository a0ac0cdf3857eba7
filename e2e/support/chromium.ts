/**
 * How Loci launches Chromium, for the browser tests (playwright.config.ts) and the browser benches
 * (bench/support/browser.mjs): Debian's (`CHROMIUM_PATH`, default /usr/bin/chromium — never a downloaded one),
 * headless, without the GPU, QUIC, or any background traffic of its own.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
};
