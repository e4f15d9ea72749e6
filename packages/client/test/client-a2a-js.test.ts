/**
 * The client against the official `@a2a-js/sdk` server (Express, 1.0 with its 0.3 compat layer) on 127.0.0.1:
 * send, stream, get, cancel and subscribe, in 1.0 and 0.3, on both bindings.
 */
import type { StreamResponse } from '@baton/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scenario, type SdkServer, startSdkServer } from '../../protocol/test/interop/sdk-server.ts';
import { type A2AClient, createA2AClient } from '../src/client/index.ts';
import { HTTP_INTERFACES } from './support/http-interfaces.ts';

let sdk: SdkServer;
beforeAll(async () => {
  sdk = await startSdkServer();
});
afterAll(() => sdk.close());

const stateOf = (event: StreamResponse | undefined) =>
  event && 'statusUpdate' in event
    ? event.statusUpdate.status.state
    : event && 'task' in event
      ? event.task.status.state
      : undefined;

describe.each(HTTP_INTERFACES)('%s at %s against @a2a-js/sdk', (binding, version) => {
  let client: A2AClient;
  beforeAll(async () => {
    client = await createA2AClient({
      agent: sdk.base,
      preferredBindings: [binding],
      preferredVersions: [version],
    });
  });

  it('sends and gets a completed task with its artifact, then gets it by id', async () => {
    expect([client.transport.binding, client.transport.version]).toEqual([binding, version]);
    const response = await client.sendMessage(Scenario.complete);
    if (!('task' in response)) throw new Error('expected a task');
    expect(response.task.status.state).toBe('TASK_STATE_COMPLETED');
    const task = await client.getTask(response.task.id);
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(task.artifacts?.[0]?.artifactId).toBe('artifact-outline');
  });

  it('gets a direct message reply', async () => {
    const response = await client.sendMessage(Scenario.message);
    expect('message' in response && response.message.parts).toEqual([{ text: 'Hi' }]);
  });

  it('streams a task to completion', async () => {
    const events: StreamResponse[] = [];
    for await (const event of client.streamMessage(Scenario.complete)) events.push(event);
    expect(events.filter((event) => 'artifactUpdate' in event)).toHaveLength(2);
    expect(stateOf(events.at(-1))).toBe('TASK_STATE_COMPLETED');
  });

  it('subscribes to a running task and sees it canceled', async () => {
    const response = await client.sendMessage(Scenario.long, { returnImmediately: true });
    if (!('task' in response)) throw new Error('expected a task');
    const taskId = response.task.id;
    const events: StreamResponse[] = [];
    for await (const event of client.subscribe(taskId)) {
      events.push(event);
      if (events.length === 1) {
        const canceled = await client.cancelTask(taskId);
        expect(canceled.id).toBe(taskId);
      }
    }
    expect('task' in (events[0] ?? {})).toBe(true);
    expect(stateOf(events.at(-1))).toBe('TASK_STATE_CANCELED');
  });
});
