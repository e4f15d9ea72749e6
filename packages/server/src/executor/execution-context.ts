import {
  A2AError,
  type Artifact,
  createId,
  IN_TASK_OAUTH_EXTENSION,
  inTaskOAuthRequestPart,
  type JsonValue,
  type Message,
  type Task,
} from '@baton/protocol';
import type { CallUser } from '../vocabulary/call-context.ts';
import { missingScopes } from '../vocabulary/scope-check.ts';
import { copyArtifactFields } from '../vocabulary/wire-fields.ts';
import type { AgentMessageInput, ExecutionContext } from './agent-executor.ts';
import { createAgentMessage, toParts } from './agent-message.ts';
import { createArtifactStream } from './artifact-stream.ts';
import type { ExecutionHost, TaskReply, WaitingState } from './execution-host.ts';
import { messageData, messageText } from './message-content.ts';

/** The request side of an {@link ExecutionContext}: what the runtime knows about the incoming message. */
export type ExecutionRequest = Pick<
  ExecutionContext,
  | 'message'
  | 'task'
  | 'taskId'
  | 'contextId'
  | 'referencedTasks'
  | 'user'
  | 'tenant'
  | 'requestedExtensions'
  | 'skillId'
>;

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
 * `docs/benchmarks.md`, "What a task costs"). Each operation is a getter that hands out a function bound to this
 * context when it is read, so an executor may destructure them (`async ({ text, complete }) => …`) and no
 * execution pays for the ones it does not use.
 */
class HostedExecutionContext implements ExecutionContext {
  readonly message: Message;
  readonly task: Task | undefined;
  readonly taskId: string;
  readonly contextId: string;
  readonly referencedTasks: readonly Task[];
  user: CallUser | undefined;
  readonly tenant: string | undefined;
  readonly requestedExtensions: readonly string[];
  readonly skillId: string | undefined;
  private readonly readSignal: () => AbortSignal;
  private readonly host: ExecutionHost;
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
    this.skillId = request.skillId;
    this.readSignal = signal;
    this.host = host;
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

  get reply(): ExecutionContext['reply'] {
    return (message) => this.host.reply(createAgentMessage(message, { contextId: this.contextId }));
  }

  get working(): ExecutionContext['working'] {
    return (message) => this.host.setStatus('TASK_STATE_WORKING', this.agentMessage(message));
  }

  get addArtifact(): ExecutionContext['addArtifact'] {
    return async (input) => {
      const artifact: Artifact = { artifactId: input.artifactId ?? createId(), parts: toParts(input.parts) };
      copyArtifactFields(input, artifact);
      await this.host.writeArtifact(artifact, { append: false, lastChunk: true });
      // A copy: the executor may change what it gets back, and `artifact` went out to subscribers as is.
      const copy: Artifact = { artifactId: artifact.artifactId, parts: [...artifact.parts] };
      copyArtifactFields(artifact, copy);
      return copy;
    };
  }

  get streamArtifact(): ExecutionContext['streamArtifact'] {
    return (init) => createArtifactStream(this.host, init);
  }

  get requestInput(): ExecutionContext['requestInput'] {
    return async (question) => (await this.awaitReply('TASK_STATE_INPUT_REQUIRED', question)).message;
  }

  get requestAuth(): ExecutionContext['requestAuth'] {
    return async (question) => (await this.awaitReply('TASK_STATE_AUTH_REQUIRED', question)).message;
  }

  get requireScopes(): ExecutionContext['requireScopes'] {
    return async (scopes, options = {}) => {
      const attempts = options.attempts ?? 3;
      for (let asked = 0; ; asked += 1) {
        const missing = missingScopes(this.user, scopes);
        // An anonymous caller is a CallUser with nothing set (asked for no scopes, it passes).
        if (missing.length === 0) return this.user ?? {};
        if (asked === attempts) {
          throw A2AError.permissionDenied(
            `This needs the scopes ${missing.join(', ')}, which the caller's token lacks`,
            {
              missingScopes: missing.join(' '),
            },
          );
        }
        await this.awaitReply('TASK_STATE_AUTH_REQUIRED', {
          parts: [
            { text: options.text ?? `This needs a token with the scopes: ${missing.join(', ')}` },
            inTaskOAuthRequestPart({
              requiredScopes: missing,
              ...(options.securityScheme === undefined ? {} : { securityScheme: options.securityScheme }),
            }),
          ],
          extensions: [IN_TASK_OAUTH_EXTENSION],
        });
      }
    };
  }

  get complete(): ExecutionContext['complete'] {
    return (message) => this.host.setStatus('TASK_STATE_COMPLETED', this.agentMessage(message));
  }

  get fail(): ExecutionContext['fail'] {
    return (message) => this.host.setStatus('TASK_STATE_FAILED', this.agentMessage(message));
  }

  get reject(): ExecutionContext['reject'] {
    return (message) => this.host.setStatus('TASK_STATE_REJECTED', this.agentMessage(message));
  }

  /** Waits for the client's next message; its sender is the caller from then on. */
  private async awaitReply(state: WaitingState, question: AgentMessageInput): Promise<TaskReply> {
    const reply = await this.host.awaitReply(state, this.agentMessage(question));
    this.user = reply.user;
    return reply;
  }

  private agentMessage(input: AgentMessageInput): Message;
  private agentMessage(input: AgentMessageInput | undefined): Message | undefined;
  private agentMessage(input: AgentMessageInput | undefined): Message | undefined {
    return input === undefined
      ? undefined
      : createAgentMessage(input, { taskId: this.taskId, contextId: this.contextId });
  }
}
