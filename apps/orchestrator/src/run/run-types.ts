import type { Document, Outline, OutlineOptions, Summary } from '@baton/chain';
import type { TaskState } from '@baton/protocol';
import type { AgentRef, ChainErrorCode } from './chain-error.ts';

/** Where a run is. */
export type RunStatus = 'running' | 'input-required' | 'completed' | 'failed' | 'canceled';

/** How a step of a run ended. */
export type StepOutcome = 'completed' | 'failed' | 'skipped' | 'canceled';

/** One step of a run as the API shows it. */
export interface StepView {
  /** The step's id in the chain definition. */
  readonly step: string;
  /** The skill the step asks for (absent when the definition names an agent instead). */
  readonly skill?: string;
  /** The steps it waits for. */
  readonly dependsOn?: readonly string[];
  agent?: AgentRef;
  /** The remote task's id at the agent (the latest attempt's). */
  taskId?: string;
  /** The remote task's last known state. */
  state?: TaskState;
  /** How many tasks the step has sent (more than one after a retry). */
  attempts?: number;
  /** How the step ended; absent while it has not. */
  outcome?: StepOutcome;
  /** Why it failed or was skipped. */
  error?: string;
}

/** A question an agent asks, open until answered. */
export interface OpenQuestion {
  readonly step: string;
  readonly text: string;
}

/** A run as the API shows it. */
export interface RunView {
  readonly runId: string;
  /** The chain definition it runs (`default` unless the caller chose another). */
  readonly chain?: string;
  /** The one context every step's remote task belongs to. */
  readonly contextId: string;
  readonly topic: string;
  readonly options?: OutlineOptions;
  status: RunStatus;
  readonly createdAt: string;
  finishedAt?: string;
  /** The first question still open while the status is `input-required`. */
  question?: OpenQuestion;
  /** Every question still open (several steps may ask at once). */
  questions?: OpenQuestion[];
  error?: {
    readonly code: ChainErrorCode | 'INTERNAL';
    readonly message: string;
    readonly step?: string;
    readonly agent?: AgentRef;
  };
  readonly steps: StepView[];
  /** The artifact of the chain's result step, once the run has completed. */
  result?: unknown;
  /** Each completed step's artifact, by step id (the default chain's: `outline`, `document`, `summary`). */
  readonly artifacts: { outline?: Outline; document?: Document; summary?: Summary; [step: string]: unknown };
}

/** A progress event of a run (the `type` is the SSE event name). */
export type RunEvent = { readonly runId: string; readonly at: string } & RunEventBody;

/** A progress event before the run id and time are stamped on it. */
export type RunEventBody =
  | {
      readonly type: 'run.started';
      readonly contextId: string;
      readonly topic: string;
      readonly chain?: string;
    }
  | { readonly type: 'run.resumed'; readonly step?: string }
  | {
      readonly type: 'step.started';
      readonly step: string;
      readonly agent: AgentRef;
      readonly attempt?: number;
    }
  | {
      readonly type: 'step.state';
      readonly step: string;
      readonly taskId: string;
      readonly state: TaskState;
      readonly message?: string;
    }
  | {
      readonly type: 'artifact.chunk';
      readonly step: string;
      readonly name: string;
      readonly text: string;
      readonly lastChunk: boolean;
    }
  | { readonly type: 'artifact.completed'; readonly step: string; readonly artifact: unknown }
  | {
      readonly type: 'step.retrying';
      readonly step: string;
      readonly attempt: number;
      readonly error: string;
    }
  | { readonly type: 'step.failed'; readonly step: string; readonly error: string }
  | { readonly type: 'step.skipped'; readonly step: string; readonly error: string }
  | { readonly type: 'input.required'; readonly step: string; readonly question: string }
  | { readonly type: 'input.answered'; readonly step: string }
  | { readonly type: 'run.completed'; readonly summary?: Summary; readonly result?: unknown }
  | { readonly type: 'run.failed'; readonly error: NonNullable<RunView['error']> }
  | { readonly type: 'run.canceled' };

/** Whether a run status is final. */
export function isFinishedStatus(status: RunStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'canceled';
}
