import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { createA2AServer } from '../src/create-a2a-server.ts';
import { startA2AServer } from '../src/node.ts';

const sourceRoot = fileURLToPath(new URL('../src', import.meta.url));

/** The server bundled for Node and split at its dynamic imports, as a service bundled for Node would be. */
const bundled = build({
  entryPoints: [join(sourceRoot, 'index.ts')],
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  outdir: join(sourceRoot, '..', '.lazy-v03-bundle'),
  write: false,
  metafile: true,
  logLevel: 'silent',
});

/** The output files a start loads: the entry and what it imports statically, transitively. */
function loadedAtStart(metafile: Metafile): Set<string> {
  const entry = Object.entries(metafile.outputs).find(([, output]) => output.entryPoint)?.[0];
  const loaded = new Set<string>();
  const visit = (path: string) => {
    if (loaded.has(path)) return;
    loaded.add(path);
    for (const imported of metafile.outputs[path]?.imports ?? [])
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  if (entry) visit(entry);
  return loaded;
}

const isV03Schema = (input: string) => /protocol\/src\/v03\//.test(input);

describe('the 0.3 schemas load with the first 0.3 call', () => {
  it('a bundled server loads none of them at start, and keeps them in a chunk it imports on demand', async () => {
    const { metafile } = await bundled;
    const atStart = loadedAtStart(metafile);
    const startInputs = [...atStart].flatMap((path) => Object.keys(metafile.outputs[path]?.inputs ?? {}));
    // What translation needs at start: a timestamp check and the push config resource names, no other schema.
    expect(startInputs.filter(isV03Schema).map((input) => input.replace(/^.*\/src\//, ''))).toEqual([
      'v03/timestamp.ts',
      'v03/rest/push-config-name.ts',
    ]);
    const onDemand = Object.entries(metafile.outputs).filter(([path]) => !atStart.has(path));
    const lazyInputs = onDemand.flatMap(([, output]) => Object.keys(output.inputs));
    expect(lazyInputs.filter(isV03Schema).length).toBeGreaterThan(20);
  });

  it('a 0.3 call is served, and its bad params refused, by a server that has answered only 1.0 so far', async () => {
    const server = createA2AServer({
      card: { name: 'Echo', description: 'Echoes', version: '1.0.0', skills: [] },
      executor: async () => 'hello',
      logger: { error: () => undefined, warn: () => undefined },
    });
    const running = await startA2AServer(server);
    try {
      const send = async (version: '1.0' | '0.3', params: unknown) => {
        const method = version === '1.0' ? 'SendMessage' : 'message/send';
        const answer = await fetch(`${running.url}/a2a/jsonrpc`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'a2a-version': version },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        });
        return (await answer.json()) as { result?: Record<string, unknown>; error?: { code: number } };
      };
      const v1 = await send('1.0', {
        message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'hi' }] },
      });
      expect(v1.result?.message).toMatchObject({ role: 'ROLE_AGENT', parts: [{ text: 'hello' }] });
      const message = {
        kind: 'message',
        messageId: 'm2',
        role: 'user',
        parts: [{ kind: 'text', text: 'hi' }],
      };
      const v03 = await send('0.3', { message });
      expect(v03.result).toMatchObject({
        kind: 'message',
        role: 'agent',
        parts: [{ kind: 'text', text: 'hello' }],
      });
      const invalid = await send('0.3', { message: { kind: 'message', role: 'user' } });
      expect(invalid.error?.code).toBe(-32602);
    } finally {
      await running.close();
    }
  });
});
