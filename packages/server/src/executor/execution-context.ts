import { createId, type Message, type Task } from '@baton/protocol';
import type { CallUser } from '../vocabulary/call-context.ts';
import type { AgentMessageInput, ExecutionContext } from './agent-executor.ts';
import { createAgentMessage, toParts } from './agent-message.ts';
import { createArtifactStream } from './artifact-stream.ts';
import type { ExecutionHost } from './execution-host.ts';
import { messageData, messageText } from './message-content.ts';

/** The request side of an {@link ExecutionContext}: what the runtime knows about the incoming message. */
export interface ExecutionRequest {
  readonly message: Message;
  readonly task: Task | undefined;
  readonly taskId: string;
  readonly contextId: string;
  readonly referencedTasks: readonly Task[];
  readonly user: CallUser | undefined;
  readonly tenant: string | undefined;
  readonly requestedExtensions: readonly string[];
}

/**
 * Creates the {@link ExecutionContext} an executor gets, over the runtime's {@link ExecutionHost}. `signal`,
 * `text` and `data` are worked out when first read: many executors never read the signal, and an
 * AbortController is one of the larger costs of a small call.
 */
export function createExecutionContext(
  request: ExecutionRequest,
  signal: () => AbortSignal,
  host: ExecutionHost,
): ExecutionContext {
  const ids = { taskId: request.taskId, contextId: request.contextId };
  const toMessage = (input: AgentMessageInput | undefined) =>
    input === undefined ? undefined : createAgentMessage(input, ids);
  let text: string | undefined;

  return {
    message: request.message,
    task: request.task,
    taskId: request.taskId,
    contextId: request.contextId,
    referencedTasks: request.referencedTasks,
    user: request.user,
    tenant: request.tenant,
    requestedExtensions: request.requestedExtensions,
    get signal() {
      return signal();
    },
    get text() {
      text ??= messageText(request.message);
      return text;
    },
    get data() {
      return messageData(request.message);
    },
    reply: (message) => host.reply(createAgentMessage(message, { contextId: request.contextId })),
    working: (message) => host.setStatus('TASK_STATE_WORKING', toMessage(message)),
    async addArtifact(input) {
      const { artifactId = createId(), parts, ...rest } = input;
      const artifact = { ...rest, artifactId, parts: toParts(parts) };
      await host.writeArtifact(artifact, { append: false, lastChunk: true });
      // A copy: the executor may change what it gets back, and `artifact` went out to subscribers as is.
      return { ...artifact, parts: [...artifact.parts] };
    },
    streamArtifact: (init) => createArtifactStream(host, init),
    requestInput: (question) =>
      host.awaitReply('TASK_STATE_INPUT_REQUIRED', createAgentMessage(question, ids)),
    requestAuth: (question) => host.awaitReply('TASK_STATE_AUTH_REQUIRED', createAgentMessage(question, ids)),
    complete: (message) => host.setStatus('TASK_STATE_COMPLETED', toMessage(message)),
    fail: (message) => host.setStatus('TASK_STATE_FAILED', toMessage(message)),
    reject: (message) => host.setStatus('TASK_STATE_REJECTED', toMessage(message)),
  };
}
