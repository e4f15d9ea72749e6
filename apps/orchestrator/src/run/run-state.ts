import { ChainError } from './chain-error.ts';
import type { RunInput } from './create-run.ts';
import type { RunApprovals } from './run-approvals.ts';
import { RecordsUnavailableError, type RunLog, RunLostError } from './run-journal.ts';
import { createRunQuestions, type RunQuestions } from './run-questions.ts';
import {
  isFinalEventType,
  isFinishedStatus,
  type RunEvent,
  type RunEventBody,
  type RunView,
  type StepView,
} from './run-types.ts';
import type { AttemptContext } from './step-attempts.ts';
import { restoredView } from './step-versions.ts';

/**
 * A run held by this instance: its view, its journal, what it tells (`emit`), its questions, and whether it is
 * resuming, released, and in which round. What the round drivers (`start-round.ts`, `run-rounds.ts`,
 * `own-steps.ts`) share.
 */
export interface RunState {
  readonly input: RunInput;
  readonly view: RunView;
  readonly log: RunLog;
  /** Who follows the run's kept events. */
  readonly listeners: Set<(event: RunEvent) => void>;
  /** Writes an event with the view as it is now (see {@link openRunState}). */
  readonly emit: (body: RunEventBody) => RunEvent;
  readonly questions: RunQuestions;
  /** What the attempts of a task step need from the run. */
  readonly attempts: AttemptContext;
  /** Whether the run was unfinished when it was read (a finished one is done at once). */
  readonly unfinished: boolean;
  /** Whether the next round goes on after a restart (then it says `run.resumed`). */
  resuming: boolean;
  /** Whether this instance let the run go (or another took it over): it writes nothing more. */
  released: boolean;
  /** Once a round has said how it ended, a step's late report is not written: the final event stays last. */
  roundEnded: boolean;
  /** Cancels the round under way (the run's own, or a refinement's). */
  controller: AbortController;
  /** The approvals of the round under way (a decision goes to them). */
  approvals: RunApprovals | undefined;
  /** The step view of a top-level step. */
  stepView(id: string): StepView;
}

/**
 * Opens the state of a run as kept (`input.from`): its view restored, its journal opened on its kept events, its
 * questions still open. Every event goes to the journal with the view after it; a step's message is sent only once
 * what the run told before it is kept (`attempts.checkpoint`).
 */
export function openRunState(input: RunInput): RunState {
  const { from } = input;
  const view: RunView = restoredView(from.view);
  const log = input.journal.open(view.runId, from.events, from.view);
  const listeners = new Set<(event: RunEvent) => void>();
  const outageMs = input.recordsOutageMs ?? 60_000;
  const lastKept = from.events.at(-1)?.type;
  // Announced and never driven: its first round starts now (no `run.resumed`: nothing was under way).
  const announced = lastKept === 'run.started' || lastKept === 'refine.started';
  const unfinished = !isFinishedStatus(from.view.status);
  log.onKept((event) => {
    for (const listener of listeners) listener(event);
  });

  const emit = (body: RunEventBody): RunEvent => {
    const final = isFinalEventType(body.type);
    if (state.roundEnded && !final && body.type !== 'refine.started') {
      return { runId: view.runId, seq: 0, at: new Date().toISOString(), ...body } as RunEvent;
    }
    if (final) {
      state.roundEnded = true;
      delete view.question;
      delete view.questions;
      for (const approval of view.approvals ?? [])
        if (approval.status === 'pending') approval.status = 'canceled';
    }
    // Document chunks change nothing a reader of the view notices: the view is kept with the next other event.
    const event = log.write(body, body.type === 'artifact.chunk' ? undefined : view);
    if (final) view.finishedAt = event.at;
    input.onEvent?.(event, view);
    return event;
  };

  /** Waits until the run's events so far are kept: before a message goes out, and before the run says it ended. */
  const checkpoint = async () => {
    try {
      await log.kept(outageMs);
    } catch (error) {
      if (error instanceof RunLostError)
        throw new ChainError('RUN_TAKEN_OVER', error.message, { cause: error });
      if (error instanceof RecordsUnavailableError)
        throw new ChainError('STORE_UNAVAILABLE', `${error.message}; the run stopped`, { cause: error });
      throw error;
    }
  };

  const resuming = unfinished && !announced;
  // Questions open when the run was kept stay open; an answer kept then is sent again if still asked for.
  const questions = createRunQuestions(view, emit, resuming ? from.events : undefined);
  const state: RunState = {
    input,
    view,
    log,
    listeners,
    emit,
    questions,
    attempts: {
      view,
      directory: input.directory,
      emit,
      questions,
      telemetry: input.telemetry,
      stepTimeoutMs: input.stepTimeoutMs,
      agentRetryMs: input.agentRetryMs,
      checkpoint,
    },
    unfinished,
    resuming,
    released: false,
    roundEnded: false,
    controller: new AbortController(),
    approvals: undefined,
    stepView: (id) => view.steps.find((step) => step.step === id) as StepView,
  };
  return state;
}
