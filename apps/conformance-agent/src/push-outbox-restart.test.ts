/**
 * A push the agent owed when it was killed is not lost: the agent runs on SQLite, its webhook is down while a
 * task completes, the agent is killed with SIGKILL between the event and its delivery, and the process started
 * in its place delivers what the outbox held, with the token ids of the failed attempts, so the webhook takes
 * each notification once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppProcess, startAppProcess } from '@baton/chain/testing';
import { createA2AClient, createPushWebhook } from '@baton/client';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { taskOf, tck } from './tck-test-helpers.ts';

const folder = mkdtempSync(join(tmpdir(), 'baton-push-outbox-'));
const started: AppProcess[] = [];
afterAll(async () => {
  for (const app of started) await app.stop('SIGKILL');
  rmSync(folder, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The `jti` of a delivery's signed token (not verified: only to see which delivery an attempt was). */
function tokenIdOf(request: Request): string | undefined {
  const token = request.headers.get('authorization')?.replace(/^Bearer /, '');
  const payload = token?.split('.')[1];
  return payload && (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { jti?: string }).jti;
}

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('push deliveries across kill -9 of the agent (SQLite)', () => {
  it('a process started on the same file delivers what the killed one owed, with the same token ids', async () => {
    const port = await freePort();
    const agentUrl = `http://127.0.0.1:${port}`;
    const env = {
      PORT: String(port),
      GRPC_PORT: '0',
      BATON_STORE: `sqlite:${join(folder, 'agent.db')}`,
      // The outbox hold follows the lease time: a dead process's deliveries are taken over within it.
      BATON_LEASE_TTL_MS: '1500',
      LOG_LEVEL: 'warn',
    };
    const start = async () => {
      const app = await startAppProcess('conformance-agent', env, 30_000);
      started.push(app);
      return app;
    };

    let webhookUp = false;
    const refusedTokenIds: string[] = [];
    const delivered: { state: string; tokenId: string }[] = [];
    let webhookUrl = '';
    const app = new Hono();
    app.post('/hook', (c) => {
      if (!webhookUp) {
        const tokenId = tokenIdOf(c.req.raw);
        if (tokenId) refusedTokenIds.push(tokenId);
        return c.text('down for maintenance', 503);
      }
      return createPushWebhook({
        agentUrl,
        webhookUrl,
        onNotification: ({ event, jti }) => {
          if ('statusUpdate' in event && event.statusUpdate) {
            delivered.push({ state: event.statusUpdate.status.state, tokenId: jti });
          }
        },
      })(c.req.raw);
    });
    const listener = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(server));
    });
    try {
      const address = listener.address();
      webhookUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`;

      const first = await start();
      const client = await createA2AClient({ agent: first.url, preferredBindings: ['JSONRPC'] });
      const asked = taskOf(await client.sendMessage(tck('tck-input-required')));
      await client.createPushConfig({ taskId: asked.id, url: webhookUrl });
      const done = taskOf(await client.sendMessage(tck('tck-complete-task', { taskId: asked.id })));
      expect(done.status.state).toBe('TASK_STATE_COMPLETED');
      // The first delivery was attempted and refused: kill the agent while it still owes both events.
      await until(() => refusedTokenIds.length > 0, 15_000, 'the first delivery attempt');
      await first.stop('SIGKILL');
      expect(delivered).toEqual([]);

      webhookUp = true;
      await start();
      await until(() => delivered.some((d) => d.state === 'TASK_STATE_COMPLETED'), 30_000, 'the completion');
      expect(delivered.map((d) => d.state)).toEqual(['TASK_STATE_WORKING', 'TASK_STATE_COMPLETED']);
      // The delivery the killed process tried is the one made now: same token id, so a receiver drops a repeat.
      expect(delivered.map((d) => d.tokenId)).toContain(refusedTokenIds[0]);
      expect(new Set(delivered.map((d) => d.tokenId)).size).toBe(2);
    } finally {
      listener.close();
    }
  }, 90_000);
});
