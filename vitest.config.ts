import { defineConfig } from 'vitest/config';

// One run over every workspace; Playwright specs (e2e/) are never collected here.
export default defineConfig({
  resolve: { conditions: ['loci-source'] },
  ssr: { resolve: { conditions: ['loci-source'] } },
  test: {
    projects: [
      {
        extends: true,
        // Property tests run hundreds of random games on the CPU: on a busy 2-core machine one took 5–8 s and
        // failed on the default 5 s limit. Speed is measured in bench/, not by unit-test timeouts.
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'engine',
          include: ['packages/engine/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
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
