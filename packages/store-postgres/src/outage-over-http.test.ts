import { createA2AClient } from '@baton/client';
import { startTcpProxy } from '@baton/cluster-testing';
import { isA2AError } from '@baton/protocol';
import { createA2AServer, STORE_UNAVAILABLE } from '@baton/server';
import { startA2AServer } from '@baton/server/node';
import { realService } from '@baton/server/testing';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresStores } from './create-postgres-stores.ts';

const postgres = await realService('PostgreSQL');
const schema = `baton_outage_${process.pid}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!postgres.available)('an agent on PostgreSQL while the database goes away', () => {
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  });

  it('answers calls during the outage with the retryable store error, never crashes, and recovers every task after', async () => {
    const target = new URL(postgres.url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port) || 5432 });
    const viaProxy = new URL(postgres.url);
    viaProxy.port = String(proxy.port);
    const quiet = { error: () => undefined, warn: () => undefined };
    const stores = await createPostgresStores({
      url: viaProxy.toString(),
      schema,
      connectTimeoutMs: 500,
      logger: quiet,
    });
    const server = createA2AServer({
      card: { name: 'Outage test', description: 'Works in three steps', version: '1.0.0', skills: [] },
      executor: async (ctx) => {
        await ctx.working('step 1');
        await sleep(20);
        await ctx.addArtifact({ name: 'result', parts: [{ text: ctx.text }] });
        await sleep(20);
        await ctx.complete('done');
      },
      store: stores.tasks,
      cluster: { leases: stores.leases, leaseTtlMs: 400 },
      logger: quiet,
    });
    const running = await startA2AServer(server);
    const client = await createA2AClient({ agent: running.url, retry: { attempts: 1 } });
    const outcomes = { completed: 0, unavailable: 0, other: [] as string[] };
    const taskIds = new Set<string>();
    let stop = false;

    const loop = async (worker: number) => {
      for (let round = 0; !stop; round += 1) {
        try {
          const response = await client.sendMessage(`w${worker} r${round}`, { timeoutMs: 10_000 });
          if ('task' in response) {
            taskIds.add(response.task.id);
            const { state, message } = response.task.status;
            const why = message?.parts.map((part) => ('text' in part ? part.text : '')).join('') ?? '';
            if (state === 'TASK_STATE_COMPLETED') outcomes.completed += 1;
            // A write refused mid-task, then the FAILED status recorded once the store was back: also honest.
            else if (state === 'TASK_STATE_FAILED' && /task store is unavailable/.test(why))
              outcomes.unavailable += 1;
            else outcomes.other.push(`task ${state}: ${why}`);
          }
        } catch (error) {
          if (isA2AError(error) && error.code === -32603 && error.reason === STORE_UNAVAILABLE) {
            expect(error.message).toMatch(/^The task store is unavailable \(PostgreSQL: .+\); retry later$/);
            outcomes.unavailable += 1;
            await sleep(20);
          } else {
            outcomes.other.push(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
          }
        }
      }
    };
    const workers = Promise.all([0, 1, 2, 3, 4, 5].map(loop));
    await sleep(700);
    const beforeOutage = outcomes.completed;
    await proxy.cut();
    await sleep(700);
    // Over HTTP+JSON the same failure is a 503 with Retry-After.
    const rest = await fetch(`${running.url}/a2a/rest/tasks/${[...taskIds][0]}`, {
      headers: { 'A2A-Version': '1.0' },
    });
    expect(rest.status).toBe(503);
    expect(rest.headers.get('retry-after')).toBe('2');
    await proxy.restore();
    await sleep(1_000);
    stop = true;
    await workers;

    expect(beforeOutage).toBeGreaterThan(0);
    expect(outcomes.unavailable).toBeGreaterThan(0);
    expect(outcomes.completed).toBeGreaterThan(beforeOutage);
    expect(outcomes.other).toEqual([]);

    // Tasks the outage cut short are ended by recovery once the store is back: none stays WORKING.
    let working: string[] = [];
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const listed = await client.listTasks({ pageSize: 100, status: 'TASK_STATE_WORKING' });
      working = listed.tasks.map((task) => task.id);
      if (working.length === 0) break;
      await sleep(100);
    }
    expect(working).toEqual([]);
    await running.close();
    await stores.close();
    await proxy.close();
  }, 30_000);
});
