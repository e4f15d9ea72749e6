import {
  TELEMETRY_ATTRIBUTES as ATTR,
  HEADERS_GETTER,
  idsOfEvent,
  isA2AError,
  TELEMETRY,
} from '@baton/protocol';
import {
  type Attributes,
  context,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import type { A2ARequestHandler, EventStream } from '../handler/request-handler.ts';
import type { CallContext } from '../vocabulary/call-context.ts';
import type { OpenTelemetryInstruments } from './open-telemetry-instruments.ts';

/** The task and context a call is about, as far as its request or answer says. */
interface CallIds {
  readonly taskId?: string | undefined;
  readonly contextId?: string | undefined;
}

function setIds(span: Span | undefined, ids: CallIds): void {
  if (!span) return;
  if (ids.taskId) span.setAttribute(ATTR.taskId, ids.taskId);
  if (ids.contextId) span.setAttribute(ATTR.contextId, ids.contextId);
}

/**
 * Wraps a request handler so every call is a SERVER span (`lf.a2a.v1.A2AService/<Method>`, child of the
 * caller's `traceparent`, active while the call runs so the task's execution span is its child) and counts in the
 * call metrics. A stream's span and its open-streams count last until the stream ends.
 */
export function instrumentHandler(
  handler: A2ARequestHandler,
  telemetry: OpenTelemetryInstruments,
): A2ARequestHandler {
  function begin(method: string, call: CallContext, ids: CallIds) {
    const started = performance.now();
    const base = context.active();
    const parent = call.headers ? propagation.extract(base, call.headers, HEADERS_GETTER) : base;
    const metricAttributes: Attributes = {
      [ATTR.rpcMethod]: method,
      [ATTR.binding]: call.binding,
      [ATTR.version]: call.version,
    };
    const span = telemetry.tracing
      ? telemetry.tracer.startSpan(
          `${TELEMETRY.service}/${method}`,
          {
            kind: SpanKind.SERVER,
            attributes: {
              ...metricAttributes,
              [ATTR.rpcService]: TELEMETRY.service,
              ...(call.binding === 'JSONRPC'
                ? { [ATTR.rpcSystem]: 'jsonrpc' }
                : call.binding === 'GRPC'
                  ? { [ATTR.rpcSystem]: 'grpc' }
                  : {}),
            },
          },
          parent,
        )
      : undefined;
    setIds(span, ids);
    const active = span ? trace.setSpan(parent, span) : parent;
    let ended = false;
    const end = (error?: unknown) => {
      if (ended) return;
      ended = true;
      const outcome: Attributes = {
        ...metricAttributes,
        [ATTR.outcome]: error === undefined ? 'ok' : 'error',
      };
      if (error !== undefined) {
        const type = isA2AError(error) ? error.name : 'InternalError';
        outcome[ATTR.errorType] = type;
        if (span) {
          span.setAttribute(ATTR.errorType, type);
          span.setAttribute(ATTR.outcome, 'error');
          if (isA2AError(error)) {
            span.setAttribute(ATTR.errorCode, error.code);
            span.setAttribute(ATTR.errorReason, error.reason);
            if (call.binding === 'JSONRPC') span.setAttribute(ATTR.jsonRpcErrorCode, error.code);
          }
          span.setStatus({
            code: SpanStatusCode.ERROR,
            message: error instanceof Error ? error.message : String(error),
          });
        }
      } else span?.setAttribute(ATTR.outcome, 'ok');
      span?.end();
      telemetry.calls.add(1, outcome);
      telemetry.callDuration.record((performance.now() - started) / 1000, outcome);
    };
    return { span, active, end };
  }

  function unary<Request, Result>(
    method: string,
    invoke: (request: Request, call: CallContext) => Promise<Result>,
    ids: (request: Request, result?: Result) => CallIds,
  ) {
    return async (request: Request, call: CallContext): Promise<Result> => {
      const { span, active, end } = begin(method, call, ids(request));
      try {
        const result = await context.with(active, () => invoke(request, call));
        setIds(span, ids(request, result));
        end();
        return result;
      } catch (error) {
        end(error);
        throw error;
      }
    };
  }

  function streaming<Request>(
    method: string,
    invoke: (request: Request, call: CallContext) => Promise<EventStream>,
    ids: (request: Request) => CallIds,
  ) {
    return async (request: Request, call: CallContext): Promise<EventStream> => {
      const { span, active, end } = begin(method, call, ids(request));
      let stream: EventStream;
      try {
        stream = await context.with(active, () => invoke(request, call));
      } catch (error) {
        end(error);
        throw error;
      }
      telemetry.openStreams.add(1, { [ATTR.rpcMethod]: method });
      return (async function* followed() {
        let first = true;
        let failure: unknown;
        try {
          for await (const event of stream) {
            if (first) setIds(span, idsOfEvent(event));
            first = false;
            yield event;
          }
        } catch (error) {
          failure = error;
          throw error;
        } finally {
          telemetry.openStreams.add(-1, { [ATTR.rpcMethod]: method });
          end(failure);
        }
      })();
    };
  }

  return {
    sendMessage: unary('SendMessage', handler.sendMessage.bind(handler), (request, result) =>
      result === undefined
        ? { taskId: request.message?.taskId, contextId: request.message?.contextId }
        : idsOfEvent(result),
    ),
    sendStreamingMessage: streaming(
      'SendStreamingMessage',
      handler.sendStreamingMessage.bind(handler),
      (request) => ({ taskId: request.message?.taskId, contextId: request.message?.contextId }),
    ),
    getTask: unary('GetTask', handler.getTask.bind(handler), (request, task) => ({
      taskId: request.id,
      contextId: task?.contextId,
    })),
    listTasks: unary('ListTasks', handler.listTasks.bind(handler), (request) => ({
      contextId: request.contextId,
    })),
    cancelTask: unary('CancelTask', handler.cancelTask.bind(handler), (request, task) => ({
      taskId: request.id,
      contextId: task?.contextId,
    })),
    subscribeToTask: streaming('SubscribeToTask', handler.subscribeToTask.bind(handler), (request) => ({
      taskId: request.id,
    })),
    createTaskPushNotificationConfig: unary(
      'CreateTaskPushNotificationConfig',
      handler.createTaskPushNotificationConfig.bind(handler),
      (request) => ({ taskId: request.taskId }),
    ),
    getTaskPushNotificationConfig: unary(
      'GetTaskPushNotificationConfig',
      handler.getTaskPushNotificationConfig.bind(handler),
      (request) => ({ taskId: request.taskId }),
    ),
    listTaskPushNotificationConfigs: unary(
      'ListTaskPushNotificationConfigs',
      handler.listTaskPushNotificationConfigs.bind(handler),
      (request) => ({ taskId: request.taskId }),
    ),
    deleteTaskPushNotificationConfig: unary(
      'DeleteTaskPushNotificationConfig',
      handler.deleteTaskPushNotificationConfig.bind(handler),
      (request) => ({ taskId: request.taskId }),
    ),
    getExtendedAgentCard: unary(
      'GetExtendedAgentCard',
      handler.getExtendedAgentCard.bind(handler),
      () => ({}),
    ),
  };
}
