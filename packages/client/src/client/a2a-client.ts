import type {
  AgentCard,
  CancelTaskRequest,
  DeleteTaskPushNotificationConfigRequest,
  GetTaskPushNotificationConfigRequest,
  GetTaskRequest,
  ListTaskPushNotificationConfigsRequest,
  ListTaskPushNotificationConfigsResponse,
  ListTasksRequest,
  ListTasksResponse,
  Message,
  SendMessageRequest,
  SendMessageResponse,
  StreamResponse,
  Task,
  TaskPushNotificationConfig,
} from '@baton/protocol';
import { SKILL_SELECTION_EXTENSION } from '@baton/protocol';
import type { CallOptions, Transport } from '../transport/transport.ts';
import { cancelTaskOnAbort } from './cancel-task-on-abort.ts';
import { type Reauthorize, sendReauthorizing, streamReauthorizing } from './reauthorize-on-auth-required.ts';
import { type ResubscribeOptions, resumeStream } from './resume-stream.ts';
import { type SendInput, type SendRequestOptions, toSendRequest } from './to-send-request.ts';

/** Options of a send: the call options plus what shapes the request. */
export interface SendOptions extends CallOptions, SendRequestOptions {}

/** Options of a stream: a send's options plus the resubscribe policy (`false` turns it off). */
export interface StreamOptions extends SendOptions {
  readonly resubscribe?: ResubscribeOptions | false;
  /**
   * When `signal` fires, cancel the agent's task (CancelTask) before the stream ends: at once if the agent has named
   * the task, else as soon as it does (within 5 s). Default false: an abort only stops listening, and the task
   * goes on (what leaving a stream means in A2A).
   */
  readonly cancelTaskOnAbort?: boolean;
}

/** Options of a subscription. */
export interface SubscribeOptions extends CallOptions {
  readonly resubscribe?: ResubscribeOptions | false;
}

/** An A2A client bound to one agent interface. Every result is a 1.0 object, whatever the agent speaks. */
export interface A2AClient {
  /** The agent card; replaced by the extended card after {@link A2AClient.getExtendedAgentCard}. */
  readonly card: AgentCard;
  readonly transport: Transport;
  /**
   * Sends a message and waits for a terminal or interrupted state (or `returnImmediately`): the text of a user
   * message, a Message (`userMessage(...)`), or a full SendMessageRequest. Anything else is refused with an
   * `INVALID_INPUT` A2AClientError before any request.
   */
  sendMessage(text: string, options?: SendOptions): Promise<SendMessageResponse>;
  sendMessage(message: Message, options?: SendOptions): Promise<SendMessageResponse>;
  sendMessage(request: SendMessageRequest, options?: SendOptions): Promise<SendMessageResponse>;
  sendMessage(input: SendInput, options?: SendOptions): Promise<SendMessageResponse>;
  /**
   * Sends a message and streams the task's events, resubscribing after a drop by default. Takes what
   * `sendMessage` takes, and refuses anything else the same way when called.
   */
  streamMessage(text: string, options?: StreamOptions): AsyncIterable<StreamResponse>;
  streamMessage(message: Message, options?: StreamOptions): AsyncIterable<StreamResponse>;
  streamMessage(request: SendMessageRequest, options?: StreamOptions): AsyncIterable<StreamResponse>;
  streamMessage(input: SendInput, options?: StreamOptions): AsyncIterable<StreamResponse>;
  getTask(request: string | GetTaskRequest, options?: CallOptions): Promise<Task>;
  listTasks(request?: ListTasksRequest, options?: CallOptions): Promise<ListTasksResponse>;
  /** Every task matching `filter`, page after page (following `nextPageToken`). */
  listAllTasks(filter?: Omit<ListTasksRequest, 'pageToken'>, options?: CallOptions): AsyncIterable<Task>;
  cancelTask(request: string | CancelTaskRequest, options?: CallOptions): Promise<Task>;
  /** Streams a task's events from its current state on, resubscribing after a drop by default. */
  subscribe(taskId: string, options?: SubscribeOptions): AsyncIterable<StreamResponse>;
  createPushConfig(
    config: TaskPushNotificationConfig,
    options?: CallOptions,
  ): Promise<TaskPushNotificationConfig>;
  getPushConfig(
    request: GetTaskPushNotificationConfigRequest,
    options?: CallOptions,
  ): Promise<TaskPushNotificationConfig>;
  listPushConfigs(
    request: string | ListTaskPushNotificationConfigsRequest,
    options?: CallOptions,
  ): Promise<ListTaskPushNotificationConfigsResponse>;
  deletePushConfig(request: DeleteTaskPushNotificationConfigRequest, options?: CallOptions): Promise<void>;
  /** Fetches the extended (authenticated) card and uses it as `card` from then on. */
  getExtendedAgentCard(options?: CallOptions): Promise<AgentCard>;
}

/** Options of {@link createA2AClientFromTransport}. */
export interface ClientBehaviour {
  /** Default resubscribe policy of streams; `false` turns it off. */
  readonly resubscribe?: ResubscribeOptions | false;
  /** Called when `getExtendedAgentCard` replaces the card (the authenticator reads the new schemes). */
  readonly onCardChange?: (card: AgentCard) => void;
  /**
   * Gets a token with the scopes an agent's AUTH_REQUIRED asks for (`IN_TASK_OAUTH_EXTENSION`); sends and streams
   * then reply on the task with it and go on. Without it an AUTH_REQUIRED is the answer, as for any other client.
   */
  readonly reauthorize?: Reauthorize;
}

const callOnly = (options: CallOptions | undefined): CallOptions => ({
  ...(options?.signal === undefined ? {} : { signal: options.signal }),
  ...(options?.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  ...(options?.headers === undefined ? {} : { headers: options.headers }),
});

/**
 * Builds a client on a transport you made yourself (tests, custom bindings); `createA2AClient` does discovery
 * and interface selection first.
 *
 * @example
 * const client = createA2AClientFromTransport(createJsonRpcTransport({ url, version: '1.0' }), card);
 * const response = await client.sendMessage('Plan a trip to Lisbon');
 */
export function createA2AClientFromTransport(
  transport: Transport,
  card: AgentCard,
  behaviour: ClientBehaviour = {},
): A2AClient {
  let current = card;
  const resumable = (
    open: () => AsyncIterable<StreamResponse>,
    options: SubscribeOptions | undefined,
  ): AsyncIterable<StreamResponse> => {
    const policy = options?.resubscribe ?? behaviour.resubscribe ?? {};
    if (policy === false) return open();
    const call = callOnly(options);
    return resumeStream(
      {
        open,
        resubscribe: (id, lastEventId) =>
          transport.subscribeToTask(
            { id },
            lastEventId === undefined
              ? call
              : { ...call, headers: { ...call?.headers, 'Last-Event-ID': lastEventId } },
          ),
        getTask: (id) => transport.getTask({ id }, call),
        ...(options?.signal === undefined ? {} : { signal: options.signal }),
      },
      policy,
    );
  };

  // A skill is named only to an agent that declares it takes one; any other picks it from the message.
  const forThisAgent = <Options extends SendRequestOptions>(
    options: Options | undefined,
  ): Options | undefined => {
    if (options?.skillId === undefined) return options;
    const declared = current.capabilities.extensions?.some(
      (entry) => entry.uri === SKILL_SELECTION_EXTENSION,
    );
    if (declared) return options;
    const { skillId: _dropped, ...rest } = options;
    return rest as Options;
  };

  return {
    get card() {
      return current;
    },
    transport,
    // A refused input is a rejected promise, like every other failure of a send.
    async sendMessage(input: SendInput, options?: SendOptions) {
      const request = toSendRequest(input, forThisAgent(options));
      const send = (next: SendMessageRequest) => transport.sendMessage(next, callOnly(options));
      const reauthorize = behaviour.reauthorize;
      return reauthorize ? sendReauthorizing(request, send, reauthorize) : send(request);
    },
    streamMessage(input: SendInput, options?: StreamOptions) {
      const request = toSendRequest(input, forThisAgent(options));
      const signal = options?.signal;
      const open = (listening: StreamOptions | undefined) => {
        const stream = (next: SendMessageRequest) =>
          resumable(() => transport.sendStreamingMessage(next, callOnly(listening)), listening);
        const reauthorize = behaviour.reauthorize;
        return reauthorize ? streamReauthorizing(request, stream, reauthorize) : stream(request);
      };
      if (options?.cancelTaskOnAbort !== true || signal === undefined) return open(options);
      return cancelTaskOnAbort(
        (listening) => open({ ...options, signal: listening }),
        signal,
        (taskId) => transport.cancelTask({ id: taskId }, { timeoutMs: 5_000 }),
      );
    },
    getTask: (request, options) =>
      transport.getTask(typeof request === 'string' ? { id: request } : request, callOnly(options)),
    listTasks: (request = {}, options) => transport.listTasks(request, callOnly(options)),
    async *listAllTasks(filter = {}, options) {
      let pageToken: string | undefined;
      do {
        const page = await transport.listTasks(
          { ...filter, ...(pageToken === undefined ? {} : { pageToken }) },
          callOnly(options),
        );
        yield* page.tasks;
        pageToken = page.nextPageToken === '' ? undefined : page.nextPageToken;
      } while (pageToken !== undefined);
    },
    cancelTask: (request, options) =>
      transport.cancelTask(typeof request === 'string' ? { id: request } : request, callOnly(options)),
    subscribe: (taskId, options) =>
      resumable(() => transport.subscribeToTask({ id: taskId }, callOnly(options)), options),
    createPushConfig: (config, options) =>
      transport.createTaskPushNotificationConfig(config, callOnly(options)),
    getPushConfig: (request, options) => transport.getTaskPushNotificationConfig(request, callOnly(options)),
    listPushConfigs: (request, options) =>
      transport.listTaskPushNotificationConfigs(
        typeof request === 'string' ? { taskId: request } : request,
        callOnly(options),
      ),
    deletePushConfig: (request, options) =>
      transport.deleteTaskPushNotificationConfig(request, callOnly(options)),
    async getExtendedAgentCard(options) {
      current = await transport.getExtendedAgentCard({}, callOnly(options));
      behaviour.onCardChange?.(current);
      return current;
    },
  };
}
