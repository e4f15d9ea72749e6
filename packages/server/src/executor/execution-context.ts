import { createId, type Message, type Task } from '@baton/protocol';
import type { CallUser } from '../handler/call-context.ts';
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
  readonly signal: AbortSignal;
}

/** Creates the {@link ExecutionContext} an executor gets, over the runtime's {@link ExecutionHost}. */
export function createExecutionContext(request: ExecutionRequest, host: ExecutionHost): ExecutionContext {
  const ids = { taskId: request.taskId, contextId: request.contextId };
  const toMessage = (input: AgentMessageInput | undefined) =>
    input === undefined ? undefined : createAgentMessage(input, ids);

  return {
    ...request,
    text: messageText(request.message),
    data: messageData(request.message),
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
