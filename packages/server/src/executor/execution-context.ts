import { createId, type JsonValue, type Message, type Task } from '@baton/protocol';
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
  return new HostedExecutionContext(request, signal, host);
}

/**
 * The context as a class: its lazy getters live on the prototype. An object literal with getters is a
 * dictionary-mode object in V8; made once per execution it was slower to read and kept everything its getters
 * close over alive through young collections, promoting a few kilobytes per task to the old generation (see
 * `docs/benchmarks.md`, "Object literals with getters"). The operations stay arrow functions on the instance, so
 * an executor may destructure them (`async ({ text, complete }) => …`).
 */
class HostedExecutionContext implements ExecutionContext {
  readonly message: Message;
  readonly task: Task | undefined;
  readonly taskId: string;
  readonly contextId: string;
  readonly referencedTasks: readonly Task[];
  readonly user: CallUser | undefined;
  readonly tenant: string | undefined;
  readonly requestedExtensions: readonly string[];
  private readonly readSignal: () => AbortSignal;
  private textRead: string | undefined = undefined;

  constructor(request: ExecutionRequest, signal: () => AbortSignal, host: ExecutionHost) {
    this.message = request.message;
    this.task = request.task;
    this.taskId = request.taskId;
    this.contextId = request.contextId;
    this.referencedTasks = request.referencedTasks;
    this.user = request.user;
    this.tenant = request.tenant;
    this.requestedExtensions = request.requestedExtensions;
    this.readSignal = signal;
    const ids = { taskId: request.taskId, contextId: request.contextId };
    const toMessage = (input: AgentMessageInput | undefined) =>
      input === undefined ? undefined : createAgentMessage(input, ids);
    this.reply = (message) => host.reply(createAgentMessage(message, { contextId: request.contextId }));
    this.working = (message) => host.setStatus('TASK_STATE_WORKING', toMessage(message));
    this.addArtifact = async (input) => {
      const { artifactId = createId(), parts, ...rest } = input;
      const artifact = { ...rest, artifactId, parts: toParts(parts) };
      await host.writeArtifact(artifact, { append: false, lastChunk: true });
      // A copy: the executor may change what it gets back, and `artifact` went out to subscribers as is.
      return { ...artifact, parts: [...artifact.parts] };
    };
    this.streamArtifact = (init) => createArtifactStream(host, init);
    this.requestInput = (question) =>
      host.awaitReply('TASK_STATE_INPUT_REQUIRED', createAgentMessage(question, ids));
    this.requestAuth = (question) =>
      host.awaitReply('TASK_STATE_AUTH_REQUIRED', createAgentMessage(question, ids));
    this.complete = (message) => host.setStatus('TASK_STATE_COMPLETED', toMessage(message));
    this.fail = (message) => host.setStatus('TASK_STATE_FAILED', toMessage(message));
    this.reject = (message) => host.setStatus('TASK_STATE_REJECTED', toMessage(message));
  }

  get signal(): AbortSignal {
    return this.readSignal();
  }

  get text(): string {
    this.textRead ??= messageText(this.message);
    return this.textRead;
  }

  get data(): JsonValue | undefined {
    return messageData(this.message);
  }

  readonly reply: ExecutionContext['reply'];
  readonly working: ExecutionContext['working'];
  readonly addArtifact: ExecutionContext['addArtifact'];
  readonly streamArtifact: ExecutionContext['streamArtifact'];
  readonly requestInput: ExecutionContext['requestInput'];
  readonly requestAuth: ExecutionContext['requestAuth'];
  readonly complete: ExecutionContext['complete'];
  readonly fail: ExecutionContext['fail'];
  readonly reject: ExecutionContext['reject'];
}
