import type { Context } from '@opentelemetry/api';
import type { ChainCatalog } from '../chains/chain-catalog.ts';
import type { ChainDefinition } from '../chains/chain-definition.ts';
import type { AgentDirectory } from '../discovery/agent-directory.ts';
import { ChainError, RunReleased } from './chain-error.ts';
import type { Decision } from './run-approvals.ts';
import type { RunJournal } from './run-journal.ts';
import type { StoredRun } from './run-records.ts';
import { runChain, runRefinement } from './run-rounds.ts';
import { openRunState } from './run-state.ts';
import type { RunTelemetry } from './run-telemetry.ts';
import { isFinishedStatus, type RunEvent, type RunView } from './run-types.ts';
import { startRound } from './start-round.ts';

/** A run in progress or finished: its live view, its events, and the caller's controls. */
export interface Run {
  readonly view: RunView;
  /** Every event kept so far, in order (an event is shown once it is kept). */
  readonly events: readonly RunEvent[];
  /** The view as last kept: what readers are shown (`view` may be a commit ahead); `undefined` until first kept. */
  keptView(): RunView | undefined;
  /** Resolves with the view once the run, or the refinement under way, has ended and that is kept; never rejects. */
  readonly done: Promise<RunView>;
  /** Calls `listener` with every later event as it is kept; returns the unsubscribe function. */
  subscribe(listener: (event: RunEvent) => void): () => void;
  /** Answers the open question of `step` (default: the first one open); `false` when there is none. */
  answer(text: string, step?: string): boolean;
  /** Decides the pending approval of `step` (a step id or instance key; default the first); `false` when none. */
  decide(decision: Decision, step?: string): boolean;
  /** Resolves once every event so far is kept (e.g. an answer, before saying it was taken); rejects after `withinMs`. */
  kept(withinMs?: number): Promise<void>;
  /** Cancels the run (or its refinement) and its running remote tasks; resolves once it has ended and that is kept. */
  cancel(): Promise<RunView>;
  /**
   * Lets the run go (this instance lost it, or is closing): it stops where it is and writes nothing more; its
   * remote tasks go on, and the next holder goes on from its kept events. `done` then resolves.
   */
  release(): void;
  /** Whether the run stopped because another instance wrote it or it was released (not because it ended). */
  readonly released: boolean;
}

/** What a run is started with. */
export interface RunInput {
  readonly directory: AgentDirectory;
  /** Where the run's events are kept, in order, before anything depends on them. */
  readonly journal: RunJournal;
  /** The chain to run. */
  readonly chain: ChainDefinition;
  /** The chains its sub-chain steps may run; default none. */
  readonly catalog?: ChainCatalog | undefined;
  /** Most items a map takes at run time; default 100. */
  readonly maxMapItems?: number | undefined;
  /** Longest time an agent may work on a step between two answers; default: each step's `timeoutMs`. */
  readonly stepTimeoutMs?: number;
  /**
   * How long a step waits for the run's records when they cannot be reached, before its run fails with
   * STORE_UNAVAILABLE; default 60 s. Nothing is dropped meanwhile: the events are kept once the records are back.
   */
  readonly recordsOutageMs?: number;
  /** How long a step keeps trying an agent that cannot be reached or asks to retry; default 60 s. */
  readonly agentRetryMs?: number | undefined;
  /** Called with every event and the view after it, in order, as it is written (e.g. to log it). */
  readonly onEvent?: (event: RunEvent, view: RunView) => void;
  /**
   * The run as kept: announced (`run.started` or `refine.started` is its last event) and driven here for the
   * first time, or one an instance was driving when it stopped, which goes on from where it was (the run or its
   * refinement under way), keeping its id and context, the versions already made, and the remote tasks of the
   * steps under way (re-attached by their ids, or sent again with the same message ids). A finished one is done.
   */
  readonly from: StoredRun;
  /** Spans and metrics of the run (see `createRunTelemetry`); default none. */
  readonly telemetry?: RunTelemetry | undefined;
  /** The caller's trace context (e.g. extracted from `POST /runs`): the run's span is its child. */
  readonly traceContext?: Context | undefined;
}

/**
 * Starts a chain run at once. Its steps form a DAG (see `runDag`); every remote task shares the run's context
 * and names the tasks whose artifacts it reads in `referenceTaskIds`. A failing step is tried again by its retry
 * policy (a new task referencing the failed one); a step that still fails fails only the steps that depend on it.
 * The run completes when the chain's result step does. A finished run may then be refined, step by step.
 *
 * Every event goes to the run's journal, and a step's message is sent only once what the run told before it is
 * kept: so after a crash, the run goes on from its kept events and sends no step twice (a step sent again reuses
 * its message id).
 */
export function createRun(input: RunInput): Run {
  const state = openRunState(input);
  const { view, log } = state;

  // A kept run that had not finished goes on (its refinement, if one was under way); a finished one is done.
  const ongoing = view.refinements?.at(-1);
  let done: Promise<RunView>;
  if (!state.unfinished) done = Promise.resolve(view);
  else if (ongoing?.status === 'running') {
    // What the run was before the refinement: a failed run keeps its error, a canceled one has none.
    const before = view.error === undefined ? 'canceled' : 'failed';
    done = startRound(
      state,
      (round) => runRefinement(state, { ...round, refinement: ongoing }, before),
      ongoing,
    );
  } else done = startRound(state, (round) => runChain(state, round));

  return {
    view,
    get events() {
      return log.events;
    },
    get done() {
      return done;
    },
    keptView: () => log.keptView(),
    subscribe(listener) {
      state.listeners.add(listener);
      return () => state.listeners.delete(listener);
    },
    answer: (text, step) => state.questions.answer(text, step),
    decide: (decision, step) => state.approvals?.decide(decision, step) ?? false,
    kept: (withinMs) => log.kept(withinMs),
    cancel() {
      if (!isFinishedStatus(view.status) && !state.released)
        state.controller.abort(new ChainError('CANCELED', 'The run was canceled'));
      return done;
    },
    release() {
      if (state.released) return;
      state.released = true;
      log.close();
      state.controller.abort(new RunReleased(view.runId));
    },
    get released() {
      return state.released || log.lost;
    },
  };
}
