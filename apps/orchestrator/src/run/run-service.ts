import type { OutlineOptions } from '@baton/chain';
import { A2AError, isA2AError } from '@baton/protocol';
import { createInstanceLink, type InstanceLink, type Logger, type TaskEventBus } from '@baton/server';
import type { ChainDefinition } from '../chains/chain-definition.ts';
import type { RunEngine } from '../engine/run-engine.ts';
import type { RefineRequest } from './plan-refinement.ts';
import type { Decision } from './run-approvals.ts';
import type { RunFeed } from './run-feed.ts';
import type { RunHost } from './run-host.ts';
import { type RunJournal, RunLostError } from './run-journal.ts';
import type { RunRecords, StoredRun } from './run-records.ts';
import {
  isFinalEventType,
  isFinishedStatus,
  type PlanView,
  type RefinementView,
  type RunEvent,
  type RunEventBody,
  type RunView,
} from './run-types.ts';
import { beginRefinement, newRunView, roundOf } from './run-views.ts';

/** Why a request on a run was refused; `status` is the HTTP status the runs API answers with. */
export class RunRequestError extends Error {
  override readonly name = 'RunRequestError';
  constructor(
    readonly code: string,
    readonly status: 400 | 404 | 409 | 429 | 503,
    message: string,
    /** Seconds to wait before trying again (with 503). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** What a new run is started with. */
export interface StartRun {
  readonly chain: ChainDefinition;
  /** The chain's version, kept in the run: it runs that version to the end, on any instance. */
  readonly chainVersion?: number | undefined;
  /** Overrides the chain's `deadlineMs` for this run. */
  readonly deadlineMs?: number | undefined;
  readonly topic: string;
  readonly options?: OutlineOptions | undefined;
  /** Default a fresh context. */
  readonly contextId?: string;
  /** Default a fresh id; a run id given twice is one run (the second start is refused as unavailable). */
  readonly runId?: string | undefined;
  /** The W3C trace context of the caller: the run's span is its child. */
  readonly traceparent?: string | undefined;
  /** Who starts it (the authenticated caller's id), for the per-caller limit. */
  readonly caller?: string | undefined;
  /** How the chain was planned, for a run started from a goal. */
  readonly plan?: PlanView | undefined;
}

/**
 * The orchestrator's runs as its API and its A2A agent use them, on any instance: started and refined by writing
 * their first event and handing them to the engine; read from the records; followed as they are kept; answered and
 * canceled where they are driven (this instance, or the holder, over the bus).
 */
export interface RunService {
  /** Writes the run's first event and hands it to the engine; resolves once both are durable. */
  start(input: StartRun): Promise<RunView>;
  /** Tells the service a run driven here ended (its per-caller count goes down). */
  runEnded(runId: string): void;
  /** The run as kept (this instance's own runs as last committed); `undefined` when unknown. */
  view(runId: string): Promise<RunView | undefined>;
  /** The run and its events as kept. */
  load(runId: string): Promise<StoredRun | undefined>;
  /** The newest runs, newest first. */
  recent(limit: number): Promise<readonly RunView[]>;
  /** Follows the run's events after `after` (see `RunFeed.follow`). */
  follow(runId: string, after: number, listener: (event: RunEvent) => void): Promise<() => void>;
  /** Resolves with the run as kept once its current round has ended. */
  ended(runId: string): Promise<RunView>;
  /** Answers the open question of `step` (default the first one); resolves with the run once the answer is kept. */
  answer(runId: string, text: string, step?: string): Promise<RunView>;
  /** Cancels the run (or its refinement); resolves once `run.canceled` is kept. */
  cancel(runId: string): Promise<RunView>;
  /**
   * Approves or rejects the pending approval of `step` (a step id or instance key; default the first pending);
   * resolves with the run once the decision is kept.
   */
  decide(runId: string, decision: Decision, step?: string): Promise<RunView>;
  /** Starts a refinement of a finished run; resolves once it is announced and handed to the engine. */
  refine(runId: string, request: RefineRequest): Promise<{ view: RunView; refinement: RefinementView }>;
  /** Hands every unfinished run to the engine again (after a restart, or a run whose holder is gone). */
  reconcile(): Promise<number>;
  close(): Promise<void>;
}

/** What {@link createRunService} needs. */
export interface RunServiceOptions {
  readonly records: RunRecords;
  readonly journal: RunJournal;
  readonly engine: RunEngine;
  readonly host: RunHost;
  readonly feed: RunFeed;
  /** Carries answers and cancels to the instance driving a run (a shared engine needs it). */
  readonly bus?: TaskEventBus | undefined;
  readonly chainOf: (name: string | undefined, version?: number) => Promise<ChainDefinition>;
  readonly logger: Logger;
  /** Longest wait for a write to be kept before a request gets 503 STORE_UNAVAILABLE; default 10 s. */
  readonly keptWithinMs?: number;
  /** Longest wait for the instance driving a run to answer; default 5 s. */
  readonly requestTimeoutMs?: number;
  /**
   * Most runs this instance drives at once with an engine that drives all it is given (the in-process one); a
   * start beyond them is refused with 503 TOO_MANY_RUNS and `Retry-After`, before anything is kept. A shared
   * engine queues runs instead, and drives as many as its concurrency allows. Default 200.
   */
  readonly maxRunsInFlight?: number;
  /**
   * Most runs one caller (an authenticated id) has in flight on this instance; past it, a start is refused with
   * 429 TOO_MANY_RUNS_FOR_CALLER and `Retry-After`, so one caller cannot take every slot. Default half of
   * `maxRunsInFlight`.
   */
  readonly maxRunsPerCaller?: number;
}

/** The default of `RunServiceOptions.maxRunsInFlight`. */
export const DEFAULT_MAX_RUNS_IN_FLIGHT = 200;

type Forwarded =
  | { readonly op: 'answer'; readonly runId: string; readonly text: string; readonly step?: string }
  | { readonly op: 'decide'; readonly runId: string; readonly decision: Decision; readonly step?: string }
  | { readonly op: 'cancel'; readonly runId: string };

const unavailable = () =>
  new RunRequestError(
    'STORE_UNAVAILABLE',
    503,
    'The run records cannot be reached right now; nothing was taken. Try again shortly.',
    2,
  );
const moving = (runId: string) =>
  new RunRequestError(
    'RUN_MOVING',
    503,
    `Run ${runId} is between two orchestrator instances (its instance stopped); try again in a moment`,
    1,
  );

/** Creates the {@link RunService}. */
export function createRunService(options: RunServiceOptions): RunService {
  const { records, journal, engine, host, feed, logger } = options;
  const maxRunsInFlight = options.maxRunsInFlight ?? DEFAULT_MAX_RUNS_IN_FLIGHT;
  const maxRunsPerCaller = options.maxRunsPerCaller ?? Math.max(1, Math.floor(maxRunsInFlight / 2));
  let starting = 0;
  // How many runs each caller started here have not ended, counted from admission.
  const callerRuns = new Map<string, number>();
  const callerOf = new Map<string, string>();
  const release = (caller: string) => {
    const left = (callerRuns.get(caller) ?? 1) - 1;
    if (left > 0) callerRuns.set(caller, left);
    else callerRuns.delete(caller);
  };
  const tooManyForCaller = (caller: string) =>
    new RunRequestError(
      'TOO_MANY_RUNS_FOR_CALLER',
      429,
      `${caller} has ${maxRunsPerCaller} runs in flight, the most one caller may; nothing was taken. Try again shortly.`,
      2,
    );
  const tooManyRuns = () =>
    new RunRequestError(
      'TOO_MANY_RUNS',
      503,
      `This orchestrator is driving ${maxRunsInFlight} runs, its limit; nothing was taken. Try again shortly.`,
      2,
    );
  const keptWithinMs = options.keptWithinMs ?? 10_000;
  let link: InstanceLink | undefined;
  if (engine.shared && options.bus) {
    link = createInstanceLink({
      bus: options.bus,
      instanceId: engine.instanceId,
      timeoutMs: options.requestTimeoutMs ?? 5_000,
      logger,
      // A refusal goes back as an A2A error whose reason is the code, so the asking instance answers the same.
      onRequest: (body) =>
        handleHere(body as Forwarded).catch((error: unknown) => {
          if (!(error instanceof RunRequestError)) throw error;
          throw new A2AError({ code: -32603, message: error.message, reason: error.code });
        }),
    });
  }

  const recordsDown = () => journal.unavailableSince !== undefined;
  const loadOrUnavailable = async (runId: string) => {
    try {
      return await records.load(runId);
    } catch {
      throw unavailable();
    }
  };
  const notFound = (runId: string) => new RunRequestError('RUN_NOT_FOUND', 404, `No run with id ${runId}`);
  const finished = (view: RunView) =>
    new RunRequestError('RUN_FINISHED', 409, `Run ${view.runId} already ended ${view.status}`);

  /** Writes events of a run no instance drives (its first, a refinement, a cancel); false if another wrote first. */
  async function writeUndriven(stored: StoredRun, view: RunView, bodies: readonly RunEventBody[]) {
    const log = journal.open(view.runId, stored.events, stored.view);
    for (const body of bodies) log.write(body, view);
    try {
      await log.kept(keptWithinMs);
      return true;
    } catch (error) {
      if (error instanceof RunLostError) return false;
      throw unavailable();
    } finally {
      log.close();
    }
  }

  /** Answers or cancels a run this instance drives; `undefined` when it does not drive it (any more). */
  async function handleHere(request: Forwarded): Promise<RunView> {
    const run = host.held(request.runId);
    if (run === undefined) throw moving(request.runId);
    if (request.op === 'cancel') {
      const refining = run.view.refinements?.at(-1)?.status === 'running';
      const ended = await run.cancel();
      const view = run.keptView() ?? ended;
      // Canceled: the run, or the refinement under way (the run then keeps its result). It ended some other
      // way before the cancel took effect: said as such, not as a cancel.
      const canceled =
        view.status === 'canceled' || (refining && view.refinements?.at(-1)?.status === 'canceled');
      if (!canceled) throw finished(view);
      return view;
    }
    if (request.op === 'decide') {
      if (!run.decide(request.decision, request.step)) {
        const what = request.step === undefined ? '' : ` on the ${request.step} step`;
        throw new RunRequestError(
          'NOT_WAITING_FOR_APPROVAL',
          400,
          `Run ${request.runId} is ${run.view.status}, with no approval pending${what}`,
        );
      }
    } else if (!run.answer(request.text, request.step)) {
      const what = request.step === undefined ? '' : ` on the ${request.step} step`;
      throw new RunRequestError(
        'NOT_WAITING_FOR_INPUT',
        400,
        `Run ${request.runId} is ${run.view.status}, not waiting for input${what}`,
      );
    }
    try {
      await run.kept(keptWithinMs);
    } catch {
      throw unavailable();
    }
    return run.keptView() ?? run.view;
  }

  /** Sends an answer or a cancel to where the run is driven: here, the holder, or nobody. */
  async function where(request: Forwarded): Promise<RunView | undefined> {
    if (host.held(request.runId)) return handleHere(request);
    const stored = await loadOrUnavailable(request.runId);
    if (stored === undefined) throw notFound(request.runId);
    if (isFinishedStatus(stored.view.status)) throw finished(stored.view);
    const holder = await engine.holder(request.runId, roundOf(stored.view)).catch(() => undefined);
    if (holder === engine.instanceId) return handleHere(request);
    if (holder !== undefined && link) {
      try {
        return (await link.request(holder, request)) as RunView;
      } catch (error) {
        throw fromRemote(error, request.runId);
      }
    }
    return undefined;
  }

  /** The error a holder answered with, as this instance answers it. */
  function fromRemote(error: unknown, runId: string): RunRequestError {
    if (isA2AError(error)) {
      if (error.reason === 'NOT_WAITING_FOR_INPUT' || error.reason === 'NOT_WAITING_FOR_APPROVAL')
        return new RunRequestError(error.reason, 400, error.message);
      if (error.reason === 'RUN_FINISHED') return new RunRequestError(error.reason, 409, error.message);
      if (error.reason === 'STORE_UNAVAILABLE') return unavailable();
    }
    return moving(runId);
  }

  async function viewOf(runId: string): Promise<RunView | undefined> {
    const held = host.held(runId)?.keptView();
    if (held) return held;
    return (await loadOrUnavailable(runId))?.view;
  }

  return {
    async start(input) {
      if (recordsDown()) throw unavailable();
      // Runs being started count until the engine drives them, so a burst cannot get past the limit in between.
      if (engine.driving !== undefined && engine.driving() + starting >= maxRunsInFlight) throw tooManyRuns();
      const caller = input.caller;
      if (caller !== undefined) {
        const mine = callerRuns.get(caller) ?? 0;
        if (mine >= maxRunsPerCaller) throw tooManyForCaller(caller);
        // Counted for the caller from here: a burst from one caller cannot slip past its share meanwhile.
        callerRuns.set(caller, mine + 1);
      }
      starting += 1;
      let kept = false;
      try {
        const view = newRunView(input.chain, input);
        const written = await writeUndriven({ view, events: [] }, view, [
          { type: 'run.started', contextId: view.contextId, topic: view.topic, chain: input.chain.name },
        ]);
        if (!written) throw unavailable();
        kept = true;
        if (caller !== undefined) callerOf.set(view.runId, caller);
        try {
          await engine.submit(view.runId, 0, input.traceparent ? { traceparent: input.traceparent } : {});
        } catch (error) {
          // Kept but not handed over: `reconcile` hands it over; the caller may rely on the run id already.
          logger.warn('Could not hand a new run to the run engine; it is handed over by the next reconcile', {
            runId: view.runId,
            error,
          });
        }
        return view;
      } finally {
        starting -= 1;
        if (caller !== undefined && !kept) release(caller);
      }
    },

    runEnded(runId) {
      const caller = callerOf.get(runId);
      if (caller === undefined) return;
      callerOf.delete(runId);
      release(caller);
    },

    view: viewOf,

    load: loadOrUnavailable,

    async recent(limit) {
      try {
        const kept = await records.recent(limit);
        return kept.map((view) => host.held(view.runId)?.keptView() ?? view);
      } catch {
        throw unavailable();
      }
    },

    follow: (runId, after, listener) => feed.follow(runId, after, listener),

    async ended(runId) {
      let stop: (() => void) | undefined;
      const final = new Promise<void>((resolve) => {
        void feed
          .follow(runId, 0, (event) => {
            if (!isFinalEventType(event.type)) return;
            // Final for now: a refinement announced after it starts a new round.
            void records.load(runId).then((stored) => {
              if (stored === undefined || isFinishedStatus(stored.view.status)) resolve();
            });
          })
          .then((stopFollowing) => {
            stop = stopFollowing;
          });
      });
      await final;
      stop?.();
      const view = await viewOf(runId);
      if (view === undefined) throw notFound(runId);
      return view;
    },

    async answer(runId, text, step) {
      if (recordsDown()) throw unavailable();
      const answered = await where({ op: 'answer', runId, text, ...(step === undefined ? {} : { step }) });
      if (answered === undefined) throw moving(runId);
      return answered;
    },

    async decide(runId, decision, step) {
      if (recordsDown()) throw unavailable();
      const decided = await where({ op: 'decide', runId, decision, ...(step === undefined ? {} : { step }) });
      if (decided === undefined) throw moving(runId);
      return decided;
    },

    async cancel(runId) {
      if (recordsDown()) throw unavailable();
      for (;;) {
        const canceled = await where({ op: 'cancel', runId });
        if (canceled !== undefined) return canceled;
        // No instance drives it (handed over, not yet taken): it is canceled here, unless one writes it first.
        const stored = await loadOrUnavailable(runId);
        if (stored === undefined) throw notFound(runId);
        if (isFinishedStatus(stored.view.status)) {
          if (stored.view.status === 'canceled') return stored.view;
          throw finished(stored.view);
        }
        const view = structuredClone(stored.view);
        const refinement = view.refinements?.at(-1);
        const bodies: RunEventBody[] = [];
        if (refinement?.status === 'running') {
          refinement.status = 'canceled';
          refinement.finishedAt = new Date().toISOString();
          bodies.push({ type: 'refine.canceled', step: refinement.step, refinement: refinement.refinement });
        }
        view.status = 'canceled';
        delete view.question;
        delete view.questions;
        view.finishedAt = new Date().toISOString();
        bodies.push({ type: 'run.canceled' });
        if (await writeUndriven(stored, view, bodies)) return view;
      }
    },

    async refine(runId, request) {
      if (recordsDown()) throw unavailable();
      for (;;) {
        const stored = await loadOrUnavailable(runId);
        if (stored === undefined) throw notFound(runId);
        const view = structuredClone(stored.view);
        const { refinement, event } = beginRefinement(
          view,
          await options.chainOf(view.chain, view.chainVersion),
          request,
        );
        if (!(await writeUndriven(stored, view, [event]))) continue;
        await engine.submit(runId, refinement.refinement).catch((error: unknown) =>
          logger.warn('Could not hand a refinement to the run engine; the next reconcile does', {
            runId,
            error,
          }),
        );
        return { view, refinement };
      }
    },

    async reconcile() {
      const unfinished = await records.unfinished();
      for (const view of unfinished) await engine.submit(view.runId, roundOf(view));
      return unfinished.length;
    },

    async close() {
      await link?.close();
    },
  };
}
