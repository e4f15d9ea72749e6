import type {
  AgentCard,
  CancelTaskRequest,
  DeleteTaskPushNotificationConfigRequest,
  GetExtendedAgentCardRequest,
  GetTaskPushNotificationConfigRequest,
  GetTaskRequest,
  ListTaskPushNotificationConfigsRequest,
  ListTaskPushNotificationConfigsResponse,
  ListTasksRequest,
  ListTasksResponse,
  SendMessageRequest,
  SendMessageResponse,
  StreamResponse,
  SubscribeToTaskRequest,
  Task,
  TaskPushNotificationConfig,
} from '@baton/protocol';
import type { CallContext } from './call-context.ts';

/**
 * A stream of events for one call. Events come in generation order; the stream ends (the iterator finishes)
 * at a terminal or interrupted state, or after a single direct Message. Calling `return()` on the iterator
 * (a `break` out of `for await`) releases every listener without canceling the task.
 */
export type EventStream = AsyncIterable<StreamResponse>;

/**
 * The binding-neutral A2A operations, in A2A 1.0 types. The JSON-RPC and HTTP+JSON bindings parse and
 * validate requests (translating 0.3 to 1.0 first), call these, and write the results in the caller's
 * version. Every method rejects with an `A2AError` for a protocol error; anything else is an internal error.
 * Streaming methods reject before returning the stream when the first event cannot be produced (unknown task,
 * terminal task, ...), so bindings can answer with a plain error response instead of an SSE stream.
 */
export interface A2ARequestHandler {
  sendMessage(request: SendMessageRequest, call: CallContext): Promise<SendMessageResponse>;
  sendStreamingMessage(request: SendMessageRequest, call: CallContext): Promise<EventStream>;
  getTask(request: GetTaskRequest, call: CallContext): Promise<Task>;
  listTasks(request: ListTasksRequest, call: CallContext): Promise<ListTasksResponse>;
  cancelTask(request: CancelTaskRequest, call: CallContext): Promise<Task>;
  subscribeToTask(request: SubscribeToTaskRequest, call: CallContext): Promise<EventStream>;
  createTaskPushNotificationConfig(
    request: TaskPushNotificationConfig,
    call: CallContext,
  ): Promise<TaskPushNotificationConfig>;
  getTaskPushNotificationConfig(
    request: GetTaskPushNotificationConfigRequest,
    call: CallContext,
  ): Promise<TaskPushNotificationConfig>;
  listTaskPushNotificationConfigs(
    request: ListTaskPushNotificationConfigsRequest,
    call: CallContext,
  ): Promise<ListTaskPushNotificationConfigsResponse>;
  deleteTaskPushNotificationConfig(
    request: DeleteTaskPushNotificationConfigRequest,
    call: CallContext,
  ): Promise<void>;
  getExtendedAgentCard(request: GetExtendedAgentCardRequest, call: CallContext): Promise<AgentCard>;
}
