import type { ChainStep, Document, Outline, OutlineOptions, Summary } from '@baton/chain';
import type { TaskState } from '@baton/protocol';
import type { AgentRef, ChainErrorCode } from './chain-error.ts';

/** Where a run is. */
export type RunStatus = 'running' | 'input-required' | 'completed' | 'failed' | 'canceled';

/** One step of a run as the API shows it. */
export interface StepView {
  readonly step: ChainStep;
  readonly skill: string;
  agent?: AgentRef;
  /** The remote task's id at the agent. */
  taskId?: string;
  /** The remote task's last known state. */
  state?: TaskState;
}

/** A run as the API shows it. */
export interface RunView {
  readonly runId: string;
  /** The one context every step's remote task belongs to. */
  readonly contextId: string;
  readonly topic: string;
  readonly options?: OutlineOptions;
  status: RunStatus;
  readonly createdAt: string;
  finishedAt?: string;
  /** What the chain asks its caller while the status is `input-required`. */
  question?: { readonly step: ChainStep; readonly text: string };
  error?: {
    readonly code: ChainErrorCode | 'INTERNAL';
    readonly message: string;
    readonly step?: ChainStep;
    readonly agent?: AgentRef;
  };
  readonly steps: StepView[];
  readonly artifacts: { outline?: Outline; document?: Document; summary?: Summary };
}

/** A progress event of a run (the `type` is the SSE event name). */
export type RunEvent = { readonly runId: string; readonly at: string } & RunEventBody;

/** A progress event before the run id and time are stamped on it. */
export type RunEventBody =
  | { readonly type: 'run.started'; readonly contextId: string; readonly topic: string }
  | { readonly type: 'run.resumed'; readonly step?: ChainStep }
  | { readonly type: 'step.started'; readonly step: ChainStep; readonly agent: AgentRef }
  | {
      readonly type: 'step.state';
      readonly step: ChainStep;
      readonly taskId: string;
      readonly state: TaskState;
      readonly message?: string;
    }
  | {
      readonly type: 'artifact.chunk';
      readonly step: ChainStep;
      readonly name: string;
      readonly text: string;
      readonly lastChunk: boolean;
    }
  | { readonly type: 'artifact.completed'; readonly step: ChainStep; readonly artifact: unknown }
  | { readonly type: 'input.required'; readonly step: ChainStep; readonly question: string }
  | { readonly type: 'input.answered'; readonly step: ChainStep }
  | { readonly type: 'run.completed'; readonly summary: Summary }
  | { readonly type: 'run.failed'; readonly error: NonNullable<RunView['error']> }
  | { readonly type: 'run.canceled' };

/** Whether a run status is final. */
export function isFinishedStatus(status: RunStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'canceled';
}
