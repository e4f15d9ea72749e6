/**
 * The same conformance agent on Bun, Deno and Cloudflare Workers (workerd), over real HTTP on loopback: the
 * kit's contract over JSON-RPC and HTTP+JSON, a 0.3 client, signed push to a webhook, and @baton/client run
 * on Bun and Deno against the agent on its own runtime. The runtimes come from the registry's packages
 * (`@baton/runtimes`); one that is not installed for this platform fails the run under CI=true and is
 * skipped elsewhere with a line that says so.
 */
import { type A2AClient, createA2AClient, createPushWebhook } from '@baton/client';
import {
  type RunningOnRuntime,
  type Runtime,
  RuntimeUnavailableError,
  runOnRuntime,
  runtimeBinary,
  startOnRuntime,
} from '@baton/runtimes';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_TEST_TIMING, contractTests } from './contract-suite.ts';
import { taskOf, tck } from './tck-test-helpers.ts';

const HERE = new URL('..', import.meta.url).pathname;

const ENTRIES: Record<Exclude<Runtime, 'node'>, string> = {
  bun: 'src/bun.ts',
  deno: 'src/deno.ts',
  workers: 'src/worker.ts',
};

function unavailable(runtime: Exclude<Runtime, 'node'>): string | undefined {
  try {
    runtimeBinary(runtime === 'workers' ? 'workerd' : runtime);
    return undefined;
  } catch (error) {
    if (error instanceof RuntimeUnavailableError && process.env.CI !== 'true') return error.message;
    throw error;
  }
}

describe.each(['bun', 'deno', 'workers'] as const)('the conformance agent on %s', (runtime) => {
  const missing = unavailable(runtime);
  if (missing) console.warn(`skipping the ${runtime} tests: ${missing}`);

  describe.skipIf(missing !== undefined)(`served by ${runtime}`, () => {
    let agent: RunningOnRuntime;
    let jsonRpc: A2AClient;
    let rest: A2AClient;
    let legacy: A2AClient;

    beforeAll(async () => {
      agent = await startOnRuntime({
        runtime,
        entry: ENTRIES[runtime],
        cwd: HERE,
        env: {
          RESUBSCRIBE_WORK_MS: String(CONTRACT_TEST_TIMING.resubscribeWorkMs),
          DELAYED_COMPLETE_MS: String(CONTRACT_TEST_TIMING.delayedCompleteMs),
        },
        readyPath: '/.well-known/agent-card.json',
      });
      [jsonRpc, rest, legacy] = await Promise.all([
        createA2AClient({ agent: agent.url, preferredBindings: ['JSONRPC'], preferredVersions: ['1.0'] }),
        createA2AClient({ agent: agent.url, preferredBindings: ['HTTP+JSON'], preferredVersions: ['1.0'] }),
        createA2AClient({ agent: agent.url, preferredBindings: ['JSONRPC'], preferredVersions: ['0.3'] }),
      ]);
    }, 60_000);
    afterAll(async () => {
      await agent?.stop();
    });

    describe('the contract over JSON-RPC 1.0', () => contractTests(() => jsonRpc));
    describe('the contract over HTTP+JSON 1.0', () => contractTests(() => rest));

    it('declares only the bindings it serves', () => {
      expect(new Set(jsonRpc.card.supportedInterfaces.map((entry) => entry.protocolBinding))).toEqual(
        new Set(['JSONRPC', 'HTTP+JSON']),
      );
    });

    it('plays the contract for a 0.3 client', async () => {
      const task = taskOf(await legacy.sendMessage(tck('tck-artifact-data')));
      expect(task.status.state).toBe('TASK_STATE_COMPLETED');
      expect(task.artifacts?.[0]?.parts).toEqual([{ data: { key: 'value', count: 42 } }]);
    });

    it('delivers signed push notifications that a webhook verifies against the agent JWKS', async () => {
      const received: string[] = [];
      const app = new Hono();
      let webhookUrl = '';
      app.post('/hook', (c) =>
        createPushWebhook({
          agentUrl: agent.url,
          webhookUrl,
          onNotification: ({ event }) => {
            if ('statusUpdate' in event && event.statusUpdate) received.push(event.statusUpdate.status.state);
          },
        })(c.req.raw),
      );
      const listener = await new Promise<ReturnType<typeof serve>>((resolve) => {
        const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(server));
      });
      try {
        const address = listener.address();
        webhookUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`;
        const asked = taskOf(await jsonRpc.sendMessage(tck('tck-input-required')));
        await jsonRpc.createPushConfig({ taskId: asked.id, url: webhookUrl });
        await jsonRpc.sendMessage(tck('tck-complete-task', { taskId: asked.id }));
        const deadline = Date.now() + 10_000;
        while (!received.includes('TASK_STATE_COMPLETED') && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(received).toContain('TASK_STATE_COMPLETED');
      } finally {
        listener.close();
      }
    });

    it.skipIf(runtime === 'workers')(
      `runs @baton/client on ${runtime} against it, on both bindings`,
      async () => {
        const run = await runOnRuntime({
          runtime: runtime as 'bun' | 'deno',
          script: 'src/client-probe.ts',
          cwd: HERE,
          env: { AGENT_URL: agent.url },
        });
        expect(run.stderr).toBe('');
        expect(run.code).toBe(0);
        const lines = run.stdout
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as Record<string, unknown>);
        for (const [line, binding] of [
          [lines[0], 'JSONRPC'],
          [lines[1], 'HTTP+JSON'],
        ] as const) {
          expect(line).toEqual({
            binding,
            card: 'Baton conformance agent',
            streamed: [
              'task:SUBMITTED',
              'status:WORKING',
              'artifact(false,false)',
              'artifact(true,true)',
              'status:COMPLETED',
            ],
            asked: ['TASK_STATE_INPUT_REQUIRED', 'Please provide more input to continue.'],
            answered: [true, 'TASK_STATE_COMPLETED', 'Hello from TCK'],
            canceled: 'TASK_STATE_CANCELED',
          });
        }
      },
    );
  });
});
