import {
  AgentCard,
  CancelTaskRequest,
  DeleteTaskPushNotificationConfigRequest,
  GetExtendedAgentCardRequest,
  GetTaskPushNotificationConfigRequest,
  GetTaskRequest,
  ListTaskPushNotificationConfigsRequest,
  ListTasksRequest,
  SendMessageRequest,
  SubscribeToTaskRequest,
  TaskPushNotificationConfig,
} from '@a2a-js/sdk';
import { RestTransportFactory } from '@a2a-js/sdk/client';
import { LegacyRestTransport } from '@a2a-js/sdk/compat/v0_3/client';
import { TaskNotFoundError } from '@a2a-js/sdk/errors';
import { describe, expect, it } from 'vitest';
import { BASE, createTestApp } from './testing/rest-test-app.ts';

// The official TypeScript SDK's clients, talking to the binding in-process through their `fetchImpl`. Its 1.0
// transport sends `A2A-Version` only as a service parameter (its `Client` adds one to every call); its 0.3
// transport sends none, as 0.3 clients do.
const ENDPOINT = `http://127.0.0.1${BASE}`;
const SERVICE_PARAMETERS = { '1.0': { serviceParameters: { 'A2A-Version': '1.0' } }, '0.3': undefined };

function connect(version: '1.0' | '0.3') {
  const { app, calls } = createTestApp();
  const fetchImpl: typeof fetch = async (input, init) =>
    app.request(input instanceof Request ? input : String(input), init);
  const card = AgentCard.fromJSON({
    name: 'Outline Agent',
    description: 'Writes outlines',
    version: '0.1.0',
    supportedInterfaces: [{ url: ENDPOINT, protocolBinding: 'HTTP+JSON', protocolVersion: version }],
    capabilities: { streaming: true, pushNotifications: true },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [],
  });
  const transport =
    version === '1.0'
      ? new RestTransportFactory({ fetchImpl }).create(ENDPOINT, card)
      : Promise.resolve(new LegacyRestTransport({ endpoint: ENDPOINT, fetchImpl }));
  return { transport, calls, options: SERVICE_PARAMETERS[version] };
}

const SEND = SendMessageRequest.fromJSON({
  message: { messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'outline this' }] },
});

async function collect<T>(events: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const event of events) all.push(event);
  return all;
}

describe.each(['1.0', '0.3'] as const)('the a2a-js %s REST client', (version) => {
  it('sends, reads, cancels and lists push configs', async () => {
    const { transport, calls, options } = connect(version);
    const client = await transport;

    const sent = await client.sendMessage(SEND, options);
    const task = await client.getTask(GetTaskRequest.fromJSON({ id: 'task-1', historyLength: 3 }), options);
    const canceled = await client.cancelTask(CancelTaskRequest.fromJSON({ id: 'task-1' }), options);
    const newConfig = { taskId: 'task-1', id: 'cfg-2', url: 'https://client.example/hook' };
    const created = await client.createTaskPushNotificationConfig(
      TaskPushNotificationConfig.fromJSON(newConfig),
      options,
    );
    const configRequest = { taskId: 'task-1', id: 'cfg-1' };
    const got = await client.getTaskPushNotificationConfig(
      GetTaskPushNotificationConfigRequest.fromJSON(configRequest),
      options,
    );
    const listed = await client.listTaskPushNotificationConfig(
      ListTaskPushNotificationConfigsRequest.fromJSON({ taskId: 'task-1' }),
      options,
    );
    await client.deleteTaskPushNotificationConfig(
      DeleteTaskPushNotificationConfigRequest.fromJSON(configRequest),
      options,
    );
    const card = await client.getExtendedAgentCard(GetExtendedAgentCardRequest.fromJSON({}), options);

    expect(sent).toMatchObject({ id: 'task-1', contextId: 'ctx-1' });
    expect(task).toMatchObject({ id: 'task-1', history: [{ messageId: 'm-1' }] });
    expect(canceled.status?.state).toBe(5); // TASK_STATE_CANCELED
    expect(created).toMatchObject({ taskId: 'task-1', id: 'cfg-2', url: 'https://client.example/hook' });
    expect(got).toMatchObject({ taskId: 'task-1', id: 'cfg-1', token: 'tok' });
    expect(listed.configs.map((config) => config.id)).toEqual(['cfg-1']);
    expect(card.name).toBe('Outline Agent');
    expect(calls.map(({ method, request }) => [method, request])).toEqual([
      [
        'sendMessage',
        {
          message: { messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'outline this' }] },
          // Its 0.3 REST body has no `blocking`: the proto3 default, false, so non-blocking (as its own server reads it).
          ...(version === '0.3' ? { configuration: { returnImmediately: true } } : {}),
        },
      ],
      ['getTask', { id: 'task-1', historyLength: 3 }],
      ['cancelTask', { id: 'task-1' }],
      [
        'createTaskPushNotificationConfig',
        { taskId: 'task-1', id: 'cfg-2', url: 'https://client.example/hook' },
      ],
      ['getTaskPushNotificationConfig', { taskId: 'task-1', id: 'cfg-1' }],
      ['listTaskPushNotificationConfigs', { taskId: 'task-1' }],
      ['deleteTaskPushNotificationConfig', { taskId: 'task-1', id: 'cfg-1' }],
      ['getExtendedAgentCard', {}],
    ]);
    expect(calls.every((call) => call.call.version === version)).toBe(true);
  });

  it('reads the streamed events of a send and of a resubscribe', async () => {
    const { transport, options } = connect(version);
    const client = await transport;
    const streamed = await collect(client.sendMessageStream(SEND, options));
    const subscribe = SubscribeToTaskRequest.fromJSON({ id: 'task-1' });
    const resubscribed = await collect(client.resubscribeTask(subscribe, options));
    for (const events of [streamed, resubscribed]) {
      expect(events.map((event) => event.payload?.$case)).toEqual(['task', 'artifactUpdate', 'statusUpdate']);
    }
  });

  it('reads an unknown task as its TaskNotFoundError', async () => {
    const { transport, options } = connect(version);
    const client = await transport;
    const missing = client.getTask(GetTaskRequest.fromJSON({ id: 'nope' }), options);
    await expect(missing).rejects.toBeInstanceOf(TaskNotFoundError);
  });
});

describe('the a2a-js 1.0 REST client', () => {
  it('sends the ListTasks query the binding reads', async () => {
    const { transport, calls, options } = connect('1.0');
    const client = await transport;
    const listed = await client.listTasks(
      ListTasksRequest.fromJSON({
        contextId: 'ctx-1',
        status: 'TASK_STATE_WORKING',
        pageSize: 10,
        statusTimestampAfter: '2026-01-01T00:00:00.000Z',
        includeArtifacts: true,
      }),
      options,
    );
    expect(listed.tasks.map((task) => task.id)).toEqual(['task-1']);
    expect(calls.map((call) => call.request)).toEqual([
      {
        contextId: 'ctx-1',
        status: 'TASK_STATE_WORKING',
        pageSize: 10,
        statusTimestampAfter: '2026-01-01T00:00:00.000Z',
        includeArtifacts: true,
      },
    ]);
  });
});
