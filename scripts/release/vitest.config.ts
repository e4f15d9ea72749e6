import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedTestConfig } from '../../vitest.shared.ts';

// Building and packing takes about a minute: done once, before the test files, which install the tarballs.
export default mergeConfig(
  sharedTestConfig,
  defineConfig({ test: { globalSetup: ['src/global-setup.ts'], hookTimeout: 300_000 } }),
);
