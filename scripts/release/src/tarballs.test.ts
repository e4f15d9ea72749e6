/**
 * Slow (installs: tens of seconds): Baton's libraries as another repository gets them. The tarballs packed once
 * by src/global-setup.ts are installed with plain npm in a folder outside the workspace and run with plain
 * `node`: no tsx, no TypeScript loader. An agent on SQLite, and one on PostgreSQL with the Redis bus, answer @baton/client from
 * the same tarballs; the declarations type-check in that project.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { realService } from '@baton/server/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ListeningProcess, startListening } from './listening-process.ts';
import { LIBRARIES, npm } from './pack-workspace.ts';

const run = promisify(execFile);
const packed = inject('tarballs');
const PACKAGES = LIBRARIES;
/** Entry points that need more than plain Node: another runtime, or the test runner. */
const NOT_ON_NODE = new Set([
  '@baton/server/bun',
  '@baton/server/deno',
  '@baton/server/testing',
  '@baton/telemetry-node/testing',
]);

const postgres = await realService('PostgreSQL');
const redis = await realService('Redis');

const AGENT = `
import { createA2AServer } from '@baton/server';
import { startA2AServer } from '@baton/server/node';

const [kind, where, busUrl, schema] = process.argv.slice(2);
let stores;
let bus;
if (kind === 'sqlite') {
  const { createSqliteStores } = await import('@baton/store-sqlite');
  stores = createSqliteStores({ path: where });
} else if (kind === 'postgres') {
  const { createPostgresStores } = await import('@baton/store-postgres');
  const { createRedisEventBus } = await import('@baton/bus-redis');
  stores = await createPostgresStores({ url: where, schema });
  bus = await createRedisEventBus({ url: busUrl });
}
const server = createA2AServer({
  card: { name: 'Echo', description: 'Echoes what you say, in two chunks', version: '1.0.0', skills: [] },
  executor: async (ctx) => {
    const chunks = ctx.streamArtifact({ name: 'echo' });
    await chunks.write({ text: 'You said: ' });
    await chunks.end({ text: ctx.text });
    await ctx.complete();
  },
  ...(stores ? { store: stores.tasks, cluster: { leases: stores.leases, ...(bus ? { bus } : {}) } } : {}),
});
const running = await startA2AServer(server, { port: 0, hostname: '127.0.0.1' });
console.log('listening on ' + running.url);
process.on('SIGTERM', async () => {
  await running.close();
  await bus?.close();
  await stores?.close();
  process.exit(0);
});
`;

const CALL = `
import { createA2AClient, userMessage } from '@baton/client';
const [url, taskId] = process.argv.slice(2);
const client = await createA2AClient({ agent: url });
const answer = taskId
  ? { task: await client.getTask({ id: taskId }) }
  : await client.sendMessage({ message: userMessage('hello from a fresh project') });
console.log(JSON.stringify(answer));
`;

const TYPES_CHECK = `
import { type AgentExecutor, createA2AServer, type TaskStore } from '@baton/server';
import { startA2AServer } from '@baton/server/node';
import { createSqliteStores, type SqliteStores } from '@baton/store-sqlite';
import { createPostgresStores } from '@baton/store-postgres';
import { createRedisEventBus } from '@baton/bus-redis';
const executor: AgentExecutor = async (ctx) => ctx.complete('done: ' + ctx.text);
const stores: SqliteStores = createSqliteStores({ path: ':memory:' });
const store: TaskStore = stores.tasks;
const server = createA2AServer({ card: { name: 'T', description: 'T', version: '1', skills: [] }, executor, store });
export const started = startA2AServer(server, { port: 0 });
export const later = [createPostgresStores, createRedisEventBus];
// @ts-expect-error proves the declarations are real types: a store is not a number
export const wrong: number = store;
`;

let project = '';
const tarballs = new Map<string, string>();
const agents: ListeningProcess[] = [];

async function startAgent(args: readonly string[]): Promise<string> {
  const agent = await startListening(process.execPath, ['agent.mjs', ...args], { cwd: project });
  agents.push(agent);
  return agent.url;
}

async function stopAgents(): Promise<void> {
  for (const agent of agents.splice(0)) await agent.stop();
}

async function call(url: string, taskId?: string): Promise<{ task?: Record<string, unknown> }> {
  const { stdout } = await run(process.execPath, ['call.mjs', url, ...(taskId ? [taskId] : [])], {
    cwd: project,
  });
  return JSON.parse(stdout) as { task?: Record<string, unknown> };
}

const echoed = (task: Record<string, unknown> | undefined) =>
  (task?.artifacts as { parts: { text?: string }[] }[] | undefined)?.[0]?.parts
    .map((part) => part.text)
    .join('');

describe('the packed packages in a fresh npm project, run with plain node (slow)', () => {
  beforeAll(async () => {
    project = await mkdtemp(join(tmpdir(), 'baton-tarballs-'));
    for (const name of PACKAGES) tarballs.set(name, packed[name] ?? '');
    await writeFile(
      join(project, 'package.json'),
      JSON.stringify({ name: 'fresh', private: true, type: 'module' }),
    );
    await run(
      npm,
      ['install', '--no-audit', '--no-fund', '--prefer-offline', ...tarballs.values(), '@types/node@20'],
      {
        cwd: project,
      },
    );
    await writeFile(join(project, 'agent.mjs'), AGENT);
    await writeFile(join(project, 'call.mjs'), CALL);
  }, 300_000);

  afterAll(async () => {
    await stopAgents();
    if (project !== '') await rm(project, { recursive: true, force: true });
  });

  it('installs dist with publishConfig applied: no TypeScript sources as entry points, no workspace ranges', async () => {
    for (const name of PACKAGES) {
      const installed = JSON.parse(
        await readFile(join(project, 'node_modules', '@baton', name, 'package.json'), 'utf8'),
      ) as { exports: Record<string, unknown>; dependencies?: Record<string, string> };
      const targets = JSON.stringify(installed.exports);
      expect(targets.replaceAll('.d.ts"', ''), name).not.toMatch(/\.ts"/);
      expect(targets, name).toMatch(/\.\/dist\//);
      const ranges = Object.values(installed.dependencies ?? {});
      expect(
        ranges.filter((range) => /^(workspace|catalog):/.test(range)),
        name,
      ).toEqual([]);
    }
  });

  it('depends on third-party packages by caret range, and on Baton packages at the one shared version', async () => {
    const pinned: string[] = [];
    for (const name of PACKAGES) {
      const installed = JSON.parse(
        await readFile(join(project, 'node_modules', '@baton', name, 'package.json'), 'utf8'),
      ) as { version: string; dependencies?: Record<string, string> };
      for (const [dependency, range] of Object.entries(installed.dependencies ?? {})) {
        const expected = dependency.startsWith('@baton/') ? installed.version : /^\^\d/;
        if (typeof expected === 'string' ? range !== expected : !expected.test(range)) {
          pinned.push(`${name} → ${dependency}@${range}`);
        }
      }
    }
    expect(pinned).toEqual([]);
  });

  it('declares exactly the packages its built code imports: none missing, none unused', async () => {
    const builtins = new Set(builtinModules);
    const problems: string[] = [];
    for (const name of PACKAGES) {
      const folder = join(project, 'node_modules', '@baton', name);
      const manifest = JSON.parse(await readFile(join(folder, 'package.json'), 'utf8')) as {
        name: string;
        dependencies?: Record<string, string>;
        peerDependencies?: Record<string, string>;
      };
      const declared = new Set([
        ...Object.keys(manifest.dependencies ?? {}),
        ...Object.keys(manifest.peerDependencies ?? {}),
      ]);
      const imported = new Set<string>();
      const typedOnly = new Set<string>();
      const files = (await readdir(join(folder, 'dist'), { recursive: true })).filter(
        (file) => file.endsWith('.js') || file.endsWith('.d.ts'),
      );
      for (const file of files) {
        const code = await readFile(join(folder, 'dist', file), 'utf8');
        for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)['"]([^'"]+)['"]/gm)) {
          const specifier = match[1] ?? '';
          if (specifier.startsWith('.') || specifier.startsWith('#') || specifier.startsWith('node:'))
            continue;
          const packageName = specifier.startsWith('@')
            ? specifier.split('/').slice(0, 2).join('/')
            : (specifier.split('/')[0] ?? '');
          if (builtins.has(packageName) || packageName === manifest.name) continue;
          (file.endsWith('.d.ts') ? typedOnly : imported).add(packageName);
        }
      }
      for (const used of imported)
        if (!declared.has(used)) problems.push(`${name} imports ${used} undeclared`);
      for (const dependency of Object.keys(manifest.dependencies ?? {})) {
        // A dependency only the declarations import (a type) is still needed by a consumer's type check.
        const usedByTypes = typedOnly.has(dependency) || typedOnly.has(dependency.replace(/^@types\//, ''));
        if (!imported.has(dependency) && !usedByTypes) {
          problems.push(`${name} declares ${dependency} and never imports it`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('loads every entry point of every package with plain node', async () => {
    const entries: string[] = [];
    for (const name of PACKAGES) {
      const installed = JSON.parse(
        await readFile(join(project, 'node_modules', '@baton', name, 'package.json'), 'utf8'),
      ) as { exports: Record<string, unknown> };
      for (const entry of Object.keys(installed.exports)) {
        if (entry === './package.json') continue;
        const specifier = `@baton/${name}${entry.slice(1)}`;
        if (!NOT_ON_NODE.has(specifier)) entries.push(specifier);
      }
    }
    const script = `for (const s of ${JSON.stringify(entries)}) { const m = await import(s); console.log(s, Object.keys(m).length); }`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: project });
    const loaded = stdout
      .trim()
      .split('\n')
      .map((line) => line.split(' '));
    expect(loaded.map(([specifier]) => specifier)).toEqual(entries);
    for (const [specifier, count] of loaded) expect(Number(count), specifier).toBeGreaterThan(0);
  }, 30_000);

  it('serves an agent on SQLite that @baton/client calls, and keeps its task across a restart', async () => {
    const file = join(project, 'agent.db');
    const url = await startAgent(['sqlite', file]);
    const answer = await call(url);
    expect(answer.task?.status).toMatchObject({ state: 'TASK_STATE_COMPLETED' });
    expect(echoed(answer.task)).toBe('You said: hello from a fresh project');
    await stopAgents();
    const again = await startAgent(['sqlite', file]);
    const kept = await call(again, String(answer.task?.id));
    expect(echoed(kept.task)).toBe('You said: hello from a fresh project');
  }, 60_000);

  it.skipIf(!postgres.available || !redis.available)(
    'serves an agent on PostgreSQL with the Redis bus that @baton/client calls',
    async () => {
      const schema = `baton_tarballs_${process.pid}`;
      try {
        const url = await startAgent(['postgres', postgres.url, redis.url, schema]);
        const answer = await call(url);
        expect(answer.task?.status).toMatchObject({ state: 'TASK_STATE_COMPLETED' });
        expect(echoed(answer.task)).toBe('You said: hello from a fresh project');
      } finally {
        await stopAgents();
        await run(
          process.execPath,
          [
            '-e',
            `const pg = require('pg'); const c = new pg.Client(process.argv[1]); c.connect().then(() => c.query('DROP SCHEMA IF EXISTS "${schema}" CASCADE')).then(() => c.end());`,
            postgres.url,
          ],
          { cwd: project },
        );
      }
    },
    60_000,
  );

  it('type-checks a consumer against the shipped declarations (tsc, nodenext, no skipLibCheck)', async () => {
    await writeFile(join(project, 'check.ts'), TYPES_CHECK);
    const tsconfig = {
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2023', 'DOM'],
        types: ['node'],
        strict: true,
        skipLibCheck: false,
        noEmit: true,
      },
      files: ['check.ts'],
    };
    await writeFile(join(project, 'tsconfig.json'), JSON.stringify(tsconfig));
    const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
    const result = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: project }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(result).toBe('');
  }, 60_000);
});
