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
    // One module graph per worker, not per test file: the test files of a package share what they import (the
    // server's 92 files spent 31 s of their 81 s importing it again each time; 33 s in all without). A test file
    // that changes global state restores it (OpenTelemetry providers, timers, environment variables).
    isolate: false,
    // Many suites talk over real sockets; CI machines are shared and small (2 cores), so allow for slowness.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
