import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
const sourceRoot = join(packageRoot, 'src');

function librarySources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return librarySources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('@baton/protocol is runtime-neutral', () => {
  it('imports no node: builtins and touches no Node-only global in library code', () => {
    const offenders = librarySources(sourceRoot)
      .filter((file) => /from ['"]node:|require\(|\bprocess\.|\bBuffer\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(packageRoot, file));
    expect(offenders).toEqual([]);
  });

  it('bundles for the browser platform with every dependency resolved', async () => {
    const result = await build({
      entryPoints: [join(sourceRoot, 'index.ts')],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    const bundle = result.outputFiles[0]?.text ?? '';
    expect(bundle).not.toMatch(/from ["']node:/);
    expect(bundle.length).toBeGreaterThan(1000);
  });
});
