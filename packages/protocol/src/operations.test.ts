import { describe, expect, it } from 'vitest';
import { STREAMING_METHODS, V1_TO_V03_METHOD, V03_TO_V1_METHOD } from './jsonrpc/methods.ts';
import { A2A_METHODS, A2A_OPERATIONS, operationMethod, operationName } from './operations.ts';

describe('the operations table', () => {
  it('lists the eleven A2A 1.0 operations in the order of the spec (§5.3)', () => {
    expect(A2A_METHODS).toEqual([
      'SendMessage',
      'SendStreamingMessage',
      'GetTask',
      'ListTasks',
      'CancelTask',
      'SubscribeToTask',
      'CreateTaskPushNotificationConfig',
      'GetTaskPushNotificationConfig',
      'ListTaskPushNotificationConfigs',
      'DeleteTaskPushNotificationConfig',
      'GetExtendedAgentCard',
    ]);
  });

  it('derives the JSON-RPC tables: 0.3 names both ways, ListTasks absent from 0.3, the two streams', () => {
    expect(V03_TO_V1_METHOD).toMatchObject({
      'message/send': 'SendMessage',
      'tasks/resubscribe': 'SubscribeToTask',
      'agent/getAuthenticatedExtendedCard': 'GetExtendedAgentCard',
    });
    expect(Object.keys(V03_TO_V1_METHOD)).toHaveLength(10);
    expect(V1_TO_V03_METHOD.ListTasks).toBeUndefined();
    expect(V1_TO_V03_METHOD.CreateTaskPushNotificationConfig).toBe('tasks/pushNotificationConfig/set');
    expect([...STREAMING_METHODS]).toEqual(['SendStreamingMessage', 'SubscribeToTask']);
  });

  it('marks as safe to repeat only what the spec allows: never a send or a config creation', () => {
    const unsafe = A2A_METHODS.filter((method) => !A2A_OPERATIONS[method].idempotent);
    expect(unsafe).toEqual(['SendMessage', 'SendStreamingMessage', 'CreateTaskPushNotificationConfig']);
  });

  it('turns an operation into its method name and back', () => {
    for (const method of A2A_METHODS) expect(operationMethod(operationName(method))).toBe(method);
    expect(operationName('ListTaskPushNotificationConfigs')).toBe('listTaskPushNotificationConfigs');
  });
});
