import { createPostgresEventBus } from '@baton/bus-postgres';
import {
  createExtractiveSummaryGenerator,
  createOfflineDocumentGenerator,
  createOfflineOutlineGenerator,
  SummarySchema,
} from '@baton/chain';
import { createA2AClient } from '@baton/client';
import { startRoundRobinProxy } from '@baton/cluster-testing';
import { createDocAgent } from '@baton/doc-agent';
import { createOutlineAgent } from '@baton/outline-agent';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { realService } from '@baton/server/testing';
import { createPostgresStores } from '@baton/store-postgres';
import { createSummaryAgent } from '@baton/summary-agent';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrchestrator, type Orchestrator } from '../src/create-orchestrator.ts';
import type { RunView } from '../src/run/run-types.ts';

const postgres = await realService('PostgreSQL');
const schema = `baton_chain_cluster_${process.pid}`;
const quiet = { error: () => undefined, warn: () => undefined };
const cleanups: (() => Promise<void>)[] = [];

async function outlineInstance(): Promise<RunningA2AServer> {
  const stores = await createPostgresStores({ url: postgres.url, schema, logger: quiet });
  const bus = await createPostgresEventBus({ url: postgres.url, schema, logger: quiet });
  const server = await startA2AServer(
    createOutlineAgent({
      generator: createOfflineOutlineGenerator(),
      store: stores.tasks,
      cluster: { leases: stores.leases, bus, leaseTtlMs: 3_000 },
    }),
  );
  cleanups.push(
    () => server.close(),
    () => bus.close(),
    () => stores.close(),
  );
  return server;
}

describe.skipIf(!postgres.available)(
  'chain runs with the outline agent on two instances behind a round-robin proxy',
  () => {
    let orchestrator: Orchestrator;
    let proxyUrl = '';
    let proxyCounts: readonly number[] = [];

    beforeAll(async () => {
      const outline = [await outlineInstance(), await outlineInstance()];
      const proxy = await startRoundRobinProxy(outline.map((server) => server.url));
      proxyUrl = proxy.url;
      proxyCounts = proxy.counts;
      cleanups.push(() => proxy.close());
      const doc = await startA2AServer(createDocAgent({ generator: createOfflineDocumentGenerator() }));
      const summary = await startA2AServer(
        createSummaryAgent({ generator: createExtractiveSummaryGenerator() }),
      );
      cleanups.push(
        () => doc.close(),
        () => summary.close(),
      );
      orchestrator = createOrchestrator({ agents: [proxy.url, doc.url, summary.url], logger: quiet });
    }, 30_000);

    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
      const admin = new pg.Client({ connectionString: postgres.url });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    });

    async function post(path: string, body: unknown): Promise<Response> {
      return orchestrator.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    }

    async function until(runId: string, statuses: RunView['status'][]): Promise<RunView> {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const view = await orchestrator.runs.view(runId);
        if (view && (statuses.includes(view.status) || Date.now() > deadline)) return view;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }

    it('completes or cancels 100 runs whose calls, answers and cancels included, alternate between the two instances', async () => {
      const failures: string[] = [];
      const client = await createA2AClient({ agent: proxyUrl });
      const run = async (index: number): Promise<void> => {
        // No topic: the outline agent asks for one, and the answer goes through the proxy to the other instance.
        const started = (await (await post('/runs', { topic: '' })).json()) as { runId: string };
        const asked = await until(started.runId, ['input-required', 'failed']);
        const outlineTask = asked.steps[0]?.taskId ?? '';
        if (asked.status !== 'input-required') {
          failures.push(`run ${index}: ${asked.status} ${asked.error?.message}`);
          return;
        }
        if (index % 5 === 4) {
          await post(`/runs/${started.runId}/cancel`, {});
          const canceled = await until(started.runId, ['canceled']);
          const task = await client.getTask(outlineTask);
          if (canceled.status !== 'canceled' || task.status.state !== 'TASK_STATE_CANCELED') {
            failures.push(
              `run ${index}: cancel left the run ${canceled.status}, the task ${task.status.state}`,
            );
          }
          return;
        }
        await post(`/runs/${started.runId}/answer`, { answer: `Topic number ${index}` });
        const done = await until(started.runId, ['completed', 'failed', 'canceled']);
        if (done.status !== 'completed') {
          failures.push(`run ${index}: ${done.status} ${done.error?.message}`);
          return;
        }
        if (done.steps[0]?.taskId !== outlineTask) failures.push(`run ${index}: the outline task changed`);
        if (!SummarySchema.parse(done.artifacts.summary).title.includes(`Topic number ${index}`)) {
          failures.push(`run ${index}: the summary is not about its topic`);
        }
      };
      let next = 0;
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          while (next < 100) await run(next++);
        }),
      );
      expect(failures).toEqual([]);
      // Every run made two or three calls to the outline agent (send, then answer or cancel and GetTask).
      expect(Math.min(...proxyCounts)).toBeGreaterThanOrEqual(90);
    }, 120_000);
  },
);
