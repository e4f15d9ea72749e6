/**
 * Idempotency-Key on the orchestrator's writes: a retried POST /runs makes one run and gets the first answer (also
 * from another orchestrator on the same store, and also when the first answer was never kept because its instance
 * died); the key with another body is 422, while the first is under way 409; cancel, approve-like writes and
 * POST /chains replay their first answer.
 */
import { createSqliteStores } from '@baton/store-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdempotencyRecords } from '../src/idempotency/idempotency-records.ts';
import { createInMemoryRunRecords } from '../src/run/run-records.ts';
import type { RunView } from '../src/run/run-types.ts';
import { createSqliteRunRecords } from '../src/run/sqlite-run-records.ts';
import { type ProbeAgent, probeOrchestrator, probeStep, startProbeAgent, untilRun } from './probe-agent.ts';

let probe: ProbeAgent;
beforeAll(async () => {
  probe = await startProbeAgent();
});
afterAll(async () => {
  await probe.close();
});

const slowChain = {
  name: 'slow',
  description: 'One slow probe step',
  steps: [probeStep('only', 'test.slow')],
  result: 'only',
};
type App = ReturnType<typeof probeOrchestrator>;

async function post(app: App, path: string, body: object, key?: string) {
  const response = await app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { 'idempotency-key': key }) },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    text: await response.text(),
    replayed: response.headers.get('idempotent-replayed'),
  };
}

async function runCount(app: App): Promise<number> {
  const response = await app.request('/runs?limit=200');
  return ((await response.json()) as { runs: RunView[] }).runs.length;
}

describe('Idempotency-Key on POST /runs', () => {
  it('makes one run for two requests with one key, the second answered with the first answer', async () => {
    const app = probeOrchestrator([probe.url], [slowChain]);
    try {
      const first = await post(app, '/runs', { chain: 'slow', topic: 'tea' }, '"run-key-1"');
      const again = await post(app, '/runs', { chain: 'slow', topic: 'tea' }, '"run-key-1"');
      expect(first.status).toBe(202);
      expect(again).toEqual({ ...first, replayed: 'true' });
      expect(await runCount(app)).toBe(1);
      // Without a key, or with another one, a request is its own.
      expect((await post(app, '/runs', { chain: 'slow', topic: 'tea' })).status).toBe(202);
      expect((await post(app, '/runs', { chain: 'slow', topic: 'tea' }, 'run-key-2')).status).toBe(202);
      expect(await runCount(app)).toBe(3);
    } finally {
      await app.close();
    }
  });

  it('refuses the key with another body (422), and answers 409 while the first is under way', async () => {
    const app = probeOrchestrator([probe.url], [slowChain]);
    try {
      const waiting = post(app, '/runs', { chain: 'slow', topic: 'coffee', wait: true }, 'wait-key');
      await new Promise((resolve) => setTimeout(resolve, 50));
      const busy = await post(app, '/runs', { chain: 'slow', topic: 'coffee', wait: true }, 'wait-key');
      expect(busy.status).toBe(409);
      expect(JSON.parse(busy.text)).toMatchObject({ error: { code: 'IDEMPOTENCY_KEY_IN_PROGRESS' } });
      const done = await waiting;
      expect(done.status).toBe(200);
      expect(JSON.parse(done.text)).toMatchObject({ status: 'completed' });
      expect(await post(app, '/runs', { chain: 'slow', topic: 'coffee', wait: true }, 'wait-key')).toEqual({
        ...done,
        replayed: 'true',
      });
      const other = await post(app, '/runs', { chain: 'slow', topic: 'cocoa', wait: true }, 'wait-key');
      expect(other.status).toBe(422);
      expect(JSON.parse(other.text)).toMatchObject({ error: { code: 'IDEMPOTENCY_KEY_REUSED' } });
      const bad = await post(app, '/runs', { chain: 'slow', topic: 'cocoa' }, 'two words');
      expect(bad.status).toBe(400);
      expect(JSON.parse(bad.text)).toMatchObject({ error: { code: 'INVALID_IDEMPOTENCY_KEY' } });
      expect(await runCount(app)).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('answers a retry on another orchestrator sharing the store with the first answer', async () => {
    const stores = createSqliteStores({ path: ':memory:' });
    const records = createSqliteRunRecords(stores.database);
    const one = probeOrchestrator([probe.url], [slowChain], { runRecords: records });
    const two = probeOrchestrator([probe.url], [slowChain], { runRecords: records });
    try {
      const first = await post(one, '/runs', { chain: 'slow', topic: 'tea' }, 'shared-key');
      const again = await post(two, '/runs', { chain: 'slow', topic: 'tea' }, 'shared-key');
      expect(again).toEqual({ ...first, replayed: 'true' });
      expect(await runCount(two)).toBe(1);
    } finally {
      await Promise.all([one.close(), two.close()]);
      stores.close();
    }
  });

  it('makes one run when the first answer was never kept (its instance died) and the claim lapsed', async () => {
    const records = createInMemoryRunRecords();
    const keys = records.idempotency as IdempotencyRecords;
    // An instance that dies after keeping the run, before keeping its answer: the claim lapses at once.
    const dying: IdempotencyRecords = {
      ...keys,
      claim: (request) => keys.claim(request, 1),
      extend: async () => undefined,
      complete: async () => {
        throw new Error('killed before the answer was kept');
      },
    };
    const app = probeOrchestrator([probe.url], [slowChain], {
      runRecords: { ...records, idempotency: dying },
    });
    try {
      const first = await post(app, '/runs', { chain: 'slow', topic: 'tea' }, 'lost-answer');
      await new Promise((resolve) => setTimeout(resolve, 20));
      const again = await post(app, '/runs', { chain: 'slow', topic: 'tea' }, 'lost-answer');
      expect(first.status).toBe(202);
      expect(again.status).toBe(202);
      expect(JSON.parse(again.text).runId).toBe(JSON.parse(first.text).runId);
      expect(again.replayed).toBeNull();
      expect(await runCount(app)).toBe(1);
      await untilRun(app, JSON.parse(first.text).runId, (run) => run.status === 'completed');
    } finally {
      await app.close();
    }
  });
});

describe('Idempotency-Key on the other writes', () => {
  it('replays cancel and POST /chains, and refuses a key used on another path', async () => {
    const app = probeOrchestrator([probe.url], [slowChain]);
    try {
      const started = JSON.parse((await post(app, '/runs', { chain: 'slow', topic: 'tea' })).text) as RunView;
      const cancel = await post(app, `/runs/${started.runId}/cancel`, {}, 'cancel-1');
      expect(cancel.status).toBe(200);
      expect(await post(app, `/runs/${started.runId}/cancel`, {}, 'cancel-1')).toEqual({
        ...cancel,
        replayed: 'true',
      });
      expect((await post(app, '/runs', { chain: 'slow', topic: 'tea' }, 'cancel-1')).status).toBe(422);
      const chain = { ...slowChain, name: 'keyed' };
      const registered = await post(app, '/chains', chain, 'chain-1');
      expect(registered.status).toBe(201);
      expect(await post(app, '/chains', chain, 'chain-1')).toEqual({ ...registered, replayed: 'true' });
    } finally {
      await app.close();
    }
  });
});
