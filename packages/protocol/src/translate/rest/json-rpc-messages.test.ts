import { describe, expect, it } from 'vitest';
import { expectValid, recording } from '../../../test/fixtures/translate/helpers.ts';
import * as v03 from '../../v03/index.ts';
import * as rest from '../../v03/rest/index.ts';
import { TranslationError } from '../loss.ts';
import {
  streamResponseFromJsonRpc,
  streamResponseToJsonRpc,
  taskStatusUpdateEventFromJsonRpc,
  taskStatusUpdateEventToJsonRpc,
} from './events.ts';
import { messageFromJsonRpc, messageToJsonRpc } from './messages.ts';
import { partFromJsonRpc, partToJsonRpc } from './parts.ts';
import { sendMessageRequestFromJsonRpc, sendMessageRequestToJsonRpc } from './send-message.ts';
import { taskFromJsonRpc, taskStateFromJsonRpc, taskStateToJsonRpc, taskToJsonRpc } from './tasks.ts';

describe('REST ↔ JSON-RPC parts', () => {
  it.each<[string, rest.Part, v03.Part]>([
    ['text', { text: 'hi' }, { kind: 'text', text: 'hi' }],
    [
      'bytes',
      { file: { fileWithBytes: 'aGk=', mimeType: 'text/plain' } },
      { kind: 'file', file: { bytes: 'aGk=', mimeType: 'text/plain' } },
    ],
    ['uri', { file: { fileWithUri: 'https://x/a.pdf' } }, { kind: 'file', file: { uri: 'https://x/a.pdf' } }],
    ['data', { data: { data: { k: [1] } } }, { kind: 'data', data: { k: [1] } }],
  ])('maps a %s part both ways without losses', (_, restPart, jsonRpcPart) => {
    const { losses, options } = recording();
    expect(partToJsonRpc(restPart)).toStrictEqual(jsonRpcPart);
    expectValid(v03.PartSchema, partToJsonRpc(restPart));
    expect(partFromJsonRpc(jsonRpcPart, options)).toStrictEqual(restPart);
    expectValid(rest.PartSchema, partFromJsonRpc(jsonRpcPart));
    expect(losses).toEqual([]);
  });

  it('reads an absent data.data as {} and URL-safe bytes in the standard alphabet', () => {
    expect(partToJsonRpc({ data: {} })).toStrictEqual({ kind: 'data', data: {} });
    expect(partToJsonRpc({ file: { fileWithBytes: '-_8' } })).toStrictEqual({
      kind: 'file',
      file: { bytes: '+/8' },
    });
  });

  it('drops part metadata and a file name, reporting each at its JSON-RPC path', () => {
    const { losses, options } = recording();
    const part: v03.Part = { kind: 'file', file: { uri: 'u', name: 'a.pdf' }, metadata: { m: 1 } };
    expect(partFromJsonRpc(part, options)).toStrictEqual({ file: { fileWithUri: 'u' } });
    expect(losses).toEqual([
      { path: 'metadata', reason: '0.3 REST parts have no metadata; dropped' },
      { path: 'file.name', reason: '0.3 REST parts have no file name; dropped' },
    ]);
    expect(() => partFromJsonRpc(part, { strict: true })).toThrow(TranslationError);
  });

  it('says that a data_part_compat wrap reads back as its { value } object', () => {
    const { losses, options } = recording();
    const wrapped: v03.Part = { kind: 'data', data: { value: [1] }, metadata: { data_part_compat: true } };
    expect(partFromJsonRpc(wrapped, options)).toStrictEqual({ data: { data: { value: [1] } } });
    expect(losses[0]?.reason).toBe(
      '0.3 REST parts have no metadata; dropped with its data_part_compat flag, so the { value } wrap reads back as that object',
    );
  });
});

describe('REST ↔ JSON-RPC messages, states and tasks', () => {
  const restMessage: rest.Message = {
    messageId: 'm1',
    contextId: 'c1',
    role: 'ROLE_AGENT',
    content: [{ text: 'a' }],
    metadata: { k: 1 },
    extensions: ['https://ext'],
  };
  const jsonRpcMessage: v03.Message = {
    kind: 'message',
    messageId: 'm1',
    contextId: 'c1',
    role: 'agent',
    parts: [{ kind: 'text', text: 'a' }],
    metadata: { k: 1 },
    extensions: ['https://ext'],
  };

  it('maps content ↔ parts and the role names exactly', () => {
    expect(messageToJsonRpc(restMessage)).toStrictEqual(jsonRpcMessage);
    expect(messageFromJsonRpc(jsonRpcMessage)).toStrictEqual(restMessage);
  });

  it('drops referenceTaskIds and reports part losses under parts[i]', () => {
    const { losses, options } = recording();
    const parts: v03.Part[] = [
      { kind: 'text', text: 'a' },
      { kind: 'text', text: 'b', metadata: {} },
    ];
    messageFromJsonRpc(
      { ...jsonRpcMessage, parts, referenceTaskIds: ['t0'] },
      { ...options, path: 'status.message' },
    );
    expect(losses.map((loss) => loss.path)).toEqual([
      'status.message.referenceTaskIds',
      'status.message.parts[1].metadata',
    ]);
  });

  it('maps every task state name both ways', () => {
    expect(Object.fromEntries(rest.TASK_STATES.map((state) => [state, taskStateToJsonRpc(state)]))).toEqual({
      TASK_STATE_UNSPECIFIED: 'unknown',
      TASK_STATE_SUBMITTED: 'submitted',
      TASK_STATE_WORKING: 'working',
      TASK_STATE_COMPLETED: 'completed',
      TASK_STATE_FAILED: 'failed',
      TASK_STATE_CANCELLED: 'canceled',
      TASK_STATE_INPUT_REQUIRED: 'input-required',
      TASK_STATE_REJECTED: 'rejected',
      TASK_STATE_AUTH_REQUIRED: 'auth-required',
    });
    for (const state of v03.TASK_STATES) expect(taskStateToJsonRpc(taskStateFromJsonRpc(state))).toBe(state);
  });

  it('maps a task with its status message, artifacts and history exactly', () => {
    const restTask: rest.Task = {
      id: 't',
      contextId: 'c',
      status: { state: 'TASK_STATE_CANCELLED', message: restMessage, timestamp: '2025-07-31T12:00:00Z' },
      artifacts: [{ artifactId: 'a', parts: [{ data: { data: { n: 1 } } }] }],
      history: [restMessage],
      metadata: { m: true },
    };
    const jsonRpcTask: v03.Task = {
      kind: 'task',
      id: 't',
      contextId: 'c',
      status: { state: 'canceled', message: jsonRpcMessage, timestamp: '2025-07-31T12:00:00Z' },
      artifacts: [{ artifactId: 'a', parts: [{ kind: 'data', data: { n: 1 } }] }],
      history: [jsonRpcMessage],
      metadata: { m: true },
    };
    expect(taskToJsonRpc(restTask)).toStrictEqual(jsonRpcTask);
    expect(taskFromJsonRpc(jsonRpcTask)).toStrictEqual(restTask);
  });
});

describe('REST ↔ JSON-RPC events and send bodies', () => {
  it('unwraps a stream event to the bare kind-tagged one, keeping final', () => {
    const restEvent: rest.StreamResponse = {
      statusUpdate: { taskId: 't', contextId: 'c', status: { state: 'TASK_STATE_WORKING' }, final: false },
    };
    const jsonRpcEvent: v03.StreamEvent = {
      kind: 'status-update',
      taskId: 't',
      contextId: 'c',
      status: { state: 'working' },
      final: false,
    };
    expect(streamResponseToJsonRpc(restEvent)).toStrictEqual(jsonRpcEvent);
    expect(streamResponseFromJsonRpc(jsonRpcEvent)).toStrictEqual(restEvent);
    expect(taskStatusUpdateEventToJsonRpc(restEvent.statusUpdate)).toStrictEqual(jsonRpcEvent);
    expect(taskStatusUpdateEventFromJsonRpc(jsonRpcEvent)).toStrictEqual(restEvent.statusUpdate);
  });

  it('reports the losses inside a stream event under its member name', () => {
    const { losses, options } = recording();
    const message: v03.Message = { kind: 'message', messageId: 'm', role: 'user', parts: [] };
    streamResponseFromJsonRpc({ ...message, referenceTaskIds: ['x'] }, options);
    expect(losses.map((loss) => loss.path)).toEqual(['message.referenceTaskIds']);
  });

  const restRequest: rest.SendMessageRequest = {
    message: { messageId: 'm', role: 'ROLE_USER', content: [{ text: 'go' }] },
    configuration: {
      acceptedOutputModes: ['text/plain'],
      pushNotification: { id: 'p', url: 'https://h', authentication: { schemes: ['Bearer'] } },
      historyLength: 5,
      blocking: false,
    },
    metadata: { k: 1 },
  };
  const jsonRpcParams: v03.MessageSendParams = {
    message: { kind: 'message', messageId: 'm', role: 'user', parts: [{ kind: 'text', text: 'go' }] },
    configuration: {
      acceptedOutputModes: ['text/plain'],
      pushNotificationConfig: { id: 'p', url: 'https://h', authentication: { schemes: ['Bearer'] } },
      historyLength: 5,
      blocking: false,
    },
    metadata: { k: 1 },
  };

  it('maps pushNotification ↔ pushNotificationConfig and keeps blocking as sent', () => {
    expect(sendMessageRequestToJsonRpc(restRequest)).toStrictEqual(jsonRpcParams);
    expect(sendMessageRequestFromJsonRpc(jsonRpcParams)).toStrictEqual(restRequest);
  });

  it('leaves a negative REST historyLength unset and clamps one above int32, reporting both', () => {
    const { losses, options } = recording();
    const negative = sendMessageRequestToJsonRpc(
      { ...restRequest, configuration: { historyLength: -1 } },
      options,
    );
    expect(negative.configuration).toStrictEqual({ blocking: false });
    const large = { ...jsonRpcParams, configuration: { historyLength: 2 ** 40 } };
    expect(sendMessageRequestFromJsonRpc(large, options).configuration).toStrictEqual({
      blocking: true,
      historyLength: 2_147_483_647,
    });
    expect(losses.map((loss) => loss.path)).toEqual([
      'configuration.historyLength',
      'configuration.historyLength',
    ]);
    expect(
      sendMessageRequestToJsonRpc({ ...restRequest, configuration: { historyLength: 0 } }),
    ).toStrictEqual({
      ...jsonRpcParams,
      configuration: { blocking: false, historyLength: 0 },
    });
  });

  it('reads an absent REST blocking as false (a proto3 bool) and writes an absent JSON-RPC one as true', () => {
    expect(sendMessageRequestToJsonRpc({ message: restRequest.message }).configuration).toStrictEqual({
      blocking: false,
    });
    expect(
      sendMessageRequestToJsonRpc({ message: restRequest.message, configuration: { blocking: true } })
        .configuration,
    ).toStrictEqual({ blocking: true });
    expect(sendMessageRequestFromJsonRpc({ message: jsonRpcParams.message }).configuration).toStrictEqual({
      blocking: true,
    });
    expect(
      sendMessageRequestFromJsonRpc({ message: jsonRpcParams.message, configuration: { blocking: false } })
        .configuration,
    ).toStrictEqual({ blocking: false });
  });
});
