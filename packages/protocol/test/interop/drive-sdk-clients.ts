/**
 * Drives one of the SDK's clients through every operation it supports against the SDK server, so the recorder
 * sees each request and response shape at least once, including two error responses.
 */
import { ListTasksRequest, SendMessageRequest, type SendMessageResult, type Task } from '@a2a-js/sdk';
import type { Client } from '@a2a-js/sdk/client';
import { Scenario, WEBHOOK_URL } from './sdk-server.ts';

/** What the SDK client threw for the two provoked errors: GetTask of an unknown id, CancelTask of a completed task. */
export interface Driven {
  readonly thrown: readonly unknown[];
}

const UNKNOWN_TASK_ID = 'no-such-task';
const CONFIG_ID = 'config-1';

let counter = 0;

/** A send request carrying text, data and file parts, built through the SDK's own ProtoJSON reader. */
export function sdkSendRequest(scenario: string, returnImmediately = false): SendMessageRequest {
  return SendMessageRequest.fromJSON({
    message: {
      messageId: `sdk-message-${++counter}`,
      role: 'ROLE_USER',
      parts: [
        { text: scenario },
        { data: { topic: 'tea', depth: 2 } },
        { raw: 'aGk=', filename: 'note.txt', mediaType: 'text/plain' },
        { url: 'https://files.example.com/brief.pdf', filename: 'brief.pdf', mediaType: 'application/pdf' },
      ],
      metadata: { trace: 'interop' },
    },
    configuration: { acceptedOutputModes: ['text/plain'], historyLength: 5, returnImmediately },
    metadata: { origin: 'sdk' },
  });
}

function taskOf(result: SendMessageResult): Task {
  if (!('status' in result)) throw new Error('expected a Task, got a Message');
  return result;
}

async function drain(stream: AsyncIterable<unknown>): Promise<number> {
  let count = 0;
  for await (const _ of stream) count++;
  return count;
}

async function thrownBy(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

/** Runs every operation of `client`; `listTasks` only where the version has it (1.0). */
export async function driveClient(client: Client, options: { listTasks: boolean }): Promise<Driven> {
  const tenant = '';
  const completed = taskOf(await client.sendMessage(sdkSendRequest(Scenario.complete)));
  const taskId = completed.id;
  await client.sendMessage(sdkSendRequest(Scenario.message));
  await client.sendMessage(sdkSendRequest(Scenario.inputRequired));
  await drain(client.sendMessageStream(sdkSendRequest(Scenario.complete)));
  await drain(client.sendMessageStream(sdkSendRequest(Scenario.message)));
  await client.getTask({ tenant, id: taskId, historyLength: 2 });
  if (options.listTasks)
    await client.listTasks(ListTasksRequest.fromJSON({ pageSize: 10, includeArtifacts: true }));
  const config = { tenant, id: CONFIG_ID, taskId, url: WEBHOOK_URL, token: 'webhook-token' };
  await client.createTaskPushNotificationConfig({
    ...config,
    authentication: { scheme: 'Bearer', credentials: 'webhook-secret' },
  });
  await client.getTaskPushNotificationConfig({ tenant, taskId, id: CONFIG_ID });
  await client.listTaskPushNotificationConfig({ tenant, taskId, pageSize: 0, pageToken: '' });
  await client.deleteTaskPushNotificationConfig({ tenant, taskId, id: CONFIG_ID });
  await client.getAgentCard(); // the card declares extendedAgentCard, so this calls GetExtendedAgentCard

  // Non-blocking send of a long task, subscribe to it, cancel it once the subscription is live.
  const long = taskOf(await client.sendMessage(sdkSendRequest(Scenario.long, true)));
  const subscription = client.resubscribeTask({ tenant, id: long.id });
  await subscription.next(); // the first event is the task snapshot: the stream is open
  await client.cancelTask({ tenant, id: long.id, metadata: undefined });
  await drain({ [Symbol.asyncIterator]: () => subscription });

  const thrown = [
    await thrownBy(() => client.getTask({ tenant, id: UNKNOWN_TASK_ID })),
    await thrownBy(() => client.cancelTask({ tenant, id: taskId, metadata: undefined })),
  ];
  return { thrown };
}
