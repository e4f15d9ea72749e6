/**
 * Slow (build + pack + npm install, ~20-40 s): installs @baton/client the way another repo does and uses it.
 * Both packages are built with their `build` scripts and packed with `pnpm pack`, the pnpm pinned in the root
 * package.json: pnpm applies `publishConfig` (exports → dist) and rewrites `workspace:*` and `catalog:`
 * ranges to real versions, which `npm pack` does not. The tarballs are then installed with plain npm.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createA2AServer } from '@baton/server';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as source from '../src/index.ts';

const run = promisify(execFile);
const clientDir = fileURLToPath(new URL('..', import.meta.url));
const protocolDir = join(clientDir, '..', 'protocol');
const rootDir = join(clientDir, '..', '..');
const tsc = join(clientDir, 'node_modules', 'typescript', 'bin', 'tsc');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const hasClientCore = Object.keys(source).includes('createA2AClient');
const timings: Record<string, number> = {};

let project = '';
let server: RunningA2AServer | undefined;

async function timed<T>(step: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    timings[step] = Math.round(performance.now() - started);
  }
}

async function packWithPnpm(packageDir: string, destination: string): Promise<string> {
  const root = JSON.parse(await readFile(join(rootDir, 'package.json'), 'utf8')) as {
    packageManager: string;
  };
  const pnpm = root.packageManager.split('+')[0] ?? 'pnpm';
  const { stdout } = await run(npx, ['--yes', pnpm, 'pack', '--pack-destination', destination], {
    cwd: packageDir,
  });
  const tarball = stdout.trim().split('\n').at(-1)?.trim() ?? '';
  expect(tarball).toMatch(/\.tgz$/);
  return tarball;
}

const USE_SCRIPT = `
import * as client from '@baton/client';
import { MessageSchema } from '@baton/protocol';
const message = client.userMessage([client.textPart('Plan a trip to Lisbon'), client.dataPart({ days: 2 })], {
  contextId: 'ctx-1',
});
const out = { parsed: MessageSchema.parse(message), messageIdLength: message.messageId.length };
const url = process.argv[2];
if (url && typeof client.createA2AClient === 'function') {
  const a2a = await client.createA2AClient({ agent: url });
  out.response = await a2a.sendMessage({ message: client.userMessage('hello from a fresh project') });
}
console.log(JSON.stringify(out));
`;

const TYPES_CHECK = `
import { type ArtifactAssembler, createArtifactAssembler, type TextPart, textPart, userMessage } from '@baton/client';
import type { Message } from '@baton/protocol';
const message: Message = userMessage([textPart('hi')]);
const assembler: ArtifactAssembler = createArtifactAssembler();
const part: TextPart = textPart('typed');
// @ts-expect-error proves the declarations are real types: a Message is not a number
const wrong: number = userMessage('hi');
export { assembler, message, part, wrong };
`;

describe('package install (slow): the packed @baton/client in a fresh npm project', () => {
  beforeAll(async () => {
    project = await mkdtemp(join(tmpdir(), 'baton-client-install-'));
    await timed('build', async () => {
      await run(npm, ['run', 'build'], { cwd: protocolDir });
      await run(npm, ['run', 'build'], { cwd: clientDir });
    });
    const tarballs = await timed('pack', async () => [
      await packWithPnpm(protocolDir, project),
      await packWithPnpm(clientDir, project),
    ]);
    await writeFile(
      join(project, 'package.json'),
      JSON.stringify({ name: 'fresh-consumer', private: true, type: 'module' }, null, 2),
    );
    await timed('npm install', () =>
      run(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', ...tarballs], { cwd: project }),
    );
    if (hasClientCore) {
      const card = { name: 'Echo', description: 'Echoes what you say', version: '1.0.0', skills: [] };
      const a2a = createA2AServer({ card, executor: async (ctx) => `You said: ${ctx.text}` });
      server = await startA2AServer(a2a);
    }
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    if (project !== '') await rm(project, { recursive: true, force: true });
    console.log('package-install timings (ms):', timings);
  });

  it('packs dist with publishConfig applied and no workspace: or catalog: ranges', async () => {
    const installed = JSON.parse(
      await readFile(join(project, 'node_modules', '@baton', 'client', 'package.json'), 'utf8'),
    ) as { exports: unknown; dependencies: Record<string, string> };
    expect(installed.exports).toStrictEqual({
      '.': { types: './dist/index.d.ts', import: './dist/index.js', default: './dist/index.js' },
    });
    expect(installed.dependencies['@baton/protocol']).toMatch(/^\d+\.\d+\.\d+/);
    expect(
      Object.values(installed.dependencies).filter((range) => /^(workspace|catalog):/.test(range)),
    ).toEqual([]);
  });

  it('runs under node: builds a valid message with the builders', async () => {
    await writeFile(join(project, 'use.mjs'), USE_SCRIPT);
    const { stdout } = await timed('node script', () => run(process.execPath, ['use.mjs'], { cwd: project }));
    const out = JSON.parse(stdout) as { parsed: unknown; messageIdLength: number };
    expect(out.parsed).toMatchObject({
      role: 'ROLE_USER',
      contextId: 'ctx-1',
      parts: [{ text: 'Plan a trip to Lisbon' }, { data: { days: 2 } }],
    });
    expect(out.messageIdLength).toBe(22);
  }, 15_000);

  it.skipIf(!hasClientCore)(
    'sends a message to a @baton/server on 127.0.0.1 with createA2AClient',
    async () => {
      await writeFile(join(project, 'use.mjs'), USE_SCRIPT);
      const { stdout } = await timed('node script with server', () =>
        run(process.execPath, ['use.mjs', server?.url ?? ''], { cwd: project }),
      );
      const out = JSON.parse(stdout) as { response?: unknown };
      expect(JSON.stringify(out.response)).toContain('You said: hello from a fresh project');
    },
    15_000,
  );

  it('type-checks a consumer file against the shipped declarations (tsc, nodenext, no skipLibCheck)', async () => {
    await writeFile(join(project, 'check.ts'), TYPES_CHECK);
    const tsconfig = {
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2023', 'DOM'],
        types: [],
        strict: true,
        exactOptionalPropertyTypes: true,
        skipLibCheck: false,
        noEmit: true,
      },
      files: ['check.ts'],
    };
    await writeFile(join(project, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
    const result = await timed('tsc', () =>
      run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: project }).then(
        () => '',
        (error: { stdout?: string }) => error.stdout ?? String(error),
      ),
    );
    expect(result).toBe('');
  }, 30_000);
});
