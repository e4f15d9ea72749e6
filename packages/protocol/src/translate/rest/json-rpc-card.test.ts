import { describe, expect, it } from 'vitest';
import { expectValid, loadJson, recording } from '../../../test/fixtures/translate/helpers.ts';
import * as v03 from '../../v03/index.ts';
import * as rest from '../../v03/rest/index.ts';
import { agentCardFromJsonRpc, agentCardToJsonRpc } from './agent-card.ts';
import {
  listTaskPushNotificationConfigsResponseFromJsonRpc,
  listTaskPushNotificationConfigsResponseToJsonRpc,
  taskPushNotificationConfigFromJsonRpc,
  taskPushNotificationConfigToJsonRpc,
} from './push-configs.ts';
import {
  oauthFlowsFromJsonRpc,
  securityRequirementFromJsonRpc,
  securityRequirementToJsonRpc,
  securitySchemeFromJsonRpc,
  securitySchemeToJsonRpc,
} from './security.ts';

describe('REST ↔ JSON-RPC security', () => {
  it('maps the oneof wrapper to type and location to in, and back', () => {
    const restScheme: rest.SecurityScheme = {
      apiKeySecurityScheme: { description: 'd', location: 'cookie', name: 'session' },
    };
    const jsonRpcScheme: v03.SecurityScheme = {
      type: 'apiKey',
      description: 'd',
      in: 'cookie',
      name: 'session',
    };
    expect(securitySchemeToJsonRpc(restScheme)).toStrictEqual(jsonRpcScheme);
    expect(securitySchemeFromJsonRpc(jsonRpcScheme)).toStrictEqual(restScheme);
  });

  it('writes an API key location JSON-RPC cannot hold as header, and reports it', () => {
    const { losses, options } = recording();
    const scheme: rest.SecurityScheme = { apiKeySecurityScheme: { location: 'body', name: 'k' } };
    expect(securitySchemeToJsonRpc(scheme, options)).toStrictEqual({
      type: 'apiKey',
      in: 'header',
      name: 'k',
    });
    expect(losses).toEqual([
      {
        path: 'apiKeySecurityScheme.location',
        reason: '0.3 JSON-RPC API keys go in query, header or cookie; "body" written as header',
      },
    ]);
  });

  it('keeps the first of several JSON-RPC flows and drops a scheme without one, reporting both', () => {
    const { losses, options } = recording();
    const flow = { tokenUrl: 't', scopes: {} };
    expect(oauthFlowsFromJsonRpc({ password: flow, clientCredentials: flow }, options)).toStrictEqual({
      clientCredentials: flow,
    });
    expect(
      securitySchemeFromJsonRpc({ type: 'oauth2', flows: {} }, { ...options, path: 's' }),
    ).toBeUndefined();
    expect(losses).toEqual([
      {
        path: 'password',
        reason: '0.3 REST OAuth schemes hold one flow; kept clientCredentials, dropped password',
      },
      {
        path: 's.flows',
        reason: '0.3 REST OAuth schemes need one flow and this one has none; scheme dropped',
      },
    ]);
  });

  it('maps {schemes: {name: {list}}} ↔ {name: scopes}', () => {
    const restRequirement: rest.Security = { schemes: { a: { list: ['r'] }, b: { list: [] } } };
    expect(securityRequirementToJsonRpc(restRequirement)).toStrictEqual({ a: ['r'], b: [] });
    expect(securityRequirementFromJsonRpc({ a: ['r'], b: [] })).toStrictEqual(restRequirement);
  });
});

describe('REST ↔ JSON-RPC agent cards', () => {
  const jsonRpcCard = v03.AgentCardSchema.parse(loadJson('translate/v03-full-card.json'));

  it('drops stateTransitionHistory and iconUrl, reporting each', () => {
    const { losses, options } = recording();
    const card = {
      ...jsonRpcCard,
      capabilities: { ...jsonRpcCard.capabilities, stateTransitionHistory: true },
    };
    const result = agentCardFromJsonRpc(card, options);
    expectValid(rest.AgentCardSchema, result);
    expect(losses.map((loss) => loss.path)).toEqual(['iconUrl', 'capabilities.stateTransitionHistory']);
  });

  it('throws on an empty signature, which the 0.3 proto REQUIRES', () => {
    const card = { ...jsonRpcCard, signatures: [{ protected: 'p', signature: '' }] };
    expect(() => agentCardFromJsonRpc(card)).toThrow(
      'A2A 0.3 cannot express signatures[0].signature: is empty, but the 0.3 proto REQUIRES a value',
    );
  });

  it('reads an extension whose empty uri ProtoJSON left out as uri ""', () => {
    const restCard = rest.AgentCardSchema.parse({
      ...loadJson<object>('translate/v03-rest-full-card.json'),
      capabilities: { extensions: [{ description: 'no uri' }] },
    });
    expect(agentCardToJsonRpc(restCard).capabilities).toStrictEqual({
      extensions: [{ uri: '', description: 'no uri' }],
    });
  });
});

describe('REST ↔ JSON-RPC push configs', () => {
  const webhook = { id: 'cfg', url: 'https://h', authentication: { schemes: ['Bearer'] } };

  it('maps the resource name to taskId and back', () => {
    const restConfig = { name: 'tasks/t1/pushNotificationConfigs/cfg', pushNotificationConfig: webhook };
    const jsonRpcConfig = { taskId: 't1', pushNotificationConfig: webhook };
    expect(taskPushNotificationConfigToJsonRpc(restConfig)).toStrictEqual(jsonRpcConfig);
    expect(taskPushNotificationConfigFromJsonRpc(jsonRpcConfig)).toStrictEqual(restConfig);
  });

  it('names an empty task id with the - wildcard and reads - back as ""', () => {
    const named = taskPushNotificationConfigFromJsonRpc({ taskId: '', pushNotificationConfig: { url: 'u' } });
    expect(named).toStrictEqual({
      name: 'tasks/-/pushNotificationConfigs/',
      pushNotificationConfig: { url: 'u' },
    });
    expect(taskPushNotificationConfigToJsonRpc(named)).toStrictEqual({
      taskId: '',
      pushNotificationConfig: { url: 'u' },
    });
  });

  it('reports a task id that is the wildcard, and a name and config that disagree', () => {
    const { losses, options } = recording();
    taskPushNotificationConfigFromJsonRpc({ taskId: '-', pushNotificationConfig: { url: 'u' } }, options);
    const config = {
      name: 'tasks/t/pushNotificationConfigs/a',
      pushNotificationConfig: { id: 'b', url: 'u' },
    };
    expect(taskPushNotificationConfigToJsonRpc(config, options).pushNotificationConfig.id).toBe('b');
    expect(losses).toEqual([
      { path: 'taskId', reason: 'is the wildcard of 0.3 REST resource names; it reads back as no task id' },
      { path: 'name', reason: 'names config "a" but the config says "b"; the config\'s id is kept' },
    ]);
  });

  it('maps a REST list to the bare JSON-RPC list, dropping a page token (reported)', () => {
    const { losses, options } = recording();
    const restList = {
      configs: [{ name: 'tasks/t/pushNotificationConfigs/cfg', pushNotificationConfig: webhook }],
      nextPageToken: 'p2',
    };
    const list = listTaskPushNotificationConfigsResponseToJsonRpc(restList, options);
    expect(list).toStrictEqual([{ taskId: 't', pushNotificationConfig: webhook }]);
    expect(listTaskPushNotificationConfigsResponseFromJsonRpc(list)).toStrictEqual({
      configs: restList.configs,
    });
    expect(losses.map((loss) => loss.path)).toEqual(['nextPageToken']);
  });
});
