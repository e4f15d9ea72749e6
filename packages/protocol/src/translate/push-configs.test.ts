import { describe, expect, it } from 'vitest';
import { expectValid, recording } from '../../test/fixtures/translate/helpers.ts';
import {
  DeleteTaskPushNotificationConfigRequestSchema,
  GetTaskPushNotificationConfigRequestSchema,
  ListTaskPushNotificationConfigsRequestSchema,
  ListTaskPushNotificationConfigsResponseSchema,
  type TaskPushNotificationConfig,
  TaskPushNotificationConfigSchema,
} from '../v1/push-config.ts';
import * as v03 from '../v03/index.ts';
import { TranslationError } from './loss.ts';
import {
  deleteTaskPushNotificationConfigRequestFromV03,
  deleteTaskPushNotificationConfigRequestToV03,
  getTaskPushNotificationConfigRequestFromV03,
  getTaskPushNotificationConfigRequestToV03,
  listTaskPushNotificationConfigsRequestFromV03,
  listTaskPushNotificationConfigsRequestToV03,
  listTaskPushNotificationConfigsResponseFromV03,
  listTaskPushNotificationConfigsResponseToV03,
} from './push-config-requests.ts';
import {
  authenticationInfoFromV03,
  authenticationInfoToV03,
  taskPushNotificationConfigFromV03,
  taskPushNotificationConfigToV03,
} from './push-configs.ts';

const v03Config: v03.TaskPushNotificationConfig = {
  taskId: 't1',
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

describe('task push configs', () => {
  it('flattens the nested 0.3 config', () => {
    const result = taskPushNotificationConfigFromV03(v03Config);
    expect(result).toStrictEqual(v1Config);
    expectValid(TaskPushNotificationConfigSchema, result);
  });

  it('nests the flat 1.0 config', () => {
    const { losses, options } = recording();
    const result = taskPushNotificationConfigToV03(v1Config, options);
    expect(result).toStrictEqual(v03Config);
    expectValid(v03.TaskPushNotificationConfigSchema, result);
    expect(losses).toEqual([]);
  });

  it('writes a missing taskId as "" and drops the tenant, reporting both', () => {
    const { losses, options } = recording();
    expect(taskPushNotificationConfigToV03({ tenant: 'acme', url: 'https://h' }, options)).toStrictEqual({
      taskId: '',
      pushNotificationConfig: { url: 'https://h' },
    });
    expect(losses).toEqual([
      { path: 'tenant', reason: '0.3 has no tenant; "acme" dropped' },
      { path: 'taskId', reason: '0.3 REQUIRES a taskId; the missing one is written as ""' },
    ]);
  });

  it('round-trips both ways', () => {
    expect(taskPushNotificationConfigToV03(taskPushNotificationConfigFromV03(v03Config))).toStrictEqual(
      v03Config,
    );
    expect(taskPushNotificationConfigFromV03(taskPushNotificationConfigToV03(v1Config))).toStrictEqual(
      v1Config,
    );
  });
});

describe('push authentication', () => {
  it('maps one scheme both ways', () => {
    expect(authenticationInfoFromV03({ schemes: ['Basic'], credentials: 'dXNlcg==' })).toStrictEqual({
      scheme: 'Basic',
      credentials: 'dXNlcg==',
    });
    expect(authenticationInfoToV03({ scheme: 'Basic' })).toStrictEqual({ schemes: ['Basic'] });
  });

  it('keeps the first of several schemes and reports the rest', () => {
    const { losses, options } = recording();
    expect(authenticationInfoFromV03({ schemes: ['Bearer', 'Basic', 'Digest'] }, options)).toStrictEqual({
      scheme: 'Bearer',
    });
    expect(losses).toEqual([
      { path: 'schemes', reason: '1.0 has one scheme; kept "Bearer", dropped ["Basic","Digest"]' },
    ]);
    expect(() => authenticationInfoFromV03({ schemes: ['a', 'b'] }, { strict: true })).toThrow(
      TranslationError,
    );
  });

  it('leaves authentication out when 0.3 names no scheme, and reports it', () => {
    const { losses, options } = recording();
    const config = taskPushNotificationConfigFromV03(
      {
        taskId: 't',
        pushNotificationConfig: { url: 'https://h', authentication: { schemes: [], credentials: 'c' } },
      },
      options,
    );
    expect(config).toStrictEqual({ taskId: 't', url: 'https://h' });
    expect(losses).toEqual([
      {
        path: 'pushNotificationConfig.authentication.schemes',
        reason: '1.0 REQUIRES one scheme and 0.3 named none; authentication left out',
      },
    ]);
  });
});

describe('push config requests', () => {
  it('maps get params to {taskId, id} and back', () => {
    const v1 = getTaskPushNotificationConfigRequestFromV03({ id: 't1', pushNotificationConfigId: 'cfg-1' });
    expect(v1).toStrictEqual({ taskId: 't1', id: 'cfg-1' });
    expectValid(GetTaskPushNotificationConfigRequestSchema, v1);
    const back = getTaskPushNotificationConfigRequestToV03(v1);
    expect(back).toStrictEqual({ id: 't1', pushNotificationConfigId: 'cfg-1' });
    expectValid(v03.GetTaskPushNotificationConfigParamsSchema, back);
  });

  it('uses the task id as config id for the bare TaskIdParams form, and reports it', () => {
    const { losses, options } = recording();
    expect(getTaskPushNotificationConfigRequestFromV03({ id: 't1' }, options)).toStrictEqual({
      taskId: 't1',
      id: 't1',
    });
    expect(losses).toEqual([
      { path: 'pushNotificationConfigId', reason: '1.0 REQUIRES a config id; the task id "t1" is used' },
    ]);
  });

  it('maps list params and drops paging going to 0.3', () => {
    const { losses, options } = recording();
    const v1 = listTaskPushNotificationConfigsRequestFromV03({ id: 't1' });
    expect(v1).toStrictEqual({ taskId: 't1' });
    expectValid(ListTaskPushNotificationConfigsRequestSchema, v1);
    expect(
      listTaskPushNotificationConfigsRequestToV03(
        { taskId: 't1', pageSize: 10, pageToken: 'p2', tenant: 'x' },
        options,
      ),
    ).toStrictEqual({ id: 't1' });
    expect(losses.map((loss) => loss.path)).toEqual(['tenant', 'pageSize', 'pageToken']);
    expect(losses[1]?.reason).toBe(
      '0.3 lists are not paged; pageSize dropped (the 0.3 server returns every config)',
    );
  });

  it('maps delete params both ways and reports metadata', () => {
    const { losses, options } = recording();
    const v1 = deleteTaskPushNotificationConfigRequestFromV03(
      { id: 't1', pushNotificationConfigId: 'cfg-1', metadata: { a: 1 } },
      options,
    );
    expect(v1).toStrictEqual({ taskId: 't1', id: 'cfg-1' });
    expectValid(DeleteTaskPushNotificationConfigRequestSchema, v1);
    const back = deleteTaskPushNotificationConfigRequestToV03(v1);
    expect(back).toStrictEqual({ id: 't1', pushNotificationConfigId: 'cfg-1' });
    expectValid(v03.DeleteTaskPushNotificationConfigParamsSchema, back);
    expect(losses.map((loss) => loss.path)).toEqual(['metadata']);
    expect(() =>
      deleteTaskPushNotificationConfigRequestFromV03({ id: 't', pushNotificationConfigId: '' }),
    ).toThrow('A2A 1.0 cannot express pushNotificationConfigId: is empty, but 1.0 REQUIRES a value');
  });
});

describe('push config list results', () => {
  it('wraps the 0.3 array in {configs} and unwraps it back', () => {
    const v1 = listTaskPushNotificationConfigsResponseFromV03([v03Config]);
    expect(v1).toStrictEqual({ configs: [v1Config] });
    expectValid(ListTaskPushNotificationConfigsResponseSchema, v1);
    const back = listTaskPushNotificationConfigsResponseToV03(v1);
    expect(back).toStrictEqual([v03Config]);
    expectValid(v03.TaskPushNotificationConfigListSchema, back);
    expect(listTaskPushNotificationConfigsResponseFromV03([])).toStrictEqual({ configs: [] });
    expect(listTaskPushNotificationConfigsResponseToV03({})).toStrictEqual([]);
  });

  it('drops a next page token and reports it; an empty token is the last page', () => {
    const { losses, options } = recording();
    listTaskPushNotificationConfigsResponseToV03({ configs: [], nextPageToken: '' }, options);
    expect(losses).toEqual([]);
    listTaskPushNotificationConfigsResponseToV03(
      { configs: [{ url: 'https://h' }], nextPageToken: 'p2' },
      options,
    );
    expect(losses).toEqual([
      {
        path: 'nextPageToken',
        reason: '0.3 lists are not paged; the token is dropped and later pages are not listed',
      },
      { path: 'configs[0].taskId', reason: '0.3 REQUIRES a taskId; the missing one is written as ""' },
    ]);
  });
});
