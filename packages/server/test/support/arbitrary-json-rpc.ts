/** fast-check arbitraries for JSON-RPC requests: calls whose parts belong together, and ones that do not. */
import { A2A_METHODS, LEGACY_METHOD_ALIASES, V03_METHODS } from '@baton/protocol';
import fc from 'fast-check';
import { anyValue, json, sendParams, taskParams, validMessage, versionHeader } from './arbitrary-messages.ts';

/** Every method name either version knows, and some it does not. */
const methodName = fc.oneof(
  {
    arbitrary: fc.constantFrom(...A2A_METHODS, ...V03_METHODS, ...Object.keys(LEGACY_METHOD_ALIASES)),
    weight: 6,
  },
  { arbitrary: fc.constantFrom('tasks/list', 'sendMessage', 'rpc.discover', ''), weight: 1 },
  { arbitrary: json, weight: 1 },
);

/** A call whose method, params and `A2A-Version` belong together, so the task paths are really reached. */
function matchedCall(ids: fc.Arbitrary<string>) {
  const v1 = fc.oneof(
    fc.record({
      method: fc.constantFrom('SendMessage', 'SendStreamingMessage'),
      params: fc.record(
        {
          message: validMessage('1.0', ids),
          configuration: fc.record(
            {
              returnImmediately: fc.boolean(),
              historyLength: fc.nat(4),
              acceptedOutputModes: fc.constant(['text/plain']),
            },
            { requiredKeys: [] },
          ),
        },
        { requiredKeys: ['message'] },
      ),
    }),
    fc.record({
      method: fc.constantFrom('GetTask', 'CancelTask', 'SubscribeToTask'),
      params: fc.record({ id: ids, historyLength: fc.nat(4) }, { requiredKeys: ['id'] }),
    }),
    fc.record({
      method: fc.constant('ListTasks'),
      params: fc.record(
        {
          contextId: fc.constantFrom('ctx-known', ''),
          pageSize: fc.integer({ min: 0, max: 101 }),
          includeArtifacts: fc.boolean(),
        },
        { requiredKeys: [] },
      ),
    }),
    fc.record({
      method: fc.constantFrom('CreateTaskPushNotificationConfig', 'ListTaskPushNotificationConfigs'),
      params: fc.record(
        { taskId: ids, url: fc.webUrl(), id: fc.constantFrom('cfg', '') },
        { requiredKeys: ['taskId'] },
      ),
    }),
    fc.record({ method: fc.constant('GetExtendedAgentCard'), params: fc.constant({}) }),
  );
  const v03 = fc.oneof(
    fc.record({
      method: fc.constantFrom('message/send', 'message/stream'),
      params: fc.record(
        {
          message: validMessage('0.3', ids),
          configuration: fc.record(
            { blocking: fc.boolean(), historyLength: fc.integer({ min: -1, max: 4 }) },
            { requiredKeys: [] },
          ),
        },
        { requiredKeys: ['message'] },
      ),
    }),
    fc.record({
      method: fc.constantFrom('tasks/get', 'tasks/cancel', 'tasks/resubscribe'),
      params: fc.record(
        { id: ids, historyLength: fc.integer({ min: -1, max: 4 }) },
        { requiredKeys: ['id'] },
      ),
    }),
    fc.record({
      method: fc.constant('tasks/pushNotificationConfig/set'),
      params: fc.record({ taskId: ids, pushNotificationConfig: fc.record({ url: fc.webUrl() }) }),
    }),
    fc.record({
      method: fc.constantFrom('tasks/pushNotificationConfig/list', 'tasks/pushNotificationConfig/get'),
      params: fc.record({ id: ids, pushNotificationConfigId: fc.constant('cfg') }, { requiredKeys: ['id'] }),
    }),
  );
  return fc.oneof(
    v1.map((call) => ({ ...call, version: '1.0' as string | undefined })),
    v03.map((call) => ({ ...call, version: undefined as string | undefined })),
  );
}

/** A JSON-RPC request: its body as text and the `A2A-Version` it is sent with. */
export interface JsonRpcAttempt {
  readonly body: string;
  readonly version: string | undefined;
}

/**
 * JSON-RPC requests: well-formed calls whose parts belong together, almost-right envelopes around plausible
 * params with any version, and bodies that are not JSON-RPC or not JSON at all.
 */
export function jsonRpcAttempt(ids: fc.Arbitrary<string>): fc.Arbitrary<JsonRpcAttempt> {
  const id = fc.oneof(
    { arbitrary: fc.oneof(fc.string({ maxLength: 6 }), fc.integer()), weight: 8 },
    { arbitrary: fc.oneof(fc.constant(null), fc.double(), json), weight: 1 },
  );
  const matched = fc.tuple(matchedCall(ids), id).map(([call, requestId]) => ({
    body: JSON.stringify({ jsonrpc: '2.0', id: requestId, method: call.method, params: call.params }),
    version: call.version,
  }));
  const envelope = fc.record(
    {
      jsonrpc: fc.oneof({ arbitrary: fc.constant('2.0'), weight: 20 }, { arbitrary: json, weight: 1 }),
      id,
      method: methodName,
      params: fc.oneof(
        { arbitrary: sendParams(ids), weight: 4 },
        { arbitrary: taskParams(ids), weight: 4 },
        { arbitrary: json, weight: 1 },
      ),
    },
    { requiredKeys: ['jsonrpc', 'method', 'id'] },
  );
  const body = fc.oneof(
    { arbitrary: envelope.map((value) => JSON.stringify(value)), weight: 24 },
    { arbitrary: fc.array(envelope, { maxLength: 2 }).map((value) => JSON.stringify(value)), weight: 1 },
    { arbitrary: anyValue.map((value) => JSON.stringify(value) ?? 'undefined'), weight: 1 },
    { arbitrary: fc.string({ maxLength: 30 }), weight: 1 },
    { arbitrary: envelope.map((value) => JSON.stringify(value).slice(0, -3)), weight: 1 },
  );
  const loose = fc.record({ body, version: versionHeader });
  return fc.oneof({ arbitrary: matched, weight: 2 }, { arbitrary: loose, weight: 1 });
}
