import type { Document, Outline, OutlineOptions, Summary } from '@baton/chain';
import type { TaskState } from '@baton/protocol';
import type { AgentRef, ChainErrorCode } from './chain-error.ts';

/** Where a run is. */
export type RunStatus = 'running' | 'input-required' | 'completed' | 'failed' | 'canceled';

/** How a step of a run ended. */
export type StepOutcome = 'completed' | 'failed' | 'skipped' | 'canceled';

/** How a task step's execution stands at its agent: what a step and an instance both show. */
export interface TaskProgress {
  agent?: AgentRef;
  /** The remote task's id at the agent (the latest attempt's). */
  taskId?: string;
  /** The remote task's last known state. */
  state?: TaskState;
  /** How many tasks it has sent (more than one after a retry). */
  attempts?: number;
  /** How it ended; absent while it has not. */
  outcome?: StepOutcome;
  /** Why it failed or was skipped. */
  error?: string;
}

/** One step of a run as the API shows it. */
export interface StepView extends TaskProgress {
  /** The step's id in the chain definition. */
  readonly step: string;
  /** The skill the step asks for (absent when the definition names an agent instead). */
  readonly skill?: string;
  /** The step's kind when it is not a task: `branch`, `loop`, `map` or `chain`. */
  readonly kind?: 'branch' | 'loop' | 'map' | 'chain' | 'approval';
  /** The steps it waits for. */
  readonly dependsOn?: readonly string[];
  /** The version of its artifact that goes on (the newest completed one); absent until it has one. */
  version?: number;
  /** Every version of its artifact, oldest first: the run's own, then one per refinement or re-run. */
  versions?: ArtifactVersion[];
}

/** One version of a step's artifact. A refined artifact keeps its name; each refinement adds a version. */
export interface ArtifactVersion {
  /** 1 for the run's own artifact, then 2, 3, … */
  readonly version: number;
  /** The remote task that made it. */
  readonly taskId: string;
  readonly createdAt: string;
  /** What the caller asked for (only on the version a refinement asked for, not on re-runs after it). */
  readonly instruction?: string;
  /** The version of this step it refines or replaces. */
  readonly refines?: number;
  /** The refinement that made it (its `refinement` number); absent on the run's own versions. */
  readonly refinement?: number;
  /** The version of each artifact it was made from, by step. */
  readonly inputs?: Readonly<Record<string, number>>;
  /** The artifact: its contract data, its first DataPart, or its text. */
  readonly artifact: unknown;
}

/** Where a refinement is. */
export type RefinementStatus = 'running' | 'completed' | 'failed' | 'canceled';

/** A refinement a caller asked for (`POST /runs/:id/refine`). */
export interface RefinementView {
  /** 1 for the run's first refinement, then 2, 3, … */
  readonly refinement: number;
  /** The step refined. */
  readonly step: string;
  readonly instruction: string;
  /** The version of the step it refines. */
  readonly refines: number;
  /** Whether the steps that depend on it run again with the new version. */
  readonly downstream: boolean;
  /** The steps that run again after it, in the chain's order (empty without `downstream`). */
  readonly rerun: readonly string[];
  readonly requestedAt: string;
  status: RefinementStatus;
  /** The version of the step it made, once that task completed. */
  version?: number;
  /** The refinement's task at the step's agent (the latest attempt's). */
  taskId?: string;
  error?: string;
  finishedAt?: string;
}

/**
 * One execution of a task step: a top-level step's (each round), or a step inside a map item, a loop iteration, a
 * branch's case or a sub-chain. Its `key` is unique in the run's round (`sections[2]/section`, `review#1/check`).
 */
export interface InstanceView extends TaskProgress {
  readonly key: string;
  /** The step's id in the chain. */
  readonly step: string;
  /** The refinement it ran in; absent for the run's own round. */
  readonly round?: number;
  /** The item of the innermost map around it (0, 1, …). */
  readonly index?: number;
  /** The iteration of the innermost loop around it (1, 2, …). */
  readonly iteration?: number;
  readonly startedAt: string;
  endedAt?: string;
  /** Its artifact (inside a branch, loop, map or sub-chain; a top-level step's is in its `versions`). */
  artifact?: unknown;
}

/** A choice the run made, kept before it acted on it: a branch taken, a map's items, a loop's iterations. */
export interface DecisionView {
  /** The deciding step's instance key. */
  readonly key: string;
  readonly step: string;
  readonly kind: 'branch' | 'map' | 'loop' | 'chain';
  readonly round?: number;
  readonly at: string;
  /** A branch: the case taken (0, 1, …), `otherwise`. */
  readonly case?: number | 'otherwise';
  /** A map: how many items it runs. */
  readonly items?: number;
  /** A loop: the iterations begun so far; `done` once its condition held or it ran out. */
  iterations?: number;
  done?: boolean;
  exhausted?: boolean;
  /** A sub-chain: the chain and version it runs. */
  readonly chain?: string;
  readonly version?: number;
}

/** Where an event happened inside a branch, loop, map or sub-chain (absent at a run's own steps). */
export interface InstanceTags {
  /** The instance key (`sections[2]/section`). */
  readonly instance?: string;
  readonly index?: number;
  readonly iteration?: number;
}

/** An approval an approval step asks of a person, pending until decided (or its time is up). */
export interface ApprovalView {
  /** The approval step's instance key (its id at the top). */
  readonly key: string;
  readonly step: string;
  readonly round?: number;
  readonly prompt: string;
  /** The artifact shown for approval, if the step shows one. */
  readonly artifact?: unknown;
  readonly requestedAt: string;
  /** When `onTimeout` decides, if the step has a timeout. */
  readonly deadline?: string;
  readonly onTimeout: 'approve' | 'reject';
  status: 'pending' | 'approved' | 'rejected' | 'canceled';
  decidedAt?: string;
  /** Who decided: a person (API, console, CLI, A2A), or the timeout. */
  by?: 'person' | 'timeout';
  comment?: string;
  /** The artifact as the person edited it, which goes on instead of the one shown. */
  edited?: unknown;
}

/** A question an agent asks, open until answered. */
export interface OpenQuestion {
  readonly step: string;
  readonly text: string;
}

/** How a run's chain was planned from its goal (`POST /runs {goal}`). */
export interface PlanView {
  readonly goal: string;
  /** `offline` (matched against the agents' skills) or `model`. */
  readonly planner: 'offline' | 'model';
  /** Why the chain is what it is, sentence by sentence. */
  readonly rationale: readonly string[];
  /** The planned chain, registered: `POST /runs {chain, chainVersion}` runs it again unchanged. */
  readonly chain: string;
  readonly chainVersion: number;
}

/** A run as the API shows it. */
export interface RunView {
  readonly runId: string;
  /** The chain definition it runs (`default` unless the caller chose another). */
  readonly chain?: string;
  /** The one context every step's remote task belongs to. */
  readonly contextId: string;
  /** The topic asked for; for a run started without one, the topic its first step was given once known. */
  topic: string;
  readonly options?: OutlineOptions;
  status: RunStatus;
  readonly createdAt: string;
  finishedAt?: string;
  /** The first question still open while the status is `input-required`. */
  question?: OpenQuestion;
  /** Every question still open (several steps may ask at once). */
  questions?: OpenQuestion[];
  /** Every approval asked for, pending or decided, in the order asked. */
  approvals?: ApprovalView[];
  error?: {
    readonly code: ChainErrorCode | 'INTERNAL';
    readonly message: string;
    readonly step?: string;
    readonly agent?: AgentRef;
  };
  readonly steps: StepView[];
  /** The artifact of the chain's result step, once the run has completed (its newest version). */
  result?: unknown;
  /** The run's OpenTelemetry trace id, when traces are exported (every span of the run is in it). */
  traceId?: string;
  /** The W3C trace context of the run's span: refinements, and the run after a restart, join its trace. */
  traceparent?: string;
  /** The version of the chain it runs (pinned when it started). */
  readonly chainVersion?: number;
  /** Every task execution, in the order begun (a step inside a map or loop once per item or iteration). */
  instances?: InstanceView[];
  /** Every branch taken, map's items and loop's iterations, in the order decided. */
  decisions?: DecisionView[];
  /** When the run is canceled if it has not ended (`deadlineMs` of the chain or the request). */
  readonly deadline?: string;
  /** The refinements asked for, oldest first; absent until the first. */
  refinements?: RefinementView[];
  /** For a run started from a goal: the goal, who planned its chain and why (the chain is `chain`, `chainVersion`). */
  readonly plan?: PlanView;
  /**
   * Each completed step's artifact, by step id (the default chain's: `outline`, `document`, `summary`); after a
   * refinement, its newest version (every version is in the step's `versions`).
   */
  readonly artifacts: { outline?: Outline; document?: Document; summary?: Summary; [step: string]: unknown };
}

/**
 * A progress event of a run (the `type` is the SSE event name). `seq` numbers a run's events 1, 2, 3, … with no
 * gap: it is the SSE `id`, so a reader resumes with `Last-Event-ID`.
 */
export type RunEvent = { readonly runId: string; readonly seq: number; readonly at: string } & RunEventBody;

/** A progress event before the run id and time are stamped on it. */
export type RunEventBody =
  | {
      readonly type: 'run.started';
      readonly contextId: string;
      readonly topic: string;
      readonly chain?: string;
    }
  | { readonly type: 'run.resumed'; readonly step?: string }
  | (InstanceTags & {
      readonly type: 'step.started';
      readonly step: string;
      readonly agent: AgentRef;
      readonly attempt?: number;
    })
  | (InstanceTags & {
      readonly type: 'step.state';
      readonly step: string;
      readonly taskId: string;
      readonly state: TaskState;
      readonly message?: string;
    })
  | (InstanceTags & {
      readonly type: 'artifact.chunk';
      readonly step: string;
      readonly name: string;
      readonly text: string;
      readonly lastChunk: boolean;
    })
  | (InstanceTags & {
      readonly type: 'artifact.completed';
      readonly step: string;
      readonly artifact: unknown;
      readonly version?: number;
    })
  | {
      readonly type: 'refine.started';
      readonly step: string;
      readonly refinement: number;
      readonly refines: number;
      readonly instruction: string;
      readonly rerun: readonly string[];
    }
  | {
      readonly type: 'refine.completed';
      readonly step: string;
      readonly refinement: number;
      readonly version: number;
    }
  | {
      readonly type: 'refine.failed';
      readonly step: string;
      readonly refinement: number;
      readonly error: string;
    }
  | { readonly type: 'refine.canceled'; readonly step: string; readonly refinement: number }
  | (InstanceTags & {
      readonly type: 'step.retrying';
      readonly step: string;
      readonly attempt: number;
      readonly error: string;
    })
  | (InstanceTags & { readonly type: 'step.failed'; readonly step: string; readonly error: string })
  | (InstanceTags & { readonly type: 'step.skipped'; readonly step: string; readonly error: string })
  | { readonly type: 'input.required'; readonly step: string; readonly question: string }
  | {
      readonly type: 'branch.decided';
      readonly step: string;
      readonly instance: string;
      /** The case taken (0, 1, …) or `otherwise`, and its condition. */
      readonly case: number | 'otherwise';
      readonly when?: string;
    }
  | { readonly type: 'map.started'; readonly step: string; readonly instance: string; readonly items: number }
  | {
      readonly type: 'loop.iteration';
      readonly step: string;
      readonly instance: string;
      readonly iteration: number;
    }
  | {
      readonly type: 'loop.ended';
      readonly step: string;
      readonly instance: string;
      readonly iterations: number;
      /** Whether it ran out of iterations without its condition holding. */
      readonly exhausted: boolean;
    }
  | {
      readonly type: 'approval.requested';
      readonly step: string;
      readonly instance: string;
      readonly prompt: string;
      readonly artifact?: unknown;
      readonly deadline?: string;
    }
  | {
      readonly type: 'approval.decided';
      readonly step: string;
      readonly instance: string;
      readonly decision: 'approved' | 'rejected';
      readonly by: 'person' | 'timeout';
      readonly comment?: string;
      /** The edited artifact an approval went on with. */
      readonly artifact?: unknown;
    }
  | {
      readonly type: 'chain.started';
      readonly step: string;
      readonly instance: string;
      readonly chain: string;
      readonly version: number;
    }
  | {
      readonly type: 'input.answered';
      readonly step: string;
      /** The answer, kept so that a run resumed elsewhere sends it if the agent has not had it yet. */
      readonly answer?: string;
      /** The `seq` of the `input.required` event it answers. */
      readonly question?: number;
    }
  | { readonly type: 'run.completed'; readonly summary?: Summary; readonly result?: unknown }
  | { readonly type: 'run.failed'; readonly error: NonNullable<RunView['error']> }
  | { readonly type: 'run.canceled' };

/** Whether an event type ends a round of a run (the run completed, failed or was canceled). */
export function isFinalEventType(type: RunEventBody['type']): boolean {
  return type === 'run.completed' || type === 'run.failed' || type === 'run.canceled';
}

/** Whether a run status is final. */
export function isFinishedStatus(status: RunStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'canceled';
}
