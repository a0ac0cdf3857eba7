import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

// The web player's page (play.html) as a build of its own, run before the console's (vite.config.ts) into the
// same dist/: the same source files, compiled against Preact (preact/compat) instead of React, so that a play
// link opened on a phone loads a lighter runtime before its map. The console — its Playtest included — stays on
// React. Its files sit in assets/ (named by content hash, so the server's immutable caching applies) with a
// "p-" prefix; the console's build, which runs after, precaches them in the service worker with its own.
const preactCompat = 'preact/compat';

export default defineConfig({
  base: '/fe/',
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  resolve: {
    conditions: ['loci-source'],
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: preactCompat },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react-router$/, replacement: fileURLToPath(new URL('src/play-build/router.tsx', import.meta.url)) },
      { find: /^react$/, replacement: fileURLToPath(new URL('src/play-build/react.js', import.meta.url)) },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      input: { play: fileURLToPath(new URL('play.html', import.meta.url)) },
      output: {
        entryFileNames: 'assets/p-[name]-[hash].js',
        chunkFileNames: 'assets/p-[name]-[hash].js',
        assetFileNames: 'assets/p-[name]-[hash][extname]',
      },
    },
  },
});
