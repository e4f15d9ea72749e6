import type { OperationCodec, OperationCodecs, OperationName } from './operation-codec.ts';
import type { CallOptions, Transport } from './transport.ts';

/** How a binding runs one unary call and one stream, whatever the operation. */
export interface OperationRunners<Wire> {
  unary<Request, Result>(
    operation: OperationName,
    codec: OperationCodec<Request, Result, Wire> | undefined,
    request: Request,
    call?: CallOptions,
  ): Promise<Result>;
  stream<Request, Result>(
    operation: OperationName,
    codec: OperationCodec<Request, Result, Wire>,
    request: Request,
    call?: CallOptions,
  ): AsyncIterable<Result>;
}

/**
 * Builds a {@link Transport} from a binding's two runners and its version's codecs: every operation is the
 * runner for its kind with its codec, so the list of operations lives once for both bindings. `overrides`
 * replaces single operations (HTTP+JSON's subscribe falls back to GET).
 */
export function bindOperations<Wire>(
  identity: Pick<Transport, 'binding' | 'version' | 'url'>,
  codecs: OperationCodecs<Wire>,
  run: OperationRunners<Wire>,
  overrides: Partial<Pick<Transport, 'subscribeToTask'>> = {},
): Transport {
  return {
    ...identity,
    sendMessage: (request, call) => run.unary('sendMessage', codecs.sendMessage, request, call),
    sendStreamingMessage: (request, call) =>
      run.stream('sendStreamingMessage', codecs.sendStreamingMessage, request, call),
    getTask: (request, call) => run.unary('getTask', codecs.getTask, request, call),
    listTasks: (request, call) => run.unary('listTasks', codecs.listTasks, request, call),
    cancelTask: (request, call) => run.unary('cancelTask', codecs.cancelTask, request, call),
    subscribeToTask: (request, call) => run.stream('subscribeToTask', codecs.subscribeToTask, request, call),
    createTaskPushNotificationConfig: (request, call) =>
      run.unary('createTaskPushNotificationConfig', codecs.createTaskPushNotificationConfig, request, call),
    getTaskPushNotificationConfig: (request, call) =>
      run.unary('getTaskPushNotificationConfig', codecs.getTaskPushNotificationConfig, request, call),
    listTaskPushNotificationConfigs: (request, call) =>
      run.unary('listTaskPushNotificationConfigs', codecs.listTaskPushNotificationConfigs, request, call),
    deleteTaskPushNotificationConfig: (request, call) =>
      run.unary('deleteTaskPushNotificationConfig', codecs.deleteTaskPushNotificationConfig, request, call),
    getExtendedAgentCard: (request, call) =>
      run.unary('getExtendedAgentCard', codecs.getExtendedAgentCard, request, call),
    ...overrides,
  };
}
