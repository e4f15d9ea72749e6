import { describe, expect, it } from 'vitest';
import { expectValid, recording } from '../../../test/fixtures/translate/helpers.ts';
import { type TaskPushNotificationConfig, TaskPushNotificationConfigSchema } from '../../v1/push-config.ts';
import { type SendMessageRequest, SendMessageRequestSchema } from '../../v1/send-message.ts';
import * as rest from '../../v03/rest/index.ts';
import {
  listTaskPushNotificationConfigsResponseFromV03,
  listTaskPushNotificationConfigsResponseToV03,
  taskPushNotificationConfigFromV03,
  taskPushNotificationConfigToV03,
} from './push-configs.ts';
import { sendMessageRequestFromV03, sendMessageRequestToV03 } from './send-message.ts';

const restConfig: rest.TaskPushNotificationConfig = {
  name: 'tasks/t1/pushNotificationConfigs/cfg-1',
  pushNotificationConfig: {
    id: 'cfg-1',
    url: 'https://client/hook',
    token: 'tok',
    authentication: { schemes: ['Bearer'], credentials: 'secret' },
  },
};
const v1Config: TaskPushNotificationConfig = {
  taskId: 't1',
  id: 'cfg-1',
  url: 'https://client/hook',
  token: 'tok',
  authentication: { scheme: 'Bearer', credentials: 'secret' },
};

describe('REST push configs', () => {
  it('reads the task and config ids from the resource name', () => {
    const v1 = taskPushNotificationConfigFromV03(restConfig);
    expect(v1).toStrictEqual(v1Config);
    expectValid(TaskPushNotificationConfigSchema, v1);
  });

  it('writes the resource name from taskId and id', () => {
    const { losses, options } = recording();
    const back = taskPushNotificationConfigToV03(v1Config, options);
    expect(back).toStrictEqual(restConfig);
    expectValid(rest.TaskPushNotificationConfigSchema, back);
    expect(losses).toEqual([]);
  });

  it('keeps an id-less config id-less, with an empty config id in the name (as a2a-js does)', () => {
    const idLess: rest.TaskPushNotificationConfig = {
      name: 'tasks/t1/pushNotificationConfigs/',
      pushNotificationConfig: { url: 'https://h' },
    };
    expect(taskPushNotificationConfigFromV03(idLess)).toStrictEqual({ taskId: 't1', url: 'https://h' });
    expect(taskPushNotificationConfigToV03({ taskId: 't1', url: 'https://h' })).toStrictEqual(idLess);
  });

  it('takes the config id from the name when the config has none', () => {
    expect(
      taskPushNotificationConfigFromV03({
        name: 'tasks/t/pushNotificationConfigs/c',
        pushNotificationConfig: { url: 'u' },
      }),
    ).toStrictEqual({ taskId: 't', id: 'c', url: 'u' });
  });

  it('keeps the config id when the name disagrees, and reports it', () => {
    const { losses, options } = recording();
    const result = taskPushNotificationConfigFromV03(
      { name: 'tasks/t/pushNotificationConfigs/a', pushNotificationConfig: { id: 'b', url: 'u' } },
      options,
    );
    expect(result).toStrictEqual({ taskId: 't', id: 'b', url: 'u' });
    expect(losses).toEqual([
      { path: 'name', reason: 'names config "a" but the config says "b"; the config\'s id is kept' },
    ]);
  });

  it('names a config without taskId with the - wildcard and reports it', () => {
    const { losses, options } = recording();
    expect(taskPushNotificationConfigToV03({ id: 'c', url: 'u', tenant: 'x' }, options)).toStrictEqual({
      name: 'tasks/-/pushNotificationConfigs/c',
      pushNotificationConfig: { id: 'c', url: 'u' },
    });
    expect(losses.map((loss) => loss.path)).toEqual(['tenant', 'taskId']);
  });

  it('maps list results with their page token both ways', () => {
    const restList: rest.ListTaskPushNotificationConfigResponse = {
      configs: [restConfig],
      nextPageToken: 'p2',
    };
    const v1 = listTaskPushNotificationConfigsResponseFromV03(restList);
    expect(v1).toStrictEqual({ configs: [v1Config], nextPageToken: 'p2' });
    expect(listTaskPushNotificationConfigsResponseToV03(v1)).toStrictEqual(restList);
    expect(listTaskPushNotificationConfigsResponseToV03({})).toStrictEqual({ configs: [] });
  });
});

describe('REST send requests', () => {
  const restRequest: rest.SendMessageRequest = {
    message: { messageId: 'm', role: 'ROLE_USER', content: [{ text: 'go' }] },
    configuration: {
      acceptedOutputModes: ['text/plain'],
      pushNotification: { url: 'https://h', authentication: { schemes: ['Bearer'] } },
      historyLength: 5,
      blocking: true,
    },
    metadata: { k: 1 },
  };
  const v1Request: SendMessageRequest = {
    message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'go' }] },
    configuration: {
      acceptedOutputModes: ['text/plain'],
      taskPushNotificationConfig: { url: 'https://h', authentication: { scheme: 'Bearer' } },
      historyLength: 5,
      returnImmediately: false,
    },
    metadata: { k: 1 },
  };

  it('maps pushNotification, historyLength and blocking field by field both ways', () => {
    const v1 = sendMessageRequestFromV03(restRequest);
    expect(v1).toStrictEqual(v1Request);
    expectValid(SendMessageRequestSchema, v1);
    const back = sendMessageRequestToV03(v1Request);
    expect(back).toStrictEqual(restRequest);
    expectValid(rest.SendMessageRequestSchema, back);
  });

  it('leaves a negative or zero REST historyLength (no limit) unset and reports it', () => {
    const { losses, options } = recording();
    const result = sendMessageRequestFromV03(
      { message: restRequest.message, configuration: { historyLength: -1 } },
      options,
    );
    expect(result.configuration).toStrictEqual({ returnImmediately: true });
    expect(losses).toEqual([
      {
        path: 'configuration.historyLength',
        reason:
          '0.3 REST historyLength -1 means no limit, which 0.3 JSON-RPC says by leaving it unset; left unset',
      },
    ]);
  });

  it('reports the tenant and the inline config task id', () => {
    const { losses, options } = recording();
    sendMessageRequestToV03(
      { ...v1Request, tenant: 't', configuration: { taskPushNotificationConfig: { taskId: 'x', url: 'u' } } },
      options,
    );
    expect(losses.map((loss) => loss.path)).toEqual([
      'tenant',
      'configuration.taskPushNotificationConfig.taskId',
    ]);
  });
});
