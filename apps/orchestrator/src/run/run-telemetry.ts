import {
  TELEMETRY_ATTRIBUTES as ATTR,
  DURATION_BUCKETS_SECONDS,
  TELEMETRY_METRICS as METRIC,
  TELEMETRY,
} from '@baton/protocol';
import {
  type Context,
  context,
  metrics,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanStatusCode,
  trace,
  ValueType,
} from '@opentelemetry/api';
import type { RunStatus, RunView } from './run-types.ts';

/** A span of the run (a round, or a step's attempt) and the context its children run in. */
export interface RunSpan {
  readonly context: Context;
  /** Ends the span: `undefined` for success, else the error or the status it ended in. */
  end(failure?: unknown): void;
}

/** The orchestrator's spans and metrics. */
export interface RunTelemetry {
  /**
   * The span of one round of a run: `chain run <chain>` for the run itself (child of `parent`, the caller's trace
   * context, or of the run's own kept `traceparent` when it goes on after a restart), `chain refine <step>` for a
   * refinement (in the run's trace). Sets the view's `traceId` and `traceparent` the first time.
   */
  round(view: RunView, parent: Context | undefined, refinement?: { step: string; number: number }): RunSpan;
  /** The span of one attempt of a step: `chain step <id>`; the step's A2A calls are its children. */
  step(parent: Context, step: string, attempt: number): RunSpan;
  /** Counts a finished run and its duration, by how it ended. */
  finished(status: RunStatus, durationMs: number): void;
}

function endSpan(span: Span, failure: unknown): void {
  if (failure !== undefined) {
    span.setStatus({
      code: SpanStatusCode.ERROR,
      message: failure instanceof Error ? failure.message : String(failure),
    });
  }
  span.end();
}

/** Creates the orchestrator's telemetry through `@opentelemetry/api` (a no-op without an SDK). */
export function createRunTelemetry(): RunTelemetry {
  const tracer = trace.getTracer(TELEMETRY.orchestratorScope);
  const meter = metrics.getMeter(TELEMETRY.orchestratorScope);
  const runs = meter.createCounter(METRIC.runs, {
    description: 'Chain runs ended, by outcome',
    unit: '{run}',
  });
  const duration = meter.createHistogram(METRIC.runDuration, {
    description: 'How long a chain run took, by outcome',
    unit: 's',
    valueType: ValueType.DOUBLE,
    advice: { explicitBucketBoundaries: [...DURATION_BUCKETS_SECONDS] },
  });
  return {
    round(view, parent, refinement) {
      const kept = view.traceparent
        ? propagation.extract(ROOT_CONTEXT, { traceparent: view.traceparent })
        : undefined;
      const base = refinement ? (kept ?? parent) : (parent ?? kept);
      const span = tracer.startSpan(
        refinement ? `chain refine ${refinement.step}` : `chain run ${view.chain ?? 'default'}`,
        {
          attributes: {
            [ATTR.runId]: view.runId,
            [ATTR.contextId]: view.contextId,
            [ATTR.chain]: view.chain ?? 'default',
            ...(refinement ? { [ATTR.step]: refinement.step, [ATTR.refinement]: refinement.number } : {}),
          },
        },
        base ?? context.active(),
      );
      const active = trace.setSpan(base ?? context.active(), span);
      if (view.traceparent === undefined && span.isRecording()) {
        const carrier: Record<string, string> = {};
        propagation.inject(active, carrier);
        if (carrier.traceparent) {
          view.traceparent = carrier.traceparent;
          view.traceId = span.spanContext().traceId;
        }
      }
      return { context: active, end: (failure) => endSpan(span, failure) };
    },
    step(parent, step, attempt) {
      const span = tracer.startSpan(
        `chain step ${step}`,
        { attributes: { [ATTR.step]: step, [ATTR.stepAttempt]: attempt } },
        parent,
      );
      return { context: trace.setSpan(parent, span), end: (failure) => endSpan(span, failure) };
    },
    finished(status, durationMs) {
      runs.add(1, { [ATTR.outcome]: status });
      duration.record(durationMs / 1000, { [ATTR.outcome]: status });
    },
  };
}
