import { describe, expect, it } from 'vitest';
import {
  A2A_METHODS,
  isA2AMethod,
  LEGACY_METHOD_ALIASES,
  resolveMethod,
  toV03Method,
  V03_METHODS,
} from './methods.ts';

// Written out from the digest §3 checklist and spec §5.3: [wire name, version, operation, streaming].
const EXPECTED = [
  ['SendMessage', '1.0', 'SendMessage', false],
  ['SendStreamingMessage', '1.0', 'SendStreamingMessage', true],
  ['GetTask', '1.0', 'GetTask', false],
  ['ListTasks', '1.0', 'ListTasks', false],
  ['CancelTask', '1.0', 'CancelTask', false],
  ['SubscribeToTask', '1.0', 'SubscribeToTask', true],
  ['CreateTaskPushNotificationConfig', '1.0', 'CreateTaskPushNotificationConfig', false],
  ['GetTaskPushNotificationConfig', '1.0', 'GetTaskPushNotificationConfig', false],
  ['ListTaskPushNotificationConfigs', '1.0', 'ListTaskPushNotificationConfigs', false],
  ['DeleteTaskPushNotificationConfig', '1.0', 'DeleteTaskPushNotificationConfig', false],
  ['GetExtendedAgentCard', '1.0', 'GetExtendedAgentCard', false],
  ['message/send', '0.3', 'SendMessage', false],
  ['message/stream', '0.3', 'SendStreamingMessage', true],
  ['tasks/get', '0.3', 'GetTask', false],
  ['tasks/cancel', '0.3', 'CancelTask', false],
  ['tasks/resubscribe', '0.3', 'SubscribeToTask', true],
  ['tasks/pushNotificationConfig/set', '0.3', 'CreateTaskPushNotificationConfig', false],
  ['tasks/pushNotificationConfig/get', '0.3', 'GetTaskPushNotificationConfig', false],
  ['tasks/pushNotificationConfig/list', '0.3', 'ListTaskPushNotificationConfigs', false],
  ['tasks/pushNotificationConfig/delete', '0.3', 'DeleteTaskPushNotificationConfig', false],
  ['agent/getAuthenticatedExtendedCard', '0.3', 'GetExtendedAgentCard', false],
  ['tasks/send', '0.3', 'SendMessage', false],
  ['tasks/sendSubscribe', '0.3', 'SendStreamingMessage', true],
  ['tasks/pushNotification/set', '0.3', 'CreateTaskPushNotificationConfig', false],
  ['tasks/pushNotification/get', '0.3', 'GetTaskPushNotificationConfig', false],
] as const;

describe('resolveMethod', () => {
  it.each(EXPECTED)('resolves %s to %s %s (streaming: %s)', (name, version, method, streaming) => {
    expect(resolveMethod(name)).toEqual({ version, method, streaming });
  });

  it('knows no other names', () => {
    const known = new Set<string>(EXPECTED.map(([name]) => name));
    expect(
      [...A2A_METHODS, ...V03_METHODS, ...Object.keys(LEGACY_METHOD_ALIASES)].every((n) => known.has(n)),
    ).toBe(true);
    expect(A2A_METHODS.length + V03_METHODS.length + Object.keys(LEGACY_METHOD_ALIASES).length).toBe(
      EXPECTED.length,
    );
  });

  it.each(['sendMessage', 'Message/Send', 'tasks/list', 'toString', '__proto__', 'constructor', ''])(
    'does not resolve %j',
    (name) => {
      expect(resolveMethod(name)).toBeUndefined();
    },
  );
});

describe('0.3 ↔ 1.0 names', () => {
  it('maps every 1.0 operation except ListTasks back to its 0.3 name', () => {
    for (const method of A2A_METHODS) {
      const v03 = toV03Method(method);
      if (method === 'ListTasks') expect(v03).toBeUndefined();
      else expect(v03 && resolveMethod(v03)?.method).toBe(method);
    }
  });

  it('maps SubscribeToTask to tasks/resubscribe', () => {
    expect(toV03Method('SubscribeToTask')).toBe('tasks/resubscribe');
  });

  it('recognizes 1.0 names only', () => {
    expect(isA2AMethod('GetTask')).toBe(true);
    expect(isA2AMethod('tasks/get')).toBe(false);
    expect(isA2AMethod('hasOwnProperty')).toBe(false);
  });
});
