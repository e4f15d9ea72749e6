import { describe, expect, it } from 'vitest';
import { pathsOf, recording } from '../../../test/fixtures/translate/helpers.ts';
import type * as rest from '../../v03/rest/index.ts';
import { TranslationError } from '../loss.ts';
import { agentCardToV03, agentSkillFromV03 } from './agent-card.ts';
import { streamResponseFromV03, streamResponseToV03 } from './events.ts';
import { messageToV03 } from './messages.ts';
import { taskPushNotificationConfigFromV03, taskPushNotificationConfigToV03 } from './push-configs.ts';
import { securitySchemeFromV03, securitySchemeToV03 } from './security.ts';
import { sendMessageRequestFromV03 } from './send-message.ts';
import { taskFromV03 } from './tasks.ts';

// The JSON-RPC → 1.0 step reads the intermediate JSON-RPC value; its paths are reported as the REST value's.
describe('REST → 1.0: losses and errors of the JSON-RPC step at REST paths', () => {
  it('names a history message content, not its JSON-RPC parts', () => {
    const task: rest.Task = {
      id: 't',
      contextId: 'c',
      status: { state: 'TASK_STATE_WORKING' },
      history: [{ messageId: 'm', role: 'ROLE_USER', content: [] }],
    };
    expect(() => taskFromV03(task, { path: 'task' })).toThrow(
      new TranslationError('1.0', 'task.history[0].content', 'is empty, but 1.0 REQUIRES at least one entry'),
    );
  });

  it('names the send options pushNotification, not pushNotificationConfig', () => {
    const { losses, options } = recording();
    sendMessageRequestFromV03(
      {
        message: { messageId: 'm', role: 'ROLE_USER', content: [{ text: 'a' }] },
        configuration: { pushNotification: { url: 'u', authentication: { schemes: ['A', 'B'] } } },
      },
      options,
    );
    expect(pathsOf(losses)).toEqual(['configuration.pushNotification.authentication.schemes']);
  });

  it('names a field inside the scheme oneof wrapper and an OAuth flow', () => {
    const scheme: rest.SecurityScheme = {
      oauth2SecurityScheme: { flows: { clientCredentials: { tokenUrl: '', scopes: {} } } },
    };
    expect(() => securitySchemeFromV03(scheme, { path: 'securitySchemes.o' })).toThrow(
      'A2A 1.0 cannot express securitySchemes.o.oauth2SecurityScheme.flows.clientCredentials.tokenUrl',
    );
  });

  it('names a stream event under its member, and throws at that path under strict', () => {
    const event: rest.StreamResponse = {
      statusUpdate: { taskId: 't', contextId: 'c', status: { state: 'TASK_STATE_WORKING' }, final: true },
    };
    const { losses, options } = recording();
    streamResponseFromV03(event, options);
    expect(pathsOf(losses)).toEqual(['statusUpdate.final']);
    expect(() => streamResponseFromV03(event, { strict: true, path: 'e' })).toThrow(
      'A2A 1.0 cannot express e.statusUpdate.final',
    );
  });
});

// The JSON-RPC → REST step reads the JSON-RPC value the 1.0 step wrote; its paths are reported as the 1.0 value's.
describe('1.0 → REST: losses of the REST step at 1.0 paths, after those of the JSON-RPC step', () => {
  it('names a 1.0 filename, not the JSON-RPC file.name', () => {
    const { losses, options } = recording();
    messageToV03(
      {
        messageId: 'm',
        role: 'ROLE_USER',
        parts: [{ text: 'a' }, { url: 'u', filename: 'f', metadata: {} }],
      },
      options,
    );
    expect(pathsOf(losses)).toEqual(['parts[1].metadata', 'parts[1].filename']);
  });

  it('names a stream event under its member', () => {
    const { losses, options } = recording();
    streamResponseToV03(
      { task: { id: 't', status: { state: 'TASK_STATE_WORKING' }, history: [] } },
      { ...options, path: 'event' },
    );
    streamResponseToV03(
      { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'a', metadata: {} }] } },
      options,
    );
    expect(pathsOf(losses)).toEqual(['event.task.contextId', 'message.parts[0].metadata']);
  });

  it('reports the JSON-RPC step first, then the REST step, in one card', () => {
    const { losses, options } = recording();
    agentCardToV03(
      {
        name: 'n',
        description: '',
        supportedInterfaces: [
          { url: 'u', protocolBinding: 'HTTP+JSON', protocolVersion: '0.3', tenant: 'x' },
        ],
        version: '1',
        capabilities: {},
        defaultInputModes: ['text/plain'],
        defaultOutputModes: ['text/plain'],
        skills: [],
        iconUrl: 'https://i',
      },
      options,
    );
    expect(pathsOf(losses)).toEqual(['supportedInterfaces[0].tenant', 'iconUrl']);
  });
});

// Cases where the REST translation used to differ from the JSON-RPC one and now follows it.
describe('REST ↔ 1.0 agrees with JSON-RPC ↔ 1.0', () => {
  it('keeps a skill without tags (ProtoJSON leaves an empty list out), as for a JSON-RPC card', () => {
    expect(agentSkillFromV03({ id: 's', name: 'S', description: 'd', tags: [] })).toStrictEqual({
      id: 's',
      name: 'S',
      description: 'd',
      tags: [],
    });
  });

  it('reads the - wildcard of a resource name as no task id, so a config without one round-trips', () => {
    const { losses, options } = recording();
    const named = taskPushNotificationConfigToV03({ id: 'c', url: 'u' }, options);
    expect(named.name).toBe('tasks/-/pushNotificationConfigs/c');
    expect(taskPushNotificationConfigFromV03(named)).toStrictEqual({ id: 'c', url: 'u' });
    expect(pathsOf(losses)).toEqual(['taskId']);
  });

  it('writes an API key location 0.3 does not name as header, both ways, reporting it', () => {
    const { losses, options } = recording();
    const restScheme: rest.SecurityScheme = { apiKeySecurityScheme: { location: 'body', name: 'k' } };
    expect(securitySchemeFromV03(restScheme, options)).toStrictEqual({
      apiKeySecurityScheme: { location: 'header', name: 'k' },
    });
    expect(
      securitySchemeToV03({ apiKeySecurityScheme: { location: 'body', name: 'k' } }, options),
    ).toStrictEqual({
      apiKeySecurityScheme: { location: 'header', name: 'k' },
    });
    expect(pathsOf(losses)).toEqual(['apiKeySecurityScheme.location', 'apiKeySecurityScheme.location']);
  });
});
