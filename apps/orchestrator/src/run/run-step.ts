import { readContract } from '@baton/chain';
import { artifactText, createArtifactAssembler, isA2AClientError, userMessage } from '@baton/client';
import {
  type Artifact,
  isA2AError,
  isInterruptedState,
  isTerminalState,
  type Message,
  type Part,
  type StreamResponse,
  type TaskState,
} from '@baton/protocol';
import type { ChainAgent } from '../discovery/agent-directory.ts';
import { ChainError, describeStep, errorMessage, isReleased } from './chain-error.ts';
import { contractOf } from './contracts.ts';
import { pause } from './pause.ts';
import type { Answer } from './run-questions.ts';
import type { RunEventBody } from './run-types.ts';

/** What one step of a run needs. */
export interface StepInput {
  /** The step's id in the chain. */
  readonly step: string;
  /** The skill it asks for: decides which artifact is read and the contract it must meet. */
  readonly skill?: string | undefined;
  readonly agent: ChainAgent;
  readonly contextId: string;
  readonly parts: Part[];
  readonly referenceTaskIds: readonly string[];
  /** Fires when the run is canceled: the remote task is canceled too. */
  readonly signal: AbortSignal;
  /** Longest time the agent may work between two answers of ours. */
  readonly timeoutMs: number;
  readonly emit: (event: RunEventBody) => void;
  /** Asks the run's caller; resolves with the answer, rejects when `signal` fires. */
  readonly ask: (question: string) => Promise<Answer>;
  /**
   * The id of the step's first message; each answer goes in a message whose id is this plus the question's `seq`.
   * The same step attempt sends the same ids however often it is resumed, so the agent makes one task of it.
   */
  readonly messageId: string;
  /** Resolves once what the run told so far is kept: awaited before each message is sent. */
  readonly checkpoint?: () => Promise<void>;
  /**
   * How long the step keeps trying while its agent cannot be reached or asks to retry (connection dropped, an
   * instance died, the agent's database is out): the message is sent again with the same id, or the task is
   * followed again; default 60 s.
   */
  readonly retryWithinMs?: number;
  /** The remote task of this step, already sent before the orchestrator restarted: followed, not sent again. */
  readonly resumeTaskId?: string;
}

/** What a finished step hands on: its remote task and its validated artifact. */
export interface StepResult {
  readonly taskId: string;
  /** The artifact's validated contract data, or its first DataPart, or its text. */
  readonly value: unknown;
}

const messageText = (message: Message | undefined): string =>
  message?.parts.flatMap((part) => ('text' in part ? [part.text] : [])).join('\n') ?? '';

/** The events of a task sent earlier: its stream if it is still going, else its final snapshot. */
async function* followTask(
  agent: ChainAgent,
  taskId: string,
  signal: AbortSignal,
): AsyncIterable<StreamResponse> {
  try {
    yield* agent.client.subscribe(taskId, { signal });
  } catch (error) {
    if (!isA2AError(error, 'UnsupportedOperationError')) throw error;
    yield { task: await agent.client.getTask(taskId, { signal }) };
  }
}

/**
 * Runs one step on its agent: streams the message, reports states and artifact chunks, answers
 * input-required through `ask` on the same remote task, cancels the remote task on cancel or timeout, and
 * validates the step's artifact with its contract. Throws a {@link ChainError} naming the step and the agent.
 */
export async function runStep(input: StepInput): Promise<StepResult> {
  const { step, agent, contextId, signal, emit } = input;
  const where = describeStep(step, agent);
  const assembler = createArtifactAssembler();
  let taskId: string | undefined = input.resumeTaskId;
  let following = input.resumeTaskId !== undefined;
  let state: TaskState | undefined;
  let statusMessage: Message | undefined;
  let message = userMessage(input.parts, {
    contextId,
    referenceTaskIds: input.referenceTaskIds,
    messageId: input.messageId,
  });

  const released = () =>
    new ChainError('RUN_TAKEN_OVER', `${where}: the run went on in another instance`, { step, agent });

  const cancelRemote = async () => {
    if (taskId === undefined || (state !== undefined && isTerminalState(state))) return;
    try {
      const task = await agent.client.cancelTask(taskId, { timeoutMs: 5_000 });
      state = task.status.state;
      emit({ type: 'step.state', step, taskId, state });
    } catch {
      // The task may have ended meanwhile; the run is canceled either way.
    }
  };

  const streamOnce = async (): Promise<void> => {
    const stream = new AbortController();
    let stopping: 'canceled' | 'timeout' | 'released' | undefined;
    let stopWhenKnown = false;
    // The remote cancel under way: awaited before the step says it ended, so its report comes first.
    let canceling: Promise<void> | undefined;
    const stop = (why: 'canceled' | 'timeout' | 'released') => {
      stopping ??= why;
      // Released to another instance: stop following; the remote task goes on, and the next holder follows it.
      if (why === 'released') {
        stream.abort();
        return;
      }
      if (taskId === undefined) {
        // Cancel as soon as the first event names the task; give up waiting after a while.
        stopWhenKnown = true;
        setTimeout(() => stream.abort(), 3_000).unref?.();
        return;
      }
      canceling = cancelRemote().finally(() => stream.abort());
    };
    const onAbort = () => stop(isReleased(signal) ? 'released' : 'canceled');
    signal.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => stop('timeout'), input.timeoutMs);
    try {
      const events = following
        ? followTask(agent, taskId ?? '', stream.signal)
        : agent.client.streamMessage(
            { message },
            // The step names the skill it wants (client-directed skill selection), to an agent that takes one.
            { signal: stream.signal, ...(input.skill === undefined ? {} : { skillId: input.skill }) },
          );
      following = false;
      for await (const event of events) {
        assembler.feed(event);
        if ('message' in event) throw new ChainError('STEP_FAILED', `${where} answered without a task`);
        const update =
          'task' in event
            ? { id: event.task.id, status: event.task.status }
            : 'statusUpdate' in event
              ? { id: event.statusUpdate.taskId, status: event.statusUpdate.status }
              : undefined;
        if ('artifactUpdate' in event) {
          const chunk = event.artifactUpdate;
          taskId ??= chunk.taskId;
          const text = artifactText(chunk.artifact);
          if (text !== '' || chunk.lastChunk === true) {
            const name = assembler.get(chunk.artifact.artifactId)?.name ?? '';
            emit({ type: 'artifact.chunk', step, name, text, lastChunk: chunk.lastChunk === true });
          }
        }
        if (update !== undefined) {
          taskId = update.id;
          const text = messageText(update.status.message);
          if (update.status.state !== state || text !== '') {
            emit({
              type: 'step.state',
              step,
              taskId,
              state: update.status.state,
              ...(text === '' ? {} : { message: text }),
            });
          }
          state = update.status.state;
          statusMessage = update.status.message;
        }
        if (stopWhenKnown && taskId !== undefined) {
          stopWhenKnown = false;
          canceling = cancelRemote().finally(() => stream.abort());
        }
      }
    } catch (error) {
      if (error instanceof ChainError) throw error;
      if (stopping === undefined) {
        const unreachable = isA2AClientError(error, 'NETWORK');
        const what = unreachable ? 'could not reach the agent' : 'failed';
        throw new ChainError(
          unreachable ? 'AGENT_UNREACHABLE' : 'STEP_FAILED',
          `${where} ${what}: ${errorMessage(error)}`,
          {
            step,
            agent,
            cause: error,
          },
        );
      }
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    }
    await canceling;
    if (stopping === 'released') throw released();
    if (stopping === 'canceled') throw new ChainError('CANCELED', 'The run was canceled', { step, agent });
    if (stopping === 'timeout') {
      throw new ChainError('TIMEOUT', `${where} timed out after ${input.timeoutMs} ms`, { step, agent });
    }
  };

  /** A failure that says "try again shortly": the connection dropped, or the agent answered with Retry-After. */
  const retryable = (error: unknown) => {
    const cause = error instanceof ChainError ? error.cause : error;
    return (
      isA2AClientError(cause, 'NETWORK') ||
      (isA2AError(cause) && cause.metadata?.retryAfterSeconds !== undefined)
    );
  };
  /**
   * One exchange with the agent, tried again while it is retryable: a message is sent again with the same id (an
   * agent that had it answers with its task, then its events), a task followed is followed again.
   */
  const exchange = async () => {
    const deadline = Date.now() + (input.retryWithinMs ?? 60_000);
    const wasFollowing = following;
    for (let retry = 0; ; retry += 1) {
      try {
        return await streamOnce();
      } catch (error) {
        if (signal.aborted || !retryable(error) || Date.now() >= deadline) throw error;
        await pause(Math.min(4_000, 250 * 2 ** retry), signal);
        following = wasFollowing;
      }
    }
  };

  for (;;) {
    if (!following) {
      await input.checkpoint?.();
      // Canceled (or released) while the records were out of reach: nothing is sent.
      if (isReleased(signal)) throw released();
      if (signal.aborted) throw new ChainError('CANCELED', 'The run was canceled', { step, agent });
    }
    await exchange();
    if (taskId === undefined || state === undefined) {
      throw new ChainError('STEP_FAILED', `${where} ended its stream before the task finished`, {
        step,
        agent,
      });
    }
    if (state === 'TASK_STATE_COMPLETED') return { taskId, value: await readArtifact(taskId) };
    if (!isInterruptedState(state)) {
      const why = messageText(statusMessage);
      throw new ChainError(
        state === 'TASK_STATE_CANCELED' && signal.aborted ? 'CANCELED' : 'STEP_FAILED',
        `${where} ended ${state.replace('TASK_STATE_', '')}${why === '' ? '' : `: ${why}`}`,
        { step, agent },
      );
    }
    const question = messageText(statusMessage) || `The ${step} step needs more input`;
    let answer: Answer;
    try {
      answer = await input.ask(question);
    } catch (error) {
      if (isReleased(signal)) throw released();
      await cancelRemote();
      throw new ChainError('CANCELED', 'The run was canceled', { step, agent, cause: error });
    }
    message = userMessage(answer.text, {
      taskId,
      contextId,
      messageId: `${input.messageId}:answer-${answer.question}`,
    });
  }

  async function readArtifact(id: string): Promise<StepResult['value']> {
    const contract = contractOf(input.skill);
    const name = contract.artifact;
    const pick = (artifacts: readonly Artifact[] | undefined) =>
      name === undefined ? artifacts?.at(-1) : artifacts?.find((candidate) => candidate.name === name);
    let artifact: Artifact | undefined = pick(assembler.artifacts());
    if (artifact === undefined) {
      const task = await agent.client.getTask(id).catch(() => undefined);
      artifact = pick(task?.artifacts);
    }
    if (artifact === undefined) {
      const what = name === undefined ? 'any artifact' : `a "${name}" artifact`;
      throw new ChainError('INVALID_ARTIFACT', `${where} completed without ${what}`, { step, agent });
    }
    if (contract.schema === undefined) {
      const data = artifact.parts.find((part) => 'data' in part);
      return data && 'data' in data ? data.data : artifactText(artifact);
    }
    try {
      return readContract(artifact, contract.schema, name ?? 'artifact');
    } catch (error) {
      throw new ChainError(
        'INVALID_ARTIFACT',
        `${where} returned an invalid artifact: ${errorMessage(error)}`,
        {
          step,
          agent,
          cause: error,
        },
      );
    }
  }
}
