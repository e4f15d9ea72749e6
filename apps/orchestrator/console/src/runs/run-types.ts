/** The orchestrator's run, as `GET /runs/:id` shows it (the fields the console reads). */
export interface RunView {
  readonly runId: string;
  readonly contextId: string;
  readonly topic: string;
  readonly status: 'running' | 'input-required' | 'completed' | 'failed' | 'canceled';
  readonly createdAt: string;
  readonly finishedAt?: string;
  readonly chain?: string;
  readonly chainVersion?: number;
  /** Every task executed (each map item, each loop iteration). */
  readonly instances?: readonly {
    readonly key: string;
    readonly step: string;
    readonly index?: number;
    readonly iteration?: number;
    readonly taskId?: string;
    readonly state?: string;
    readonly outcome?: string;
    readonly startedAt: string;
    readonly endedAt?: string;
  }[];
  /** Every branch taken, map's items, loop's iterations and sub-chain's version. */
  readonly decisions?: readonly {
    readonly key: string;
    readonly step: string;
    readonly kind: 'branch' | 'map' | 'loop' | 'chain';
    readonly case?: number | 'otherwise';
    readonly items?: number;
    readonly iterations?: number;
    readonly exhausted?: boolean;
    readonly version?: number;
  }[];
  /** The approvals asked for, pending or decided. */
  readonly approvals?: readonly {
    readonly key: string;
    readonly step: string;
    readonly prompt: string;
    readonly artifact?: unknown;
    readonly deadline?: string;
    readonly status: 'pending' | 'approved' | 'rejected' | 'canceled';
    readonly comment?: string;
  }[];
  /** The run's OpenTelemetry trace id, when the orchestrator exports traces. */
  readonly traceId?: string;
  readonly question?: { readonly step: string; readonly text: string };
  readonly questions?: readonly { readonly step: string; readonly text: string }[];
  readonly result?: unknown;
  readonly error?: { readonly code: string; readonly message: string; readonly step?: string };
  readonly steps: readonly {
    readonly step: string;
    readonly skill: string;
    readonly agent?: { readonly name: string; readonly url: string };
    readonly taskId?: string;
    readonly state?: string;
    readonly outcome?: string;
    readonly attempts?: number;
    readonly error?: string;
    readonly version?: number;
    readonly versions?: readonly ArtifactVersion[];
  }[];
  readonly refinements?: readonly {
    readonly refinement: number;
    readonly step: string;
    readonly instruction: string;
    readonly status: 'running' | 'completed' | 'failed' | 'canceled';
    readonly version?: number;
    readonly rerun: readonly string[];
    readonly error?: string;
  }[];
  readonly artifacts: {
    readonly [step: string]: unknown;
    readonly outline?: { readonly topic: string };
    readonly document?: { readonly title: string; readonly markdown: string; readonly wordCount: number };
    readonly summary?: {
      readonly title: string;
      readonly summary: string;
      readonly keyPoints: readonly string[];
    };
  };
}

/** One version of a step's artifact (`steps[].versions`). */
export interface ArtifactVersion {
  readonly version: number;
  readonly taskId: string;
  readonly createdAt: string;
  readonly instruction?: string;
  readonly refines?: number;
  readonly refinement?: number;
  readonly artifact: unknown;
}

/** One progress event of a run (`GET /runs/:id/events`). */
export interface RunEvent {
  readonly type: string;
  readonly runId: string;
  readonly at: string;
  readonly step?: string;
  /** Inside a branch, loop, map or sub-chain: the instance key (`sections[2]/section`). */
  readonly instance?: string;
  readonly text?: string;
  readonly state?: string;
  readonly question?: string;
  readonly message?: string;
  readonly [key: string]: unknown;
}

/** Every event type the run stream sends (the SSE event names). */
export const RUN_EVENT_TYPES = [
  'run.started',
  'run.resumed',
  'step.started',
  'step.state',
  'artifact.chunk',
  'artifact.completed',
  'input.required',
  'input.answered',
  'step.retrying',
  'step.failed',
  'step.skipped',
  'branch.decided',
  'map.started',
  'loop.iteration',
  'loop.ended',
  'chain.started',
  'approval.requested',
  'approval.decided',
  'refine.started',
  'refine.completed',
  'refine.failed',
  'refine.canceled',
  'run.completed',
  'run.failed',
  'run.canceled',
] as const;

export const isFinishedRun = (status: RunView['status']) =>
  status === 'completed' || status === 'failed' || status === 'canceled';

/** A summary as the summary agent writes it. */
export interface SummaryArtifact {
  readonly title: string;
  readonly summary: string;
  readonly keyPoints: readonly string[];
}

/** Whether an artifact is a summary (the default chain's result, and the audiences chain's). */
export const isSummary = (value: unknown): value is SummaryArtifact =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SummaryArtifact).summary === 'string' &&
  Array.isArray((value as SummaryArtifact).keyPoints);
