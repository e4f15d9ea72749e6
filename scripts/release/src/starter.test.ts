/**
 * Slow (installs from the registry and the tarballs: about a minute): the starter as a new user gets it.
 * create-baton-agent runs from its tarball (as `npm create baton-agent` would) and scaffolds one project per
 * runtime; the Node project installs the Baton tarballs and its own dev dependencies with plain npm, and
 * every project runs from there: its own test, its agent on Node (plain `node`, compiled by the project's
 * tsc), Bun and Deno (their own `start` scripts) and Cloudflare Workers (bundled as Workers' tooling does and
 * served by workerd), each called by @baton/client and the `baton` CLI from their tarballs.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { type RunningOnRuntime, runtimeBinary, startOnRuntime } from '@baton/runtimes';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ListeningProcess, startListening } from './listening-process.ts';
import { npm, npx } from './pack-workspace.ts';

const run = promisify(execFile);
const tarballs = inject('tarballs');
const SENT = 'The quick brown fox';
const COUNTED = '4 words. The longest is "quick".';

const CALL = `
import { artifactText, createA2AClient } from '@baton/client';
const client = await createA2AClient({ agent: process.argv[2] });
const answer = await client.sendMessage(process.argv[3]);
console.log(JSON.stringify({ card: client.card.name, state: answer.task?.status.state, text: (answer.task?.artifacts ?? []).map(artifactText).join('') }));
`;

let workdir = '';
const running: (ListeningProcess | RunningOnRuntime)[] = [];
const folderOf = (runtime: string) => join(workdir, `${runtime}-agent`);
// Bun's and Deno's binaries come from the registry packages @baton/runtimes depends on; the projects' scripts
// find them on PATH, as on a machine where they are installed.
const runtimePath = () =>
  [dirname(runtimeBinary('bun')), dirname(runtimeBinary('deno')), process.env.PATH ?? ''].join(delimiter);

async function create(runtime: string): Promise<string> {
  const { stdout } = await run(
    npx,
    [
      '--yes',
      '--package',
      tarballs['create-baton-agent'] ?? '',
      '--',
      'create-baton-agent',
      `${runtime}-agent`,
      '--runtime',
      runtime,
    ],
    { cwd: workdir },
  );
  expect(stdout).toContain(`Created ${runtime}-agent`);
  return folderOf(runtime);
}

async function script(folder: string, name: string): Promise<string> {
  const manifest = JSON.parse(await readFile(join(folder, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const command = manifest.scripts[name];
  if (command === undefined) throw new Error(`${folder} has no ${name} script`);
  return command;
}

/** Runs a project's script through a shell, as `npm run` would, with the runtimes on PATH. */
async function runScript(folder: string, name: string): Promise<string> {
  const { stdout, stderr } = await run('sh', ['-c', await script(folder, name)], {
    cwd: folder,
    env: { ...process.env, PATH: runtimePath(), NO_COLOR: '1' },
  });
  return stdout + stderr;
}

async function startScript(folder: string): Promise<string> {
  const agent = await startListening('sh', ['-c', await script(folder, 'start')], {
    cwd: folder,
    env: { PATH: runtimePath(), PORT: '0', HOST: '127.0.0.1' },
  });
  running.push(agent);
  return agent.url;
}

async function callWithClient(url: string) {
  const { stdout } = await run(process.execPath, ['call.mjs', url, SENT], { cwd: folderOf('node') });
  return JSON.parse(stdout) as { card: string; state: string; text: string };
}

async function callWithCli(url: string): Promise<string> {
  const { stdout } = await run(npx, ['--no-install', 'baton', 'send', url, SENT], { cwd: folderOf('node') });
  return stdout;
}

describe('create-baton-agent from its tarball, one project per runtime (slow)', () => {
  beforeAll(async () => {
    workdir = await mkdtemp(join(tmpdir(), 'baton-starter-'));
    for (const runtime of ['node', 'bun', 'deno', 'workers']) await create(runtime);
    const node = folderOf('node');
    // The Baton packages from their tarballs (they are not published), the rest as package.json says.
    const baton = ['protocol', 'client', 'server', 'cli'].map((name) => tarballs[name] ?? '');
    await run(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', ...baton], { cwd: node });
    await writeFile(join(node, 'call.mjs'), CALL);
    // The other projects need the same packages: they share the Node project's node_modules.
    for (const runtime of ['bun', 'deno', 'workers']) {
      await symlink(join(node, 'node_modules'), join(folderOf(runtime), 'node_modules'), 'dir');
    }
  }, 300_000);

  afterAll(async () => {
    for (const agent of running.splice(0)) await agent.stop();
    if (workdir !== '') await rm(workdir, { recursive: true, force: true });
  });

  it('writes a project that names the Baton packages by version, with its two commands in its README', async () => {
    const manifest = JSON.parse(await readFile(join(folderOf('bun'), 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(manifest.dependencies['@baton/server']).toMatch(/^\^\d+\.\d+\.\d+/);
    expect(await readFile(join(folderOf('deno'), 'README.md'), 'utf8')).toContain(
      'deno install && deno task start\ndeno task test\n',
    );
  });

  it('on Node: its test passes, and plain node serves the agent to @baton/client and the baton CLI', async () => {
    const folder = folderOf('node');
    const test = await runScript(folder, 'test');
    expect(test).toMatch(/# pass 3\b/);
    expect(test).toMatch(/# fail 0\b/);
    const url = await startScript(folder);
    expect(await callWithClient(url)).toEqual({
      card: 'Node agent',
      state: 'TASK_STATE_COMPLETED',
      text: COUNTED,
    });
    const cli = await callWithCli(url);
    expect(cli).toContain(COUNTED);
  }, 120_000);

  it('on Bun: its test passes under bun test, its types check, and bun serves the agent', async () => {
    const folder = folderOf('bun');
    expect(await runScript(folder, 'test')).toMatch(/3 pass\s+0 fail/);
    await runScript(folder, 'typecheck');
    const url = await startScript(folder);
    expect(await callWithClient(url)).toMatchObject({ state: 'TASK_STATE_COMPLETED', text: COUNTED });
  }, 120_000);

  it('on Deno: its test passes under deno test, its types check, and deno serves the agent', async () => {
    const folder = folderOf('deno');
    expect(await runScript(folder, 'test')).toMatch(/ok \| 1 passed \(3 steps\) \| 0 failed/);
    await runScript(folder, 'typecheck');
    const url = await startScript(folder);
    expect(await callWithClient(url)).toMatchObject({ state: 'TASK_STATE_COMPLETED', text: COUNTED });
    expect(await callWithCli(url)).toContain(COUNTED);
  }, 120_000);

  it('on Workers: its test passes, and its worker, bundled for Workers, serves the agent in workerd', async () => {
    const folder = folderOf('workers');
    expect(await runScript(folder, 'test')).toMatch(/# pass 3\b/);
    const worker = await startOnRuntime({
      runtime: 'workers',
      entry: 'src/worker.ts',
      cwd: folder,
      readyPath: '/.well-known/agent-card.json',
    });
    running.push(worker);
    expect(await callWithClient(worker.url)).toMatchObject({ state: 'TASK_STATE_COMPLETED', text: COUNTED });
  }, 120_000);
});
