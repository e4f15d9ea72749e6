/**
 * The conformance contract as a test suite, for any binding of an agent running anywhere (Node, Bun, Deno,
 * workerd): every scenario of the kit, played through @baton/client. Expects the agent's timing at
 * `resubscribeWorkMs: 400` and `delayedCompleteMs: 100` (see {@link CONTRACT_TEST_TIMING}).
 */
import type { A2AClient } from '@baton/client';
import type { StreamResponse } from '@baton/protocol';
import { expect, it } from 'vitest';
import { FILE_URL, INPUT_QUESTION } from './contract.ts';
import { artifactIn, collect, statusText, taskIn, taskOf, tck, trace } from './tck-test-helpers.ts';

/** The agent's timing the suite is written for. */
export const CONTRACT_TEST_TIMING = { resubscribeWorkMs: 400, delayedCompleteMs: 100 } as const;

/** Declares the contract's tests (call inside a `describe`); `client` is read when each test runs. */
export function contractTests(client: () => A2AClient): void {
  it('tck-complete-task completes with "Hello from TCK"', async () => {
    const task = taskOf(await client().sendMessage(tck('tck-complete-task')));
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(statusText(task)).toBe('Hello from TCK');
  });

  it('tck-delayed-complete works, then completes with "Done after delay"', async () => {
    const early = taskOf(
      await client().sendMessage(tck('tck-delayed-complete'), { returnImmediately: true }),
    );
    expect(['TASK_STATE_SUBMITTED', 'TASK_STATE_WORKING']).toContain(early.status.state);
    const task = taskOf(await client().sendMessage(tck('tck-delayed-complete')));
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(statusText(task)).toBe('Done after delay');
  });

  it.each([
    ['tck-artifact-text', { text: 'Generated text content' }],
    ['tck-artifact-file', { raw: btoa('tck'), filename: 'output.txt', mediaType: 'text/plain' }],
    ['tck-artifact-file-url', { url: FILE_URL, filename: 'output.txt', mediaType: 'text/plain' }],
    ['tck-artifact-file-url-123', { url: FILE_URL, filename: 'output.txt', mediaType: 'text/plain' }],
    ['tck-artifact-data', { data: { key: 'value', count: 42 } }],
  ])('%s adds one artifact with the expected part, then completes', async (prefix, part) => {
    const task = taskOf(await client().sendMessage(tck(prefix)));
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(task.artifacts).toHaveLength(1);
    expect(task.artifacts?.[0]?.parts).toEqual([part]);
  });

  it('tck-message-response answers with a bare Message', async () => {
    const response = await client().sendMessage(tck('tck-message-response'));
    expect('task' in response && response.task).toBeFalsy();
    if (!('message' in response) || !response.message) throw new Error('expected a message');
    expect(response.message.role).toBe('ROLE_AGENT');
    expect(response.message.parts).toEqual([{ text: 'Direct message response' }]);
  });

  it('tck-reject-task ends REJECTED with "rejected"', async () => {
    const task = taskOf(await client().sendMessage(tck('tck-reject-task')));
    expect(task.status.state).toBe('TASK_STATE_REJECTED');
    expect(statusText(task)).toBe('rejected');
  });

  it('tck-input-required asks, and a tck-complete-task follow-up completes the same task', async () => {
    const asked = taskOf(await client().sendMessage(tck('tck-input-required')));
    expect(asked.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    expect(statusText(asked)).toBe(INPUT_QUESTION);
    const done = taskOf(await client().sendMessage(tck('tck-complete-task', { taskId: asked.id })));
    expect(done.id).toBe(asked.id);
    expect(done.status.state).toBe('TASK_STATE_COMPLETED');
    expect(statusText(done)).toBe('Hello from TCK');
  });

  it('cancels a task waiting for input', async () => {
    const asked = taskOf(await client().sendMessage(tck('tck-input-required')));
    const canceled = await client().cancelTask(asked.id);
    expect(canceled.status.state).toBe('TASK_STATE_CANCELED');
    expect((await client().getTask(asked.id)).status.state).toBe('TASK_STATE_CANCELED');
  });

  it('subscribes to a task waiting for input: the first event is the Task', async () => {
    const asked = taskOf(await client().sendMessage(tck('tck-input-required')));
    let first: StreamResponse | undefined;
    for await (const event of client().subscribe(asked.id)) {
      first = event;
      break;
    }
    expect(taskIn(first)?.id).toBe(asked.id);
    expect(taskIn(first)?.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    await client().cancelTask(asked.id);
  });

  it('echoes unknown prefixes', async () => {
    const task = taskOf(await client().sendMessage(tck('something-else', { text: 'echo me' })));
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(statusText(task)).toBe('echo me');
  });

  it.each([
    ['tck-stream-001', 'Stream hello from TCK'],
    ['tck-stream-003', 'Stream task lifecycle'],
    ['tck-stream-ordering-001', 'Ordered output'],
    ['tck-stream-artifact-text', 'Streamed text content'],
  ])('%s streams working, one text artifact, completed', async (prefix, text) => {
    const events = await collect(client().streamMessage(tck(prefix)));
    expect(trace(events)).toEqual([
      'task:SUBMITTED',
      'status:WORKING',
      'artifact(false,true)',
      'status:COMPLETED',
    ]);
    expect(artifactIn(events[2])?.artifact.parts).toEqual([{ text }]);
  });

  it('tck-stream-002 streams straight to completed', async () => {
    const events = await collect(client().streamMessage(tck('tck-stream-002')));
    expect(trace(events)).toEqual(['task:SUBMITTED', 'status:COMPLETED']);
  });

  it('tck-stream-artifact-file streams a file artifact', async () => {
    const events = await collect(client().streamMessage(tck('tck-stream-artifact-file')));
    expect(trace(events)).toEqual([
      'task:SUBMITTED',
      'status:WORKING',
      'artifact(false,true)',
      'status:COMPLETED',
    ]);
    expect(artifactIn(events[2])?.artifact.parts).toEqual([
      { raw: btoa('tck'), filename: 'output.txt', mediaType: 'text/plain' },
    ]);
  });

  it('tck-stream-artifact-chunked streams two chunks of one artifact', async () => {
    const events = await collect(client().streamMessage(tck('tck-stream-artifact-chunked')));
    expect(trace(events)).toEqual([
      'task:SUBMITTED',
      'status:WORKING',
      'artifact(false,false)',
      'artifact(true,true)',
      'status:COMPLETED',
    ]);
    const [first, second] = [artifactIn(events[2]), artifactIn(events[3])];
    expect(first?.artifact.artifactId).toBe(second?.artifact.artifactId);
    expect(first?.artifact.parts).toEqual([{ text: 'chunk-1 ' }]);
    expect(second?.artifact.parts).toEqual([{ text: 'chunk-2' }]);
  });

  it('test-resubscribe-message-id stays working, can be subscribed to, then completes', async () => {
    const started = Date.now();
    const first = taskOf(
      await client().sendMessage(tck('test-resubscribe-message-id'), { returnImmediately: true }),
    );
    const received = await collect(client().subscribe(first.id));
    expect(taskIn(received[0])?.status.state).toBe('TASK_STATE_WORKING');
    expect(trace(received).at(-1)).toBe('status:COMPLETED');
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
  });

  it('test-resubscribe-message-id stops early when canceled', async () => {
    const first = taskOf(
      await client().sendMessage(tck('test-resubscribe-message-id'), { returnImmediately: true }),
    );
    const canceled = await client().cancelTask(first.id);
    expect(canceled.status.state).toBe('TASK_STATE_CANCELED');
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await client().getTask(first.id)).status.state).toBe('TASK_STATE_CANCELED');
  });
}
