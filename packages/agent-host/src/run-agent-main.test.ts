/**
 * runAgentMain as a real process: it serves the agent on the store the environment names, keeps its tasks in a
 * SQLite file across a restart, stops gracefully on SIGTERM, and refuses a bad setting in one line.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('./test-support/echo-main.ts', import.meta.url));
const TSX = import.meta.resolve('tsx');
let dir = '';

interface Started {
  readonly child: ChildProcess;
  readonly url: string;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
}

function start(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['--import', TSX, MAIN], {
    cwd: dir,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve({ child, url, output: () => output, exited });
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    void exited.then((code) =>
      reject(Object.assign(new Error(`exited ${code}: ${output}`), { code, output })),
    );
  });
}

async function send(url: string, text: string): Promise<{ id: string; status: { state: string } }> {
  const response = await fetch(`${url}/a2a/jsonrpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'SendMessage',
      params: { message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ text }] } },
    }),
  });
  const body = (await response.json()) as { result: { task: { id: string; status: { state: string } } } };
  return body.result.task;
}

async function getTask(url: string, id: string): Promise<unknown> {
  const response = await fetch(`${url}/a2a/jsonrpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'GetTask', params: { id } }),
  });
  return ((await response.json()) as { result?: unknown }).result;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agent-host-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('runAgentMain', () => {
  it('serves the agent on a SQLite file under data/ by default, keeps its tasks across a restart, and stops on SIGTERM', async () => {
    const first = await start({});
    expect(first.output()).toContain(
      `echo-agent: tasks kept in SQLite at ${join(dir, 'data', 'echo-agent.db')}`,
    );
    const task = await send(first.url, 'hello');
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('echo-agent: SIGTERM, shutting down');

    const second = await start({});
    expect(await getTask(second.url, task.id)).toMatchObject({
      id: task.id,
      status: { state: 'TASK_STATE_COMPLETED' },
    });
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 60_000);

  it('takes browser calls only from the origins BATON_CORS_ORIGINS names (none by default)', async () => {
    const preflight = (url: string, origin: string) =>
      fetch(`${url}/a2a/jsonrpc`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
    const closed = await start({ BATON_STORE: 'memory' });
    expect(
      (await preflight(closed.url, 'https://app.example')).headers.get('access-control-allow-origin'),
    ).toBeNull();
    closed.child.kill('SIGTERM');
    await closed.exited;
    const open = await start({ BATON_STORE: 'memory', BATON_CORS_ORIGINS: 'https://app.example' });
    expect(
      (await preflight(open.url, 'https://app.example')).headers.get('access-control-allow-origin'),
    ).toBe('https://app.example');
    expect(
      (await preflight(open.url, 'https://evil.example')).headers.get('access-control-allow-origin'),
    ).toBeNull();
    open.child.kill('SIGTERM');
    await open.exited;
  }, 60_000);

  it('prunes finished tasks when BATON_RETENTION says how long to keep them, and refuses a retention it cannot read', async () => {
    const kept = await start({ BATON_RETENTION: '7d' });
    expect(kept.output()).toContain('echo-agent: finished tasks kept 7d');
    kept.child.kill('SIGTERM');
    expect(await kept.exited).toBe(0);
    const failure = await start({ BATON_RETENTION: 'a week' }).catch(
      (error: { code: number; output: string }) => error,
    );
    expect(failure).toMatchObject({ code: 1 });
    expect((failure as { output: string }).output).toContain(
      'echo-agent: BATON_RETENTION must be a number and a unit (d, h, m or s), like 7d, got "a week"',
    );
  }, 60_000);

  it('answers /healthz and /readyz, and /readyz 503 while it drains after SIGTERM with the port still open', async () => {
    const app = await start({ BATON_DRAIN_MS: '1500' });
    const live = await fetch(`${app.url}/healthz`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${app.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ status: 'ready', checks: { store: 'ok' } });
    app.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const draining = await fetch(`${app.url}/readyz`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: 'draining' });
    // Still serving what it has while the load balancer takes it out.
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    expect(await app.exited).toBe(0);
  }, 60_000);

  it('refuses a bad setting with one line and exit code 1', async () => {
    const failure = await start({ PORT: 'eighty' }).catch((error: { code: number; output: string }) => error);
    expect(failure).toMatchObject({ code: 1 });
    expect((failure as { output: string }).output.trim()).toBe(
      'echo-agent: PORT must be a whole number from 0 to 65535, got "eighty"',
    );
  }, 30_000);
});
