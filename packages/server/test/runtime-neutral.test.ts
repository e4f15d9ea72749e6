import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
const sourceRoot = join(packageRoot, 'src');
/**
 * The files allowed to use Node's modules: the Node entry, the push network the `node` import condition picks,
 * and the one `bun` and `deno` pick (their own `node:dns`).
 */
const NODE_ONLY = new Set([
  join(sourceRoot, 'node.ts'),
  join(sourceRoot, 'push', 'node-push-network.ts'),
  join(sourceRoot, 'push', 'resolving-push-network.ts'),
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

// The entry bundled as for a browser or Workers (the `browser` import condition), once for the file.
const browserBundle = build({
  entryPoints: [join(sourceRoot, 'index.ts')],
  bundle: true,
  platform: 'browser',
  format: 'esm',
  write: false,
  logLevel: 'silent',
});

describe('@baton/server runs wherever Hono runs', () => {
  it('imports no node: builtins and uses no Node-only global outside the Node entry', () => {
    const nodeOnly =
      /from ['"]node:|\bprocess\.(env|on|exit|nextTick|stdout|stderr)\b|\bBuffer\.|\brequire\(/;
    const offenders = librarySources(sourceRoot)
      .filter((file) => nodeOnly.test(readFileSync(file, 'utf8')))
      .map((file) => relative(packageRoot, file));
    expect(offenders).toEqual([]);
  });

  it('bundles for the browser platform (as for Workers) with every dependency resolved', async () => {
    const result = await browserBundle;
    expect(result.errors).toEqual([]);
    expect(result.outputFiles[0]?.text).toContain('createA2AServer');
    expect(result.outputFiles[0]?.text).not.toContain('undici');
  });

  it('off Node, says once at start that webhook names cannot be resolved, and still refuses literal addresses', async () => {
    const result = await browserBundle;
    const folder = mkdtempSync(join(tmpdir(), 'baton-browser-bundle-'));
    const file = join(folder, 'server.mjs');
    writeFileSync(file, result.outputFiles[0]?.text ?? '');
    try {
      const bundled = (await import(pathToFileURL(file).href)) as typeof import('../src/index.ts');
      const warnings: string[] = [];
      const server = bundled.createA2AServer({
        card: { name: 'Edge', description: 'On a runtime without DNS', version: '1.0.0', skills: [] },
        executor: () => 'hi',
        push: bundled.pushNotifications(),
        logger: { warn: (message) => warnings.push(message), error: () => undefined },
      });
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('cannot resolve host names');
      const sent = await server.request('/a2a/jsonrpc', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'SendMessage',
          params: {
            message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'hi' }] },
            configuration: { taskPushNotificationConfig: { url: 'http://169.254.169.254/latest' } },
          },
        }),
      });
      expect(((await sent.json()) as { error: { code: number } }).error.code).toBe(-32602);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
