import { defineConfig } from 'vitest/config';

// One run over every workspace; Playwright specs (e2e/) are never collected here.
export default defineConfig({
  resolve: { conditions: ['loci-source'] },
  ssr: { resolve: { conditions: ['loci-source'] } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'engine', include: ['packages/engine/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
