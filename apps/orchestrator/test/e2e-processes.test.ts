import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DocumentSchema, OutlineSchema, SummarySchema } from '@baton/chain';
import { createA2AClient } from '@baton/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunView } from '../src/run/run-types.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
const children: ChildProcess[] = [];

/** Starts `apps/<app>/src/main.ts` as a real process and resolves with the URL its `listening on` line gives. */
function startApp(app: string, env: Record<string, string>): Promise<string> {
  const child = spawn(tsx, [`apps/${app}/src/main.ts`], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${app} did not start in 10 s:\n${output}`)), 10_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${app} exited with ${code} before listening:\n${output}`));
    });
  });
}

describe('the chain as four real processes', () => {
  let orchestrator = '';

  beforeAll(async () => {
    const agents = await Promise.all(
      ['outline-agent', 'doc-agent', 'summary-agent'].map((app) => startApp(app, {})),
    );
    orchestrator = await startApp('orchestrator', { AGENT_URLS: agents.join(',') });
  }, 15_000);

  afterAll(async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 2_000).unref();
          }),
      ),
    );
  });

  it('runs a chain to completion over HTTP, every remote task in the run context', async () => {
    const response = await fetch(`${orchestrator}/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ topic: 'The history of tea', wait: true }),
    });
    expect(response.status).toBe(200);
    const run = (await response.json()) as RunView;
    expect(run.error).toBeUndefined();
    expect(run.status).toBe('completed');
    OutlineSchema.parse(run.artifacts.outline);
    DocumentSchema.parse(run.artifacts.document);
    SummarySchema.parse(run.artifacts.summary);
    for (const step of run.steps) {
      const client = await createA2AClient({ agent: step.agent?.url ?? '' });
      const task = await client.getTask(step.taskId ?? '');
      expect(task.contextId).toBe(run.contextId);
      expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    }
  }, 15_000);
});
