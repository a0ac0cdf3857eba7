import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * What the service worker downloads at install, to every phone that opens Loci: the player's page whole (play.html
 * and its "p-" files: a play link's warm start needs no network), the console's page with what its first load
 * needs (the files index.html names: the installed app, whose start URL is the console's home, opens offline), the
 * icons and the manifest. The console's other chunks — the design workspace, analytics, the rich-text editor, about
 * 1.5 MB of brotli no player needs — are kept as they are used (src/sw.ts, `OFFLINE_CACHES.assets`).
 */
function precached(url: string): boolean {
  if (!url.startsWith('assets/') || url.startsWith('assets/p-')) return true;
  return consoleFirstLoad().has(url);
}
let firstLoad: Set<string> | undefined;
function consoleFirstLoad(): Set<string> {
  firstLoad ??= new Set(
    [
      ...readFileSync(fileURLToPath(new URL('dist/index.html', import.meta.url)), 'utf8').matchAll(
        /(?:src|href)="\/fe\/(assets\/[^"]+)"/g,
      ),
    ].map((found) => found[1]!),
  );
  return firstLoad;
}

export default defineConfig({
  base: '/fe/',
  plugins: [
    react(),
    // The player installs to the home screen and opens offline: a web app manifest and a service worker
    // (src/sw.ts, Workbox). Registered by src/pwa.ts from the bundle: no inline script (the CSP has none).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        name: 'Loci',
        short_name: 'Loci',
        description: 'Location-based games: play stories on the streets of your city.',
        id: '/fe/',
        start_url: '/fe/',
        scope: '/fe/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#07704f',
        icons: [
          { src: 'loci-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'loci-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'loci-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: 'loci.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      injectManifest: {
        // The files of both builds (not the source maps nor the precompressed siblings), then `precached` keeps
        // what must open without network.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        manifestTransforms: [
          (entries) => ({ manifest: entries.filter((entry) => precached(entry.url)), warnings: [] }),
        ],
      },
    }),
    // .br and .gz siblings, served by the server's static handler (preCompressed) without compressing per request.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  resolve: { conditions: ['loci-source'] },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'http://localhost:3000', ws: true } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    // The web player's page (play.html) is built before, by vite-play.config.ts, into the same dist/: not
    // emptied here, so that the service worker below precaches both pages.
    emptyOutDir: false,
    rolldownOptions: {
      input: { index: fileURLToPath(new URL('index.html', import.meta.url)) },
    },
  },
});
