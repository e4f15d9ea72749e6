import { type ChainDefinition, dependantsOf } from '../chains/chain-definition.ts';
import type { RunView } from './run-types.ts';

/** What a caller asks of a refinement (`POST /runs/:id/refine`). */
export interface RefineRequest {
  /** The step whose artifact is refined. */
  readonly step: string;
  /** What to change ("shorter", "for experts"); the step's agent gets it beside the step's usual inputs. */
  readonly instruction: string;
  /** Run the steps that depend on it again with the new version; default `false`. */
  readonly downstream?: boolean | undefined;
  /** The version to refine; default the newest. */
  readonly version?: number | undefined;
}

/** Why a refinement cannot start. */
export type RefineRefusalCode = 'RUN_BUSY' | 'UNKNOWN_STEP' | 'STEP_NOT_COMPLETED' | 'UNKNOWN_VERSION';

/** A refinement the run cannot start, with a code per reason and a message that says what to do. */
export class RefineRefusedError extends Error {
  override readonly name = 'RefineRefusedError';
  constructor(
    readonly code: RefineRefusalCode,
    message: string,
  ) {
    super(message);
  }
}

/** A refinement checked against the run: the version it refines and the steps it runs again. */
export interface RefinementPlan {
  readonly refines: number;
  readonly rerun: readonly string[];
}

/**
 * Checks a refinement against a run and its chain: the run must not be under way, the step must exist and have a
 * version (the one asked for, or any). With `downstream`, every step that waits for it, directly or not, runs again.
 */
export function planRefinement(
  view: RunView,
  chain: ChainDefinition,
  request: RefineRequest,
): RefinementPlan {
  if (view.status === 'running' || view.status === 'input-required') {
    throw new RefineRefusedError(
      'RUN_BUSY',
      `Run ${view.runId} is ${view.status}; refine a step once it has ended`,
    );
  }
  const shown = view.steps.find((step) => step.step === request.step);
  if (shown === undefined || !chain.steps.some((step) => step.id === request.step)) {
    const known = view.steps.map((step) => step.step).join(', ');
    throw new RefineRefusedError(
      'UNKNOWN_STEP',
      `Run ${view.runId} has no step "${request.step}"; its steps are ${known}`,
    );
  }
  const versions = shown.versions ?? [];
  if (versions.length === 0 || shown.version === undefined) {
    throw new RefineRefusedError(
      'STEP_NOT_COMPLETED',
      `The ${request.step} step of run ${view.runId} has no artifact to refine (it ${shown.outcome ?? 'did not run'})`,
    );
  }
  const refines = request.version ?? shown.version;
  if (!versions.some((version) => version.version === refines)) {
    throw new RefineRefusedError(
      'UNKNOWN_VERSION',
      `The ${request.step} step has versions 1 to ${versions.length}, not ${refines}`,
    );
  }
  return { refines, rerun: request.downstream === true ? dependantsOf(chain.steps, request.step) : [] };
}
