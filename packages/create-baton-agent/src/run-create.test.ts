import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CreateIo, runCreate } from './run-create.ts';

const run = promisify(execFile);
let workdir = '';

beforeEach(async () => {
  workdir = await mkdtemp(join(tmpdir(), 'create-baton-agent-'));
});
afterEach(async () => {
  await rm(workdir, { recursive: true, force: true });
});

function io(argv: string[], options: { interactive?: boolean; answers?: string; userAgent?: string } = {}) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const stdin = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    // Answers a prompt once it is asked, as a person at a terminal would.
    if (options.answers !== undefined && out.endsWith(') ')) {
      const [next, ...rest] = options.answers.split('\n');
      options.answers = rest.join('\n');
      stdin.write(`${next}\n`);
    }
  });
  stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const value: CreateIo = {
    argv,
    env: { npm_config_user_agent: options.userAgent },
    interactive: options.interactive ?? false,
    stdin,
    stdout,
    stderr,
  };
  return { value, out: () => out, err: () => err };
}

const manifestOf = async (folder: string) =>
  JSON.parse(await readFile(join(folder, 'package.json'), 'utf8')) as {
    name: string;
    scripts: Record<string, string>;
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };

describe('create-baton-agent', () => {
  it('scaffolds a Node agent named after its folder, with the two commands printed', async () => {
    const folder = join(workdir, 'Word Counter');
    const cli = io([folder]);
    expect(await runCreate(cli.value)).toBe(0);
    const manifest = await manifestOf(folder);
    expect(manifest.name).toBe('word-counter');
    expect(manifest.dependencies).toEqual({ '@baton/server': '^0.1.0' });
    expect(manifest.devDependencies['@baton/client']).toBe('^0.1.0');
    expect(manifest.scripts.start).toBe('tsc && node dist/main.js');
    expect(await readFile(join(folder, 'src/agent.ts'), 'utf8')).toContain("name: 'Word counter'");
    expect(await readFile(join(folder, '.gitignore'), 'utf8')).toContain('node_modules');
    expect(await readFile(join(folder, 'README.md'), 'utf8')).toContain(
      'npm install && npm start\nnpm test\n',
    );
    expect(cli.out()).toContain('Created word-counter (Node.js (20 or later))');
  });

  it.each([
    ['bun', 'src/main.ts', 'bun src/main.ts'],
    [
      'deno',
      'src/main.ts',
      'deno run --allow-net --allow-env --allow-read --unstable-no-legacy-abort src/main.ts',
    ],
    ['workers', 'src/worker.ts', 'wrangler dev'],
  ])('scaffolds for %s: its entry, its start script', async (runtime, entry, start) => {
    const folder = join(workdir, 'agent');
    expect(await runCreate(io([folder, '--runtime', runtime]).value)).toBe(0);
    await stat(join(folder, entry));
    expect((await manifestOf(folder)).scripts.start).toBe(start);
    const main = await readFile(join(folder, entry), 'utf8');
    if (runtime !== 'workers') expect(main).toContain(`@baton/server/${runtime}`);
    else expect(await readFile(join(folder, 'wrangler.jsonc'), 'utf8')).toContain('"name": "agent"');
  });

  it('takes the runtime from the package manager that runs it (bun create)', async () => {
    const folder = join(workdir, 'agent');
    expect(await runCreate(io([folder], { userAgent: 'bun/1.4.5 npm/? node/v24 linux x64' }).value)).toBe(0);
    expect((await manifestOf(folder)).scripts.start).toBe('bun src/main.ts');
  });

  it('asks for the folder and the runtime on a terminal', async () => {
    const cli = io([], { interactive: true, answers: `${join(workdir, 'asked')}\ndeno` });
    expect(await runCreate(cli.value)).toBe(0);
    expect(cli.out()).toContain('Folder for the new agent? (my-agent)');
    expect((await manifestOf(join(workdir, 'asked'))).scripts.test).toContain('deno test');
  });

  it('refuses a folder that holds files and writes nothing', async () => {
    await writeFile(join(workdir, 'notes.txt'), 'mine');
    const cli = io([workdir]);
    expect(await runCreate(cli.value)).toBe(1);
    expect(cli.err()).toContain('is not empty');
    await expect(stat(join(workdir, 'package.json'))).rejects.toThrow();
  });

  it('answers a wrong command line with the usage and exit code 2', async () => {
    const unknown = io([join(workdir, 'a'), '--runtime', 'jvm']);
    expect(await runCreate(unknown.value)).toBe(2);
    expect(unknown.err()).toContain('unknown runtime "jvm": choose node, bun, deno, workers');
    const noFolder = io([]);
    expect(await runCreate(noFolder.value)).toBe(2);
    expect(noFolder.err()).toContain('Usage: create-baton-agent <folder>');
    const badFlag = io(['--colour']);
    expect(await runCreate(badFlag.value)).toBe(2);
  });

  it("passes the template's own test (node:test, through @baton/client) against this workspace's packages", async () => {
    const test = fileURLToPath(new URL('../template/shared/src/agent.test.ts', import.meta.url));
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--test', test], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
    });
    expect(stdout).toMatch(/# pass 3\b/);
    expect(stdout).toMatch(/# fail 0\b/);
  }, 60_000);
});
