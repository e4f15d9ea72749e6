/**
 * Chains over the API: listed, read, registered (a new name, or a name's next version), refused with each problem
 * at its path, retired; kept with the runs (SQLite here), and a run pinned to the version it started with, also
 * when another orchestrator takes it over.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createExtractiveSummaryGenerator,
  createOfflineDocumentGenerator,
  createOfflineOutlineGenerator,
  SummarySchema,
} from '@baton/chain';
import { createDocAgent } from '@baton/doc-agent';
import { createOutlineAgent } from '@baton/outline-agent';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { createSqliteStores } from '@baton/store-sqlite';
import { createSummaryAgent } from '@baton/summary-agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrchestrator } from '../src/create-orchestrator.ts';
import type { RunView } from '../src/run/run-types.ts';
import { createSqliteRunRecords } from '../src/run/sqlite-run-records.ts';
import { createOutageRecords } from './outage-records.ts';
import {
  type ProbeAgent,
  postJson,
  probeOrchestrator,
  startProbeAgent,
  probeStep as step,
  untilRun,
} from './probe-agent.ts';

const quiet = { error: () => undefined, warn: () => undefined };
const servers: RunningA2AServer[] = [];
let agents: string[] = [];
let probe: ProbeAgent;

beforeAll(async () => {
  servers.push(
    await startA2AServer(createOutlineAgent({ generator: createOfflineOutlineGenerator() })),
    await startA2AServer(createDocAgent({ generator: createOfflineDocumentGenerator() })),
    await startA2AServer(createSummaryAgent({ generator: createExtractiveSummaryGenerator() })),
  );
  agents = servers.map((server) => server.url);
  probe = await startProbeAgent();
}, 30_000);
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await probe.close();
});

type App = ReturnType<typeof createOrchestrator>;
const getJson = async <T = Record<string, unknown>>(app: App, path: string) => {
  const response = await app.request(path);
  return { status: response.status, body: (await response.json()) as T };
};
interface ChainAnswer {
  name: string;
  version: number;
  retired: boolean;
  definition: Record<string, unknown> & { name: string };
  versions: { version: number }[];
}
interface Refusal {
  error: { code: string; message: string; problems: { path: string; message: string }[] };
}

describe('the chains API', () => {
  it('answers a chain fetched from GET /chains/default and posted back under a new name with a run that completes', async () => {
    const app = createOrchestrator({ agents, logger: quiet, console: false });
    const fetched = await getJson<ChainAnswer>(app, '/chains/default');
    expect(fetched.status).toBe(200);
    expect(fetched.body).toMatchObject({
      name: 'default',
      version: 1,
      retired: false,
      versions: [{ version: 1 }],
    });
    const posted = await postJson<{ name: string; version: number; created: boolean }>(app, '/chains', {
      ...fetched.body.definition,
      name: 'my-default',
    });
    expect(posted).toEqual({
      status: 201,
      body: expect.objectContaining({ name: 'my-default', version: 1, created: true }),
    });
    const run = await postJson(app, '/runs', { chain: 'my-default', topic: 'Glaciers', wait: true });
    expect(run.body.status).toBe('completed');
    expect(run.body).toMatchObject({ chain: 'my-default', chainVersion: 1 });
    expect(SummarySchema.parse(run.body.result).title.length).toBeGreaterThan(0);
    const { body } = await getJson<{ chains: { name: string }[] }>(app, '/chains');
    expect(body.chains.map((chain) => chain.name)).toEqual([
      'default',
      'audiences',
      'my-default',
      'routed',
      'sections',
    ]);
    await app.close();
  });

  it('keeps a new version when the name exists, answers the same definition with its version, and reads old ones', async () => {
    const app = probeOrchestrator([probe.url], []);
    const v1 = { name: 'grows', description: 'one step', steps: [step('a', 'test.slow')], result: 'a' };
    const v2 = {
      ...v1,
      description: 'two steps',
      steps: [step('a', 'test.slow'), step('b', 'test.slow', ['a'])],
      result: 'b',
    };
    expect((await postJson(app, '/chains', v1)).body).toMatchObject({ version: 1, created: true });
    expect(await postJson(app, '/chains', v2)).toMatchObject({
      status: 201,
      body: { version: 2, created: true },
    });
    expect(await postJson(app, '/chains', v2)).toMatchObject({
      status: 200,
      body: { version: 2, created: false },
    });
    const current = await getJson<ChainAnswer>(app, '/chains/grows');
    expect(current.body.version).toBe(2);
    expect(current.body.versions.map((entry) => entry.version)).toEqual([1, 2]);
    const old = await getJson<ChainAnswer>(app, '/chains/grows?version=1');
    expect(old.body.definition.description).toBe('one step');
    expect((await getJson(app, '/chains/grows?version=3')).status).toBe(404);
    expect((await getJson(app, '/chains/nothing')).status).toBe(404);
    // A run may name an older version; it runs that one.
    const pinned = await postJson(app, '/runs', { chain: 'grows', chainVersion: 1, topic: 't', wait: true });
    expect(pinned.body.instances?.map((instance) => instance.step)).toEqual(['a']);
  });

  it.each([
    [
      {
        name: 'loopy',
        description: 'x',
        steps: [step('a', 'test.slow', ['b']), step('b', 'test.slow', ['a'])],
        result: 'b',
      },
      'steps[0].dependsOn',
      'forms a cycle',
    ],
    [
      {
        name: 'unbounded',
        description: 'x',
        steps: [{ id: 'l', loop: { until: 'true', steps: [step('a', 'test.slow')], result: 'a' } }],
        result: 'l',
      },
      'steps[0].loop.maxIterations',
      'Invalid input',
    ],
    [
      {
        name: 'garbled',
        description: 'x',
        steps: [{ id: 'm', map: { over: 'topic +', steps: [step('a', 'test.slow')], result: 'a' } }],
        result: 'm',
      },
      'steps[0].map.over',
      'does not parse',
    ],
    [
      { name: 'selfish', description: 'x', steps: [{ id: 'me', chain: { name: 'selfish' } }], result: 'me' },
      'steps[0].chain.name',
      'runs itself: selfish → selfish',
    ],
    [
      {
        name: 'ghostly',
        description: 'x',
        steps: [{ id: 'g', chain: { name: 'default', version: 9 } }],
        result: 'g',
      },
      'steps[0].chain.version',
      'names no chain "default" version 9',
    ],
    [
      {
        name: 'metadata',
        description: 'x',
        steps: [{ id: 'm', agent: 'http://169.254.169.254/latest', send: [{ topic: true }] }],
        result: 'm',
      },
      'steps[0].agent',
      'names an agent this orchestrator does not know',
    ],
  ])(
    'refuses a broken chain with 400, naming the problem at its path (%#)',
    async (definition, path, message) => {
      const app = probeOrchestrator([probe.url], []);
      const refused = await postJson<Refusal>(app, '/chains', definition);
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe('INVALID_CHAIN');
      expect(refused.body.error.problems).toContainEqual({ path, message: expect.stringContaining(message) });
      expect((await getJson(app, `/chains/${definition.name}`)).status).toBe(404);
    },
  );

  it('refuses a chain that reaches itself through another, and one naming an allowlisted agent at an internal address', async () => {
    const app = probeOrchestrator([probe.url], [], { chainAgentAllowlist: ['http://127.0.0.1:'] });
    const first = { name: 'first', description: 'x', steps: [step('a', 'test.slow')], result: 'a' };
    expect((await postJson(app, '/chains', first)).status).toBe(201);
    const second = {
      name: 'second',
      description: 'x',
      steps: [{ id: 'call', chain: { name: 'first' } }],
      result: 'call',
    };
    expect((await postJson(app, '/chains', second)).status).toBe(201);
    const looped = await postJson<Refusal>(app, '/chains', {
      ...first,
      steps: [{ id: 'call', chain: { name: 'second' } }],
      result: 'call',
    });
    expect(looped.body.error.problems).toContainEqual({
      path: 'steps[0].chain.name',
      message: 'runs itself: first → second → first',
    });
    const internal = await postJson<Refusal>(app, '/chains', {
      name: 'internal',
      description: 'x',
      steps: [{ id: 'x', agent: 'http://127.0.0.1:9/agent', send: [{ topic: true }] }],
      result: 'x',
    });
    expect(internal.status).toBe(400);
    expect(internal.body.error.problems[0]?.message).toContain('an address the orchestrator may not call');
    // An agent it is configured with is always allowed.
    const known = await postJson(app, '/chains', {
      name: 'known',
      description: 'x',
      steps: [{ id: 'x', agent: probe.url, send: [{ text: 'test.slow x' }] }],
      result: 'x',
    });
    expect(known.status).toBe(201);
  });

  it('retires a chain: no new runs until it is registered again', async () => {
    const app = probeOrchestrator([probe.url], []);
    const chain = { name: 'brief', description: 'x', steps: [step('a', 'test.slow')], result: 'a' };
    await postJson(app, '/chains', chain);
    const retired = await app.request('/chains/brief', { method: 'DELETE' });
    expect(await retired.json()).toEqual({ name: 'brief', retired: true });
    const refused = await postJson(app, '/runs', { chain: 'brief', topic: 't' });
    expect(refused).toMatchObject({ status: 409, body: { error: { code: 'CHAIN_RETIRED' } } });
    expect((await getJson<ChainAnswer>(app, '/chains/brief')).body.retired).toBe(true);
    expect((await app.request('/chains/none', { method: 'DELETE' })).status).toBe(404);
    expect((await postJson(app, '/chains', chain)).body).toMatchObject({ version: 2, created: true });
    expect((await postJson(app, '/runs', { chain: 'brief', topic: 't', wait: true })).body.status).toBe(
      'completed',
    );
  });

  it('keeps chains with the runs: another orchestrator on the same SQLite file has them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'baton-chains-'));
    try {
      const open = () => {
        const stores = createSqliteStores({ path: join(dir, 'runs.db') });
        return { stores, records: createSqliteRunRecords(stores.database) };
      };
      const first = open();
      const app = probeOrchestrator([probe.url], [], { runRecords: first.records });
      const chain = { name: 'durable', description: 'x', steps: [step('a', 'test.slow')], result: 'a' };
      expect((await postJson(app, '/chains', chain)).status).toBe(201);
      await app.close();
      first.stores.close();
      const second = open();
      const again = probeOrchestrator([probe.url], [], { runRecords: second.records });
      expect((await getJson<ChainAnswer>(again, '/chains/durable')).body.definition.description).toBe('x');
      await again.close();
      second.stores.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('pins a run to the version it started with, also when another orchestrator takes it over', async () => {
    const records = createOutageRecords();
    const v1 = {
      name: 'pinned',
      description: 'v1',
      steps: [step('early', 'test.slow'), step('late', 'test.slow', ['early'])],
      result: 'late',
    };
    const v2 = { name: 'pinned', description: 'v2', steps: [step('other', 'test.slow')], result: 'other' };
    const first = probeOrchestrator([probe.url], [], { runRecords: records });
    await postJson(first, '/chains', v1);
    const { body } = await postJson<{ runId: string }>(first, '/runs', { chain: 'pinned', topic: 't' });
    await untilRun(first, body.runId, (view) => view.steps[0]?.taskId !== undefined);
    expect((await postJson(first, '/chains', v2)).body).toMatchObject({ version: 2 });
    await first.close();
    const second = probeOrchestrator([probe.url], [], { runRecords: records });
    expect(await second.resumeRuns()).toBe(1);
    const done: RunView = await second.runs.ended(body.runId);
    expect(done.status).toBe('completed');
    expect(done.chainVersion).toBe(1);
    expect(done.instances?.map((instance) => instance.step)).toEqual(['early', 'late']);
    // New runs take the newest version.
    const next = await postJson(second, '/runs', { chain: 'pinned', topic: 't', wait: true });
    expect(next.body).toMatchObject({ chainVersion: 2, status: 'completed' });
    await second.close();
  });
});
