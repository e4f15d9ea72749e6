import { defineConfig } from 'vitest/config';

/**
 * Vitest settings every package shares: tests sit beside the code, and each run also writes a JSON report
 * that `scripts/with-pnpm.mjs` sums into one closing line for the whole workspace.
 */
export const sharedTestConfig = defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'examples/**/*.test.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: '.test-results/vitest.json' },
    // Many suites talk over real sockets; CI machines are shared and small (2 cores), so allow for slowness.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
