import { describe, expect, it } from 'vitest';
import { expectValid, recording } from '../../test/fixtures/translate/helpers.ts';
import type { Message } from '../v1/message.ts';
import {
  type SendMessageRequest,
  SendMessageRequestSchema,
  SendMessageResponseSchema,
} from '../v1/send-message.ts';
import * as v03 from '../v03/index.ts';
import { TranslationError } from './loss.ts';
import {
  sendMessageConfigurationFromV03,
  sendMessageConfigurationToV03,
  sendMessageRequestFromV03,
  sendMessageRequestToV03,
  sendMessageResponseFromV03,
  sendMessageResponseToV03,
} from './send-message.ts';

const message: v03.Message = {
  kind: 'message',
  messageId: 'm1',
  role: 'user',
  parts: [{ kind: 'text', text: 'go' }],
};
const v1Message: Message = { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'go' }] };

const v03Params: v03.MessageSendParams = {
  message,
  configuration: {
    acceptedOutputModes: ['text/plain'],
    historyLength: 5,
    pushNotificationConfig: {
      id: 'cfg',
      url: 'https://client/hook',
      token: 'tok',
      authentication: { schemes: ['Bearer'], credentials: 'secret' },
    },
    blocking: false,
  },
  metadata: { origin: 'test' },
};

const v1Request: SendMessageRequest = {
  message: v1Message,
  configuration: {
    acceptedOutputModes: ['text/plain'],
    taskPushNotificationConfig: {
      id: 'cfg',
      url: 'https://client/hook',
      token: 'tok',
      authentication: { scheme: 'Bearer', credentials: 'secret' },
    },
    historyLength: 5,
    returnImmediately: true,
  },
  metadata: { origin: 'test' },
};

describe('send-message requests', () => {
  it('maps 0.3 params field by field', () => {
    const result = sendMessageRequestFromV03(v03Params);
    expect(result).toStrictEqual(v1Request);
    expectValid(SendMessageRequestSchema, result);
  });

  it('maps a 1.0 request field by field', () => {
    const { losses, options } = recording();
    const result = sendMessageRequestToV03(v1Request, options);
    expect(result).toStrictEqual(v03Params);
    expectValid(v03.MessageSendParamsSchema, result);
    expect(losses).toEqual([]);
  });

  it('inverts blocking into returnImmediately and keeps an absent one absent', () => {
    expect(sendMessageConfigurationFromV03({ blocking: true })).toStrictEqual({ returnImmediately: false });
    expect(sendMessageConfigurationFromV03({ blocking: false })).toStrictEqual({ returnImmediately: true });
    expect(sendMessageConfigurationFromV03({})).toStrictEqual({});
    expect(sendMessageConfigurationToV03({ returnImmediately: false })).toStrictEqual({ blocking: true });
    expect(sendMessageConfigurationToV03({ returnImmediately: true })).toStrictEqual({ blocking: false });
    expect(sendMessageConfigurationToV03({})).toStrictEqual({});
  });

  it('reports the tenant, an inline taskId and historyLength 0 going to 0.3', () => {
    const { losses, options } = recording();
    const result = sendMessageRequestToV03(
      {
        tenant: 'acme',
        message: v1Message,
        configuration: {
          historyLength: 0,
          taskPushNotificationConfig: { taskId: 't9', tenant: 'acme', url: 'https://h' },
        },
      },
      options,
    );
    expect(result).toStrictEqual({
      message,
      configuration: { pushNotificationConfig: { url: 'https://h' } },
    });
    expect(losses).toEqual([
      { path: 'tenant', reason: '0.3 has no tenant; "acme" dropped' },
      {
        path: 'configuration.historyLength',
        reason: '1.0 historyLength 0 asks for no history, which 0.3 peers read as no limit; left unset',
      },
      {
        path: 'configuration.taskPushNotificationConfig.tenant',
        reason: '0.3 has no tenant; "acme" dropped',
      },
      {
        path: 'configuration.taskPushNotificationConfig.taskId',
        reason: '0.3 inline push configs have no taskId (the task is implied); dropped',
      },
    ]);
    expect(() => sendMessageRequestToV03({ tenant: 'acme', message: v1Message }, { strict: true })).toThrow(
      'A2A 0.3 cannot express tenant: 0.3 has no tenant; "acme" dropped',
    );
  });

  it('reports historyLength 0 and extra push schemes going to 1.0', () => {
    const { losses, options } = recording();
    const result = sendMessageRequestFromV03(
      {
        message,
        configuration: {
          historyLength: 0,
          pushNotificationConfig: { url: 'https://h', authentication: { schemes: ['Bearer', 'Basic'] } },
        },
      },
      options,
    );
    expect(result.configuration).toStrictEqual({
      taskPushNotificationConfig: { url: 'https://h', authentication: { scheme: 'Bearer' } },
    });
    expect(losses.map((loss) => loss.path)).toEqual([
      'configuration.pushNotificationConfig.authentication.schemes',
      'configuration.historyLength',
    ]);
  });

  it('round-trips both ways', () => {
    expect(sendMessageRequestToV03(sendMessageRequestFromV03(v03Params))).toStrictEqual(v03Params);
    expect(sendMessageRequestFromV03(sendMessageRequestToV03(v1Request))).toStrictEqual(v1Request);
  });

  it('throws on an empty push url, strict or not', () => {
    expect(() =>
      sendMessageRequestFromV03({ message, configuration: { pushNotificationConfig: { url: '' } } }),
    ).toThrow(
      new TranslationError(
        '1.0',
        'configuration.pushNotificationConfig.url',
        'is empty, but 1.0 REQUIRES a value',
      ),
    );
  });
});

describe('send-message results', () => {
  it('wraps a bare 0.3 task or message and unwraps it back', () => {
    const task: v03.Task = { kind: 'task', id: 't', contextId: 'c', status: { state: 'completed' } };
    const wrappedTask = { task: { id: 't', contextId: 'c', status: { state: 'TASK_STATE_COMPLETED' } } };
    expect(sendMessageResponseFromV03(task)).toStrictEqual(wrappedTask);
    expectValid(SendMessageResponseSchema, wrappedTask);
    expect(sendMessageResponseToV03(sendMessageResponseFromV03(task))).toStrictEqual(task);

    const reply: v03.Message = { ...message, role: 'agent' };
    expect(sendMessageResponseFromV03(reply)).toStrictEqual({
      message: { ...v1Message, role: 'ROLE_AGENT' },
    });
    const back = sendMessageResponseToV03({ message: { ...v1Message, role: 'ROLE_AGENT' } });
    expect(back).toStrictEqual(reply);
    expectValid(v03.SendMessageResultSchema, back);
  });

  it('reports losses under task or message', () => {
    const { losses, options } = recording();
    sendMessageResponseToV03({ task: { id: 't', status: { state: 'TASK_STATE_WORKING' } } }, options);
    expect(losses.map((loss) => loss.path)).toEqual(['task.contextId']);
  });
});
