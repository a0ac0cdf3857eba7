import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

// The web player's page (play.html) as a build of its own, run before the console's (vite.config.ts) into the
// same dist/: the same source files, compiled against Preact (preact/compat) instead of React, so that a play
// link opened on a phone loads a lighter runtime before its map. The console — its Playtest included — stays on
// React. Its files sit in assets/ (named by content hash, so the server's immutable caching applies) with a
// "p-" prefix; the console's build, which runs after, precaches them in the service worker with its own.
const preactCompat = 'preact/compat';
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * The page loads Mantine's stylesheets one by one (src/play-build/mantine.css): a component its code uses whose
 * sheet is not there would be drawn unstyled, so the build fails instead, naming it.
 */
function everyMantineSheet(): Plugin {
  const sheets = here('src/play-build/mantine.css');
  const styles = path.join(path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')), 'styles');
  return {
    name: 'loci-every-mantine-sheet',
    generateBundle(_options, bundle) {
      const listed = new Set(
        [...readFileSync(sheets, 'utf8').matchAll(/styles\/(\w+)\.css/g)].map((found) => found[1]),
      );
      const used = new Set<string>();
      // The modules whose code is in the output (the barrel's other components are read, then left out).
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        for (const [id, module] of Object.entries(file.modules)) {
          const component = /@mantine\/core\/esm\/components\/(\w+)\//.exec(id)?.[1];
          if (component && module.renderedLength > 0 && existsSync(`${styles}/${component}.css`)) used.add(component);
        }
      }
      const missing = [...used].filter((component) => !listed.has(component));
      if (missing.length > 0) {
        this.error(
          `src/play-build/mantine.css lacks the stylesheets of ${missing.join(', ')} (@mantine/core/styles/…)`,
        );
      }
    },
  };
}

export default defineConfig({
  base: '/fe/',
  plugins: [react(), everyMantineSheet(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  resolve: {
    conditions: ['loci-source'],
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: preactCompat },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react-router$/, replacement: here('src/play-build/router.tsx') },
      { find: /^react$/, replacement: here('src/play-build/react.js') },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      input: { play: here('play.html') },
      output: {
        entryFileNames: 'assets/p-[name]-[hash].js',
        chunkFileNames: 'assets/p-[name]-[hash].js',
        assetFileNames: 'assets/p-[name]-[hash][extname]',
      },
    },
  },
});
