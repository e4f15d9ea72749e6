/**
 * Load shedding (issue 31): past its limit of runs in flight, the orchestrator refuses new starts at once with
 * 503 TOO_MANY_RUNS and Retry-After, keeping nothing, instead of accepting runs it cannot finish; every run it
 * accepted completes.
 */
import type { RunningA2AServer } from '@baton/server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrchestrator } from '../src/create-orchestrator.ts';
import type { RunView } from '../src/run/run-types.ts';
import { startStandIn } from './stand-in-agents.ts';

const agents: RunningA2AServer[] = [];
let app: ReturnType<typeof createOrchestrator>;

beforeAll(async () => {
  agents.push(
    ...(await Promise.all(
      (['outline', 'document', 'summary'] as const).map((step) =>
        startStandIn(step, { sectionDelayMs: 100 }),
      ),
    )),
  );
  app = createOrchestrator({
    agents: agents.map((agent) => agent.url),
    console: false,
    logger: { error: () => {}, warn: () => {} },
    maxRunsInFlight: 5,
  });
});

afterAll(async () => {
  await app.close();
  await Promise.all(agents.map((agent) => agent.close()));
});

describe('load shedding', () => {
  it('refuses starts past 5 runs in flight with 503 and Retry-After; every accepted run completes', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        app.request('/runs', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ topic: `topic ${index}`, wait: true }),
        }),
      ),
    );
    const completed = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 503);
    expect(completed.length + refused.length).toBe(40);
    expect(completed.length).toBeGreaterThanOrEqual(5);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of completed) expect(((await answer.json()) as RunView).status).toBe('completed');
    for (const answer of refused) {
      expect(answer.headers.get('retry-after')).toBe('2');
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('TOO_MANY_RUNS');
    }
    // Nothing was kept for a refused start: only the accepted runs are listed.
    const listed = (await (await app.request('/runs?limit=200')).json()) as { runs: RunView[] };
    expect(listed.runs).toHaveLength(completed.length);
    // Once they are done, starts are taken again.
    const again = await app.request('/runs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ topic: 'later', wait: true }),
    });
    expect(again.status).toBe(200);
  }, 60_000);
});

describe('load shedding on the orchestrator as an A2A agent', () => {
  it('answers a send past the limit with the agents overload error and Retry-After', async () => {
    const sends = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        app.request('/a2a/jsonrpc', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: index,
            method: 'SendMessage',
            params: {
              message: {
                messageId: crypto.randomUUID(),
                role: 'ROLE_USER',
                parts: [{ text: `topic ${index}` }],
              },
              configuration: { returnImmediately: true },
            },
          }),
        }),
      ),
    );
    const bodies = (await Promise.all(sends.map((send) => send.json()))) as {
      result?: unknown;
      error?: { code: number; message: string; data?: { reason?: string }[] };
    }[];
    const refused = bodies.filter((body) => body.error !== undefined);
    expect(refused.length).toBeGreaterThan(0);
    expect(bodies.length - refused.length).toBeGreaterThanOrEqual(5);
    for (const [index, body] of bodies.entries()) {
      if (body.error === undefined) continue;
      expect(body.error.message).toContain('its limit');
      expect(sends[index]?.headers.get('retry-after')).toBe('2');
    }
  }, 60_000);
});

describe('a limit per caller', () => {
  it("refuses one caller past its share with 429 while another caller's starts are taken", async () => {
    const { createOrchestratorAuth } = await import('../src/http/orchestrator-auth.ts');
    const keyA = 'caller-a-key-0123456789';
    const keyB = 'caller-b-key-0123456789';
    const shared = createOrchestrator({
      agents: agents.map((agent) => agent.url),
      console: false,
      logger: { error: () => {}, warn: () => {} },
      auth: createOrchestratorAuth({ apiKeys: { [keyA]: { id: 'alice' }, [keyB]: { id: 'bob' } } }),
      maxRunsInFlight: 20,
      maxRunsPerCaller: 3,
    });
    const start = (key: string, topic: string) =>
      shared.request('/runs', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-API-Key': key },
        body: JSON.stringify({ topic, wait: true }),
      });
    try {
      const fromAlice = Promise.all(Array.from({ length: 8 }, (_, index) => start(keyA, `alice ${index}`)));
      const fromBob = start(keyB, 'bob');
      const [alice, bob] = [await fromAlice, await fromBob];
      expect(bob.status).toBe(200);
      expect(alice.filter((answer) => answer.status === 200)).toHaveLength(3);
      const refused = alice.filter((answer) => answer.status === 429);
      expect(refused).toHaveLength(5);
      for (const answer of refused) {
        expect(answer.headers.get('retry-after')).toBe('2');
        expect(((await answer.json()) as { error: { code: string } }).error.code).toBe(
          'TOO_MANY_RUNS_FOR_CALLER',
        );
      }
      // Her runs ended: her share is free again.
      expect((await start(keyA, 'alice again')).status).toBe(200);
    } finally {
      await shared.close();
    }
  }, 60_000);
});
