import { SummarySchema } from '@baton/chain';
import { ChainError, errorMessage, isCanceled } from './chain-error.ts';
import { runOwnSteps } from './own-steps.ts';
import { ownFailure } from './run-block.ts';
import type { RunState } from './run-state.ts';
import type { RefinementView, RunStatus, RunView } from './run-types.ts';
import type { Round } from './step-attempts.ts';
import { currentVersion } from './step-versions.ts';

/** What the run reports of the error that failed it. */
export function failureOf(error: unknown): NonNullable<RunView['error']> {
  return error instanceof ChainError
    ? {
        code: error.code,
        message: error.message,
        ...(error.step === undefined ? {} : { step: error.step }),
        ...(error.agent === undefined ? {} : { agent: { name: error.agent.name, url: error.agent.url } }),
      }
    : { code: 'INTERNAL', message: errorMessage(error) };
}

/** Ends the run completed, with its result step's artifact (and the summary, when it is one). */
function completeRun(state: RunState) {
  const { view, input } = state;
  const result = view.artifacts[input.chain.result];
  view.result = result;
  view.status = 'completed';
  delete view.error;
  const summary = SummarySchema.safeParse(result);
  state.emit({ type: 'run.completed', result, ...(summary.success ? { summary: summary.data } : {}) });
}

/** Ends the run failed. */
export function failRun(state: RunState, failure: NonNullable<RunView['error']>) {
  state.view.status = 'failed';
  state.view.error = failure;
  state.emit({ type: 'run.failed', error: failure });
}

/** The run's own round: every step, until the result step completes or cannot. */
export async function runChain(state: RunState, round: Round): Promise<void> {
  const { view, input } = state;
  const { chain } = input;
  if (round.resumed) {
    const first =
      [...round.underWay][0] ?? view.steps.find((step) => currentVersion(step) === undefined)?.step;
    state.emit({ type: 'run.resumed', ...(first === undefined ? {} : { step: first }) });
  }
  const outcomes = await runOwnSteps(state, new Set(chain.steps.map((step) => step.id)), round);
  if (round.signal.aborted) throw new ChainError('CANCELED', 'The run was canceled');
  const resultIndex = chain.steps.findIndex((step) => step.id === chain.result);
  const result = outcomes[resultIndex];
  if (result?.status === 'fulfilled') {
    completeRun(state);
    return;
  }
  throw (
    ownFailure(outcomes) ??
    (result?.status === 'rejected'
      ? result.reason
      : new ChainError('STEP_FAILED', 'The chain ended without a result'))
  );
}

/**
 * A refinement's round: its step with the instruction, then (with `downstream`) the steps after it. `before` is
 * what the run was before it: the run ends so again unless its result step has a version.
 */
export async function runRefinement(
  state: RunState,
  round: Round & { refinement: RefinementView },
  before: RunStatus,
): Promise<void> {
  const { view, emit } = state;
  const { refinement } = round;
  if (round.resumed) emit({ type: 'run.resumed', step: [...round.underWay][0] ?? refinement.step });
  let failure: unknown;
  try {
    const outcomes = await runOwnSteps(state, new Set([refinement.step, ...refinement.rerun]), round);
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
  if (currentVersion(state.stepView(state.input.chain.result))) completeRun(state);
  else if (before === 'canceled') {
    view.status = 'canceled';
    emit({ type: 'run.canceled' });
  } else failRun(state, view.error ?? failureOf(failure));
}
