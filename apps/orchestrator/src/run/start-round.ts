import { context } from '@opentelemetry/api';
import { ChainError, isCanceled, isReleased } from './chain-error.ts';
import { createRunApprovals } from './run-approvals.ts';
import { failRun, failureOf } from './run-rounds.ts';
import type { RunState } from './run-state.ts';
import type { RefinementView, RunView } from './run-types.ts';
import type { Round } from './step-attempts.ts';
import { madeInRound } from './step-versions.ts';

/** The steps a resumed round had under way: started and not ended, nor made in this round. */
function underWayOf(view: RunView, refinement: RefinementView | undefined): Set<string> {
  return new Set(
    view.steps
      .filter((step) => step.outcome === undefined && step.attempts !== undefined)
      .filter((step) => madeInRound(step, refinement) === undefined)
      .map((step) => step.step),
  );
}

/** Cancels the run's own round once its deadline passes (kept in the view: a run taken over keeps it). */
function armDeadline(state: RunState, refinement: RefinementView | undefined) {
  const { view } = state;
  if (refinement !== undefined || view.deadline === undefined) return undefined;
  const deadline = Date.parse(view.deadline);
  return setTimeout(
    () =>
      state.controller.abort(
        new ChainError(
          'DEADLINE_EXCEEDED',
          `The run passed its deadline (${view.deadline}) and was canceled`,
        ),
      ),
    Math.max(0, deadline - Date.now()),
  );
}

/**
 * Runs one round of a run (its own, or `refinement`'s) with `work`; the run's status and final event come from it:
 * canceled (by a caller or its deadline), failed with what failed it, or as `work` ended it. Resolves with the view
 * once that is kept; never rejects. A round released to another instance, or taken over, ends without a word.
 */
export function startRound(
  state: RunState,
  work: (round: Round) => Promise<void>,
  refinement?: RefinementView,
): Promise<RunView> {
  const { view, input, emit } = state;
  state.roundEnded = false;
  state.controller = new AbortController();
  // Decisions go to the round's approvals from its start (one kept pending before a restart can be decided now).
  state.approvals = createRunApprovals(view, emit, refinement?.refinement ?? 0);
  const { signal } = state.controller;
  const traced = input.telemetry?.round(
    view,
    refinement ? undefined : input.traceContext,
    refinement && { step: refinement.step, number: refinement.refinement },
  );
  const round: Round = {
    signal,
    resumed: state.resuming,
    trace: traced?.context ?? context.active(),
    underWay: state.unfinished ? underWayOf(view, refinement) : new Set(),
    ...(refinement ? { refinement } : {}),
  };
  state.resuming = false;
  const deadlineTimer = armDeadline(state, refinement);
  const running = traced ? context.with(traced.context, () => work(round)) : work(round);
  return running
    .catch((error: unknown) => {
      if (state.released || isReleased(signal)) return;
      if (error instanceof ChainError && error.code === 'RUN_TAKEN_OVER') {
        state.released = true;
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
      failRun(state, failureOf(error));
    })
    .finally(() => clearTimeout(deadlineTimer))
    .then(() => state.log.kept().catch(() => undefined))
    .then(() => {
      state.listeners.clear();
      traced?.end(view.status === 'completed' ? undefined : (view.error?.message ?? view.status));
      // The run's own round counts as a run (refinements do not).
      if (refinement === undefined)
        input.telemetry?.finished(view.status, Date.now() - Date.parse(view.createdAt));
      return view;
    });
}
