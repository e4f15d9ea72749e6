/**
 * Slow (build + pack + npm install, ~10-20 s): installs the packed @baton/cli into a fresh npm project the way
 * another repo does, and runs its `baton` bin against a server. The bin is one bundled file, so the package
 * brings no dependencies of its own.
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
import { runBaton } from './run-baton.ts';

const run = promisify(execFile);
const cliDir = fileURLToPath(new URL('..', import.meta.url));
const rootDir = join(cliDir, '..', '..');
let project = '';
let server: RunningA2AServer | undefined;

describe('package install (slow): the packed @baton/cli in a fresh npm project', () => {
  beforeAll(async () => {
    project = await mkdtemp(join(tmpdir(), 'baton-cli-install-'));
    await run(process.execPath, ['scripts/build.mjs'], { cwd: cliDir });
    const root = JSON.parse(await readFile(join(rootDir, 'package.json'), 'utf8')) as {
      packageManager: string;
    };
    const pnpm = root.packageManager.split('+')[0] ?? 'pnpm';
    const { stdout } = await run('npx', ['--yes', pnpm, 'pack', '--pack-destination', project], {
      cwd: cliDir,
    });
    const tarball = stdout.trim().split('\n').at(-1)?.trim() ?? '';
    await writeFile(
      join(project, 'package.json'),
      JSON.stringify({ name: 'fresh', private: true, type: 'module' }),
    );
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], { cwd: project });
    const card = { name: 'Echo', description: 'Echoes what you say', version: '1.0.0', skills: [] };
    server = await startA2AServer(
      createA2AServer({
        card,
        executor: async (ctx) => {
          await ctx.complete({ parts: [{ text: `You said: ${ctx.text}` }] });
        },
      }),
    );
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    if (project !== '') await rm(project, { recursive: true, force: true });
  });

  it('installs a baton bin with no dependencies that talks to an agent', async () => {
    const installed = JSON.parse(
      await readFile(join(project, 'node_modules', '@baton', 'cli', 'package.json'), 'utf8'),
    ) as { bin: Record<string, string>; dependencies?: Record<string, string> };
    expect(installed.bin).toEqual({ baton: './dist/baton.js' });
    expect(installed.dependencies ?? {}).toEqual({});
    const bin = join(project, 'node_modules', '@baton', 'cli', 'dist', 'baton.js');
    const card = await runBaton(['card', server?.url ?? ''], { bin });
    expect(card.code).toBe(0);
    expect(card.stdout).toContain('Echo 1.0.0');
    const sent = await runBaton(['send', server?.url ?? '', 'hello'], { bin });
    expect(sent.code).toBe(0);
    expect(sent.stdout).toContain('You said: hello');
    const { stdout } = await run(join(project, 'node_modules', '.bin', 'baton'), ['--help']);
    expect(stdout).toContain('baton card <url>');
  });
});
