import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
const sourceRoot = join(packageRoot, 'src');
/** The files allowed to use Node: the Node entry and the push network the `node` import condition picks. */
const NODE_ONLY = new Set([
  join(sourceRoot, 'node.ts'),
  join(sourceRoot, 'push', 'node-resolve-host.ts'),
  join(sourceRoot, 'push', 'node-push-network.ts'),
]);

function librarySources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'test-support' || entry.name === 'testing' ? [] : librarySources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !NODE_ONLY.has(path)
      ? [path]
      : [];
  });
}

describe('@baton/server runs wherever Hono runs', () => {
  it('imports no node: builtins and uses no Node-only global outside the Node entry', () => {
    const nodeOnly =
      /from ['"]node:|\bprocess\.(env|on|exit|nextTick|stdout|stderr)\b|\bBuffer\.|\brequire\(/;
    const offenders = librarySources(sourceRoot)
      .filter((file) => nodeOnly.test(readFileSync(file, 'utf8')))
      .map((file) => relative(packageRoot, file));
    expect(offenders).toEqual([]);
  });

  it('bundles for the browser platform (as for Workers or Deno) with every dependency resolved', async () => {
    const result = await build({
      entryPoints: [join(sourceRoot, 'index.ts')],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    expect(result.outputFiles[0]?.text).toContain('createA2AServer');
  });
});
