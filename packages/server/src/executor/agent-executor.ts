import type { Artifact, JsonValue, Message, Part, Task } from '@baton/protocol';
import type { CallUser } from '../vocabulary/call-context.ts';

/** Message content an executor may pass: plain text, parts, or a message (ids and role are filled in). */
export type AgentMessageInput = string | readonly Part[] | (Partial<Message> & Pick<Message, 'parts'>);

/** Artifact content: plain text, one part, or several. */
export type PartsInput = string | Part | readonly Part[];

/** A whole artifact to add; `artifactId` defaults to a fresh id. */
export type ArtifactInput = Omit<Artifact, 'artifactId' | 'parts'> & {
  readonly artifactId?: string;
  readonly parts: PartsInput;
};

/** How an artifact to stream is described before its first chunk. */
export type ArtifactStreamInit = Omit<ArtifactInput, 'parts'>;

/** An artifact being written in chunks; every call is one artifact update event. */
export interface ArtifactStream {
  /** The artifact's id (given or generated). */
  readonly artifactId: string;
  /** Sends a chunk: the first one creates the artifact, later ones append to it. */
  write(parts: PartsInput): Promise<void>;
  /**
   * Sends the last chunk (`lastChunk: true`). Without `parts` an empty text part is sent, since an artifact
   * update needs at least one part; pass the final content to `end` to avoid it.
   */
  end(parts?: PartsInput): Promise<void>;
}

/**
 * Everything an executor gets for one message: the request, the task so far, who is calling, a signal that
 * fires on CancelTask or shutdown, and the methods that answer. An executor either replies with one direct
 * Message (`reply`, or returning a string or Message before any task event) or drives a task; the first task
 * method creates the task (SUBMITTED) and the runtime completes it if the executor returns with it still
 * SUBMITTED or WORKING. Methods reject with an `InvalidTransitionError` for a move the lifecycle forbids.
 */
export interface ExecutionContext {
  /** The client's message, with the task and context ids filled in. */
  readonly message: Message;
  /** The task before this message arrived; `undefined` for a new task. */
  readonly task: Task | undefined;
  /** The task's id (reserved even if the executor ends up replying with a direct message). */
  readonly taskId: string;
  /** The context the task belongs to. */
  readonly contextId: string;
  /** The tasks named in `message.referenceTaskIds` that exist and the caller may see. */
  readonly referencedTasks: readonly Task[];
  /**
   * The authenticated caller, if any: of the message that started the execution, then of each reply to
   * `requestInput`, `requestAuth` or `requireScopes` (a client that re-authorized sends a token with more scopes).
   */
  readonly user: CallUser | undefined;
  /** The tenant of the call, if any. */
  readonly tenant: string | undefined;
  /** Extension URIs the caller asked to activate. */
  readonly requestedExtensions: readonly string[];
  /**
   * The card's skill the caller named for this message (client-directed skill selection, `SKILL_SELECTION_EXTENSION`;
   * checked against the card and its security requirements before the executor runs); `undefined` when it named none.
   */
  readonly skillId: string | undefined;
  /** Fires on CancelTask and on shutdown; `signal.reason` is an AbortError saying which. */
  readonly signal: AbortSignal;
  /** The text parts of `message`, joined with newlines (`""` when there are none). */
  readonly text: string;
  /** The value of the first data part of `message`, if any. */
  readonly data: JsonValue | undefined;
  /** Answers with a direct Message and no task; only before any task event. */
  reply(message: AgentMessageInput): Promise<void>;
  /** Moves the task to WORKING, with an optional progress message. */
  working(message?: AgentMessageInput): Promise<void>;
  /** Adds a whole artifact and returns it with its id. */
  addArtifact(artifact: ArtifactInput): Promise<Artifact>;
  /** Starts an artifact sent in chunks. */
  streamArtifact(init?: ArtifactStreamInit): ArtifactStream;
  /** Moves the task to INPUT_REQUIRED with `question` and resolves with the client's next message on it. */
  requestInput(question: AgentMessageInput): Promise<Message>;
  /** Moves the task to AUTH_REQUIRED with `question` and resolves with the client's next message on it. */
  requestAuth(question: AgentMessageInput): Promise<Message>;
  /**
   * Makes sure the caller's token carries `scopes`, and resolves with that caller. When it does not, the task
   * moves to AUTH_REQUIRED with a status message saying which scopes are missing, in text and as a data part under
   * `IN_TASK_OAUTH_EXTENSION` (a `@baton/client` with an OAuth credential gets a token with them and replies by
   * itself); each reply is checked again. After `attempts` replies (default 3) without them it rejects with a
   * PERMISSION_DENIED `A2AError`, which fails the task. As spec §7.6.4 asks, the scopes are checked on the reply's
   * own token: the AUTH_REQUIRED itself authorizes nothing.
   */
  requireScopes(scopes: readonly string[], options?: RequireScopesOptions): Promise<CallUser>;
  /** Ends the task COMPLETED. */
  complete(message?: AgentMessageInput): Promise<void>;
  /** Ends the task FAILED. */
  fail(message?: AgentMessageInput): Promise<void>;
  /** Ends the task REJECTED (the agent declines it). */
  reject(message?: AgentMessageInput): Promise<void>;
}

/** Options of {@link ExecutionContext.requireScopes}. */
export interface RequireScopesOptions {
  /** The status message's text; default names the missing scopes. */
  readonly text?: string;
  /** The card's security scheme the token is for (a key of `securitySchemes`), for clients with several. */
  readonly securityScheme?: string;
  /** Replies without the scopes before giving up; default 3. */
  readonly attempts?: number;
}

/** What an executor may return: nothing, or a direct answer (text or Message). */
export type ExecutorResult = string | Message | undefined;

/**
 * The agent's logic for one incoming message. Returning text or a Message before any task event answers with
 * a direct Message; returning after task work completes the task unless it already ended or waits for input.
 * A thrown error fails the task with a generic message (an `A2AError`'s own message is kept, and one thrown
 * before any task event is sent to the client as the error of the request).
 *
 * @example
 * const echo: AgentExecutor = async (ctx) => `You said: ${ctx.text}`;
 */
export type AgentExecutor = (context: ExecutionContext) => ExecutorReturn;

// biome-ignore lint/suspicious/noConfusingVoidType: an async function that returns nothing is typed Promise<void>
type ExecutorReturn = Promise<ExecutorResult | void> | ExecutorResult | void;
