import { type OutlineOptions, SummarySchema } from '@baton/chain';
import { createId } from '@baton/protocol';
import { type Context, context } from '@opentelemetry/api';
import type { ChainCatalog } from '../chains/chain-catalog.ts';
import type { ChainDefinition } from '../chains/chain-definition.ts';
import type { ChainNode } from '../chains/chain-nodes.ts';
import type { AgentDirectory } from '../discovery/agent-directory.ts';
import { DEFAULT_MAP_MAX_ITEMS } from '../nodes/map-node.ts';
import type { NodeValue, RunContext } from '../nodes/node-kind.ts';
import { walkNodes } from '../nodes/node-kinds.ts';
import { ChainError, errorMessage, isReleased, RunReleased } from './chain-error.ts';
import { planRefinement, type RefineRequest } from './plan-refinement.ts';
import { createRunApprovals, type Decision, type RunApprovals } from './run-approvals.ts';
import { ownFailure, runNodes } from './run-block.ts';
import { RecordsUnavailableError, type RunJournal, RunLostError } from './run-journal.ts';
import { createRunQuestions } from './run-questions.ts';
import type { StoredRun } from './run-records.ts';
import type { RunTelemetry } from './run-telemetry.ts';
import {
  isFinishedStatus,
  type RefinementView,
  type RunEvent,
  type RunEventBody,
  type RunStatus,
  type RunView,
  type StepView,
} from './run-types.ts';
import { rootScope } from './scope.ts';
import type { Round } from './step-attempts.ts';
import { currentVersion, madeInRound, restoredView } from './step-versions.ts';

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

/** A new run's view, before it is announced: every step not yet run. */
export function newRunView(
  chain: ChainDefinition,
  input: {
    readonly topic: string;
    readonly options?: OutlineOptions | undefined;
    readonly contextId?: string;
    /** The chain's version (kept: the run runs it, also after a takeover); default 1. */
    readonly chainVersion?: number | undefined;
    /** Overrides the chain's `deadlineMs`. */
    readonly deadlineMs?: number | undefined;
  },
): RunView {
  const deadlineMs = input.deadlineMs ?? chain.deadlineMs;
  const now = Date.now();
  return {
    runId: createId(),
    chain: chain.name,
    ...(input.chainVersion === undefined ? {} : { chainVersion: input.chainVersion }),
    ...(deadlineMs === undefined ? {} : { deadline: new Date(now + deadlineMs).toISOString() }),
    contextId: input.contextId ?? createId(),
    topic: input.topic,
    ...(input.options === undefined ? {} : { options: input.options }),
    status: 'running',
    createdAt: new Date(now).toISOString(),
    steps: chain.steps.map(
      (step): StepView => ({
        step: step.id,
        ...(step.kind === 'task' && step.skill !== undefined ? { skill: step.skill } : {}),
        ...(step.kind === 'task' ? {} : { kind: step.kind }),
        dependsOn: step.dependsOn,
      }),
    ),
    artifacts: {},
  };
}

/**
 * Adds a refinement to a finished run's view (it is `running` again) and says it as the `refine.started` event;
 * the run then goes on by its driver. Throws a `RefineRefusedError` when the run is under way or the step has no
 * version. A refinement makes a new task at the step's agent, in the run's context, with the step's usual inputs
 * plus the instruction, referencing the task whose version it refines; its artifact becomes the step's next
 * version, and with `downstream` the steps that depend on it run again on it.
 */
export function beginRefinement(
  view: RunView,
  chain: ChainDefinition,
  request: RefineRequest,
): { readonly refinement: RefinementView; readonly event: RunEventBody } {
  const plan = planRefinement(view, chain, request);
  const refinement: RefinementView = {
    refinement: (view.refinements?.length ?? 0) + 1,
    step: request.step,
    instruction: request.instruction,
    refines: plan.refines,
    downstream: request.downstream === true,
    rerun: plan.rerun,
    requestedAt: new Date().toISOString(),
    status: 'running',
  };
  view.refinements = [...(view.refinements ?? []), refinement];
  view.status = 'running';
  delete view.finishedAt;
  return {
    refinement,
    event: {
      type: 'refine.started',
      step: refinement.step,
      refinement: refinement.refinement,
      refines: refinement.refines,
      instruction: refinement.instruction,
      rerun: refinement.rerun,
    },
  };
}

/** The round a kept view is in: its running refinement's number, else 0 (the run itself). */
export function roundOf(view: RunView): number {
  const last = view.refinements?.at(-1);
  return last?.status === 'running' ? last.refinement : 0;
}

const isCanceled = (error: unknown, signal: AbortSignal) =>
  signal.aborted || (error instanceof ChainError && error.code === 'CANCELED');

/** What the run reports of the error that failed it. */
function failureOf(error: unknown): NonNullable<RunView['error']> {
  return error instanceof ChainError
    ? {
        code: error.code,
        message: error.message,
        ...(error.step === undefined ? {} : { step: error.step }),
        ...(error.agent === undefined ? {} : { agent: { name: error.agent.name, url: error.agent.url } }),
      }
    : { code: 'INTERNAL', message: errorMessage(error) };
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
  const { chain } = input;
  const { from } = input;
  const view: RunView = restoredView(from.view);
  const log = input.journal.open(view.runId, from.events, from.view);
  const listeners = new Set<(event: RunEvent) => void>();
  const outageMs = input.recordsOutageMs ?? 60_000;
  const lastKept = from.events.at(-1)?.type;
  // Announced and never driven: its first round starts now (no `run.resumed`: nothing was under way).
  const announced = lastKept === 'run.started' || lastKept === 'refine.started';
  const unfinished = !isFinishedStatus(from.view.status);
  let resuming = unfinished && !announced;
  let released = false;
  let controller = new AbortController();

  log.onKept((event) => {
    for (const listener of listeners) listener(event);
  });

  // Once a round has said how it ended, a step's late report (a cancel answered after the end) is not written:
  // the final event stays the last one of the round.
  let roundEnded = false;
  const emit = (body: RunEventBody): RunEvent => {
    const final = body.type === 'run.completed' || body.type === 'run.failed' || body.type === 'run.canceled';
    if (roundEnded && !final && body.type !== 'refine.started') {
      return { runId: view.runId, seq: 0, at: new Date().toISOString(), ...body } as RunEvent;
    }
    if (final) {
      roundEnded = true;
      delete view.question;
      delete view.questions;
      for (const approval of view.approvals ?? [])
        if (approval.status === 'pending') approval.status = 'canceled';
    }
    // Document chunks change nothing a reader of the view notices: the view is kept with the next other event.
    const event = log.write(body, body.type === 'artifact.chunk' ? undefined : view);
    if (body.type === 'run.completed' || body.type === 'run.failed' || body.type === 'run.canceled')
      view.finishedAt = event.at;
    input.onEvent?.(event, view);
    return event;
  };

  // Questions open when the run was kept stay open; an answer kept then is sent again if still asked for.
  const questions = createRunQuestions(view, emit, resuming ? from.events : undefined);

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
  const attempts = {
    view,
    directory: input.directory,
    emit,
    questions,
    telemetry: input.telemetry,
    stepTimeoutMs: input.stepTimeoutMs,
    agentRetryMs: input.agentRetryMs,
    checkpoint,
  };
  const stepView = (id: string) => view.steps.find((step) => step.step === id) as StepView;

  // The approvals of the round under way (a decision goes to them).
  let approvals: RunApprovals | undefined;

  /** What the steps of a round run with. */
  const contextOf = (round: Round): RunContext => ({
    ...attempts,
    round,
    approvals: approvals ?? createRunApprovals(view, emit, round.refinement?.refinement ?? 0),
    chainOf: (name, version) => input.catalog?.get(name, version) ?? Promise.resolve(undefined),
    maxMapItems: input.maxMapItems ?? DEFAULT_MAP_MAX_ITEMS,
  });

  /**
   * Checks that every task step of the chain (nested ones too) has an agent before the first one runs: a missing
   * skill or an agent that cannot be reached fails the round at once, not after the steps before it have run.
   */
  const checkAgents = (planned: ReadonlySet<string>, signal: AbortSignal) =>
    Promise.all(
      chain.steps
        .filter((step) => planned.has(step.id))
        .flatMap((step) => [...walkNodes({ steps: [step], result: step.id })].map((found) => found.node))
        .flatMap((node) => (node.kind === 'task' ? [node] : []))
        .map((step) =>
          input.directory.agentFor({ step: step.id, skill: step.skill, agent: step.agent }, signal),
        ),
    );

  /** The artifact a step of the run's own has kept (its current version; a composite step's artifact). */
  const readKept = (node: ChainNode): NodeValue | undefined => {
    if (node.kind === 'task') {
      const version = currentVersion(stepView(node.id));
      return version && { value: version.artifact, taskIds: [version.taskId] };
    }
    const value = view.artifacts[node.id];
    return value === undefined ? undefined : { value, taskIds: [] };
  };

  /** Runs a composite step of the run's own (a branch, loop, map or sub-chain), shown in its step view. */
  async function runComposite(node: ChainNode, execute: () => Promise<NodeValue>, round: Round) {
    const shown = stepView(node.id);
    const before = shown.outcome === 'completed' ? JSON.stringify(view.artifacts[node.id]) : undefined;
    delete shown.outcome;
    delete shown.error;
    try {
      const result = await execute();
      shown.outcome = 'completed';
      view.artifacts[node.id] = result.value;
      // A resumed round goes through what it had done again, from what was kept: said once.
      if (!(round.resumed && before === JSON.stringify(result.value)))
        emit({ type: 'artifact.completed', step: node.id, artifact: result.value });
      return result;
    } catch (error) {
      const canceled = isCanceled(error, round.signal);
      shown.outcome = canceled ? 'canceled' : 'failed';
      shown.error = errorMessage(error);
      if (!canceled) emit({ type: 'step.failed', step: node.id, error: shown.error });
      throw error;
    }
  }

  /** Runs the `planned` steps as a DAG (once each has an agent); the others are read as they are. */
  const runSteps = async (planned: ReadonlySet<string>, round: Round) => {
    await checkAgents(planned, round.signal);
    return runNodes(contextOf(round), chain.steps, rootScope(), round.signal, {
      planned,
      readKept,
      run: (node, execute) => (node.kind === 'task' ? execute() : runComposite(node, execute, round)),
      notRun: (node, why, canceled) => {
        const shown = stepView(node.id);
        shown.outcome = canceled ? 'canceled' : 'skipped';
        shown.error = why;
        if (!canceled) emit({ type: 'step.skipped', step: node.id, error: why });
      },
    });
  };

  /** The run's own round: every step, until the result step completes or cannot. */
  async function runChain(round: Round): Promise<void> {
    if (round.resumed) {
      const first =
        [...round.underWay][0] ?? view.steps.find((step) => currentVersion(step) === undefined)?.step;
      emit({ type: 'run.resumed', ...(first === undefined ? {} : { step: first }) });
    }
    const outcomes = await runSteps(new Set(chain.steps.map((step) => step.id)), round);
    if (round.signal.aborted) throw new ChainError('CANCELED', 'The run was canceled');
    const resultIndex = chain.steps.findIndex((step) => step.id === chain.result);
    const result = outcomes[resultIndex];
    if (result?.status === 'fulfilled') {
      completeRun();
      return;
    }
    throw (
      ownFailure(outcomes) ??
      (result?.status === 'rejected'
        ? result.reason
        : new ChainError('STEP_FAILED', 'The chain ended without a result'))
    );
  }

  function completeRun() {
    const result = view.artifacts[chain.result];
    view.result = result;
    view.status = 'completed';
    delete view.error;
    const summary = SummarySchema.safeParse(result);
    emit({ type: 'run.completed', result, ...(summary.success ? { summary: summary.data } : {}) });
  }

  function failRun(failure: NonNullable<RunView['error']>) {
    view.status = 'failed';
    view.error = failure;
    emit({ type: 'run.failed', error: failure });
  }

  /** A refinement's round: its step with the instruction, then (with `downstream`) the steps after it. */
  async function runRefinement(round: Round & { refinement: RefinementView }, before: RunStatus) {
    const { refinement } = round;
    if (round.resumed) emit({ type: 'run.resumed', step: [...round.underWay][0] ?? refinement.step });
    let failure: unknown;
    try {
      const outcomes = await runSteps(new Set([refinement.step, ...refinement.rerun]), round);
      failure = ownFailure(outcomes);
    } catch (error) {
      failure = error;
    }
    const { step, refinement: number } = refinement;
    refinement.finishedAt = new Date().toISOString();
    if (round.signal.aborted || isCanceled(failure, round.signal)) {
      refinement.status = 'canceled';
      emit({ type: 'refine.canceled', step, refinement: number });
    } else if (failure !== undefined) {
      refinement.status = 'failed';
      refinement.error = errorMessage(failure);
      emit({ type: 'refine.failed', step, refinement: number, error: refinement.error });
    } else {
      refinement.status = 'completed';
      emit({ type: 'refine.completed', step, refinement: number, version: refinement.version ?? 0 });
    }
    // The run has its result as long as the result step has a version; else it ends as it was.
    if (currentVersion(stepView(chain.result))) completeRun();
    else if (before === 'canceled') {
      view.status = 'canceled';
      emit({ type: 'run.canceled' });
    } else failRun(view.error ?? failureOf(failure));
  }

  /** The steps a resumed round had under way: started and not ended, nor made in this round. */
  const underWayOf = (refinement: RefinementView | undefined) =>
    new Set(
      view.steps
        .filter((step) => step.outcome === undefined && step.attempts !== undefined)
        .filter((step) => madeInRound(step, refinement) === undefined)
        .map((step) => step.step),
    );

  /** Runs one round; the run's status and final event come from it. Never rejects. */
  function startRound(work: (round: Round) => Promise<void>, refinement?: RefinementView): Promise<RunView> {
    roundEnded = false;
    controller = new AbortController();
    // Decisions go to the round's approvals from its start (one kept pending before a restart can be decided now).
    approvals = createRunApprovals(view, emit, refinement?.refinement ?? 0);
    const { signal } = controller;
    const traced = input.telemetry?.round(
      view,
      refinement ? undefined : input.traceContext,
      refinement && { step: refinement.step, number: refinement.refinement },
    );
    const round: Round = {
      signal,
      resumed: resuming,
      trace: traced?.context ?? context.active(),
      underWay: unfinished ? underWayOf(refinement) : new Set(),
      ...(refinement ? { refinement } : {}),
    };
    resuming = false;
    // Past its deadline the run is canceled, with its remote tasks (the deadline is kept: a run taken over keeps it).
    const deadline =
      refinement === undefined && view.deadline !== undefined ? Date.parse(view.deadline) : undefined;
    const deadlineTimer =
      deadline === undefined
        ? undefined
        : setTimeout(
            () =>
              controller.abort(
                new ChainError(
                  'DEADLINE_EXCEEDED',
                  `The run passed its deadline (${view.deadline}) and was canceled`,
                ),
              ),
            Math.max(0, deadline - Date.now()),
          );
    const running = traced ? context.with(traced.context, () => work(round)) : work(round);
    return running
      .catch((error: unknown) => {
        if (released || isReleased(signal)) return;
        if (error instanceof ChainError && error.code === 'RUN_TAKEN_OVER') {
          released = true;
          return;
        }
        if (isCanceled(error, signal)) {
          view.status = 'canceled';
          const reason: unknown = signal.reason;
          if (reason instanceof ChainError && reason.code === 'DEADLINE_EXCEEDED')
            view.error = failureOf(reason);
          emit({ type: 'run.canceled' });
          return;
        }
        failRun(failureOf(error));
      })
      .finally(() => clearTimeout(deadlineTimer))
      .then(() => log.kept().catch(() => undefined))
      .then(() => {
        listeners.clear();
        traced?.end(view.status === 'completed' ? undefined : (view.error?.message ?? view.status));
        // The run's own round counts as a run (refinements do not).
        if (refinement === undefined)
          input.telemetry?.finished(view.status, Date.now() - Date.parse(view.createdAt));
        return view;
      });
  }

  // A kept run that had not finished goes on (its refinement, if one was under way); a finished one is done.
  const ongoing = view.refinements?.at(-1);
  let done: Promise<RunView>;
  if (!unfinished) done = Promise.resolve(view);
  else if (ongoing?.status === 'running') {
    // What the run was before the refinement: a failed run keeps its error, a canceled one has none.
    const before = view.error === undefined ? 'canceled' : 'failed';
    done = startRound((round) => runRefinement({ ...round, refinement: ongoing }, before), ongoing);
  } else done = startRound(runChain);

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
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    answer: (text, step) => questions.answer(text, step),
    decide: (decision, step) => approvals?.decide(decision, step) ?? false,
    kept: (withinMs) => log.kept(withinMs),
    cancel() {
      if (!isFinishedStatus(view.status) && !released)
        controller.abort(new ChainError('CANCELED', 'The run was canceled'));
      return done;
    },
    release() {
      if (released) return;
      released = true;
      log.close();
      controller.abort(new RunReleased(view.runId));
    },
    get released() {
      return released || log.lost;
    },
  };
}
