/** Why a run stopped short: a string code per kind of failure. */
export type ChainErrorCode =
  | 'NO_AGENT'
  | 'AGENT_UNREACHABLE'
  | 'STEP_FAILED'
  | 'INVALID_ARTIFACT'
  | 'TIMEOUT'
  | 'CANCELED'
  | 'DEPENDENCY_FAILED'
  | 'STORE_UNAVAILABLE'
  | 'RUN_TAKEN_OVER'
  /** A chain's condition or list expression could not be evaluated (the step and the expression are named). */
  | 'EXPRESSION_FAILED'
  /** No case of a branch held and it has no `otherwise`. */
  | 'NO_BRANCH_MATCHED'
  /** A map's list is not a list, or has more items than allowed. */
  | 'INVALID_MAP_ITEMS'
  /** A loop ran its last iteration without its condition holding (`onExhausted: "fail"`). */
  | 'LOOP_EXHAUSTED'
  /** A sub-chain names a chain (or version) that does not exist, or nests too deep. */
  | 'UNKNOWN_CHAIN'
  /** A person (or the timeout) rejected an approval step. */
  | 'APPROVAL_REJECTED'
  /** The run went past its deadline: it was canceled with its remote tasks. */
  | 'DEADLINE_EXCEEDED';

/** The agent a step ran on, as a run reports it. */
export interface AgentRef {
  readonly name: string;
  readonly url: string;
}

/** Options of a {@link ChainError}. */
export interface ChainErrorOptions {
  readonly step?: string;
  readonly agent?: AgentRef;
  readonly cause?: unknown;
}

/** A failure of the chain that names the step and the agent it happened at. */
export class ChainError extends Error {
  override readonly name = 'ChainError';
  readonly code: ChainErrorCode;
  readonly step: string | undefined;
  readonly agent: AgentRef | undefined;

  constructor(code: ChainErrorCode, message: string, options: ChainErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.code = code;
    this.step = options.step;
    this.agent = options.agent;
  }
}

/** Describes a step and its agent for error messages: `the outline step (agent "Outline" at http://…)`. */
export function describeStep(step: string, agent: AgentRef): string {
  return `the ${step} step (agent "${agent.name}" at ${agent.url})`;
}

/** The message of any thrown value. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Why a run's signal fires when this instance lets the run go (another instance took it over, or this one is
 * closing): the run stops where it is, its remote tasks go on, and nothing more is written.
 */
export class RunReleased extends Error {
  override readonly name = 'RunReleased';
  constructor(runId: string) {
    super(`Run ${runId} was released by this instance`);
  }
}

/** Whether a step's failure is the run's cancel (or its release), not a failure of its own. */
export const isCanceled = (error: unknown, signal: AbortSignal) =>
  signal.aborted || (error instanceof ChainError && error.code === 'CANCELED');

/** Whether a signal fired because the run was released (not canceled). */
export const isReleased = (signal: AbortSignal) => signal.aborted && signal.reason instanceof RunReleased;
