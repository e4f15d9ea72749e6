import {
  TELEMETRY_ATTRIBUTES as ATTR,
  idsOfEvent,
  isInterruptedState,
  isTerminalState,
  type StreamResponse,
  stateOfEvent,
  type TaskState,
} from '@baton/protocol';
import { context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { TaskEventHub } from '../vocabulary/event-hub.ts';
import type { OpenTelemetryInstruments } from './open-telemetry-instruments.ts';

/** Tasks waiting for input whose start time is kept for their duration metric, at most. */
const MAX_WAITING = 10_000;

interface Execution {
  readonly span: Span | undefined;
  state: TaskState;
}

/**
 * Wraps a hub so each task execution is an `A2A task` span: it starts when the task is submitted or worked on
 * again (a child of the call that started it), records every state change as a span event, and ends at the final
 * or interrupted state. Events published while it is open run with it active, so push deliveries are its
 * children. Also keeps the running-tasks count and the task duration (submitted to final state) metric.
 */
export function withTaskTelemetry(hub: TaskEventHub, telemetry: OpenTelemetryInstruments): TaskEventHub {
  const open = new Map<string, Execution>();
  // When each task not yet final was first submitted, for its duration (kept across input-required turns).
  const startedAt = new Map<string, number>();

  function observe(taskId: string, state: TaskState, event: StreamResponse): Execution | undefined {
    let execution = open.get(taskId);
    const ends = isTerminalState(state) || isInterruptedState(state);
    if (!execution && !ends) {
      const span = telemetry.tracing
        ? telemetry.tracer.startSpan('A2A task', {
            kind: SpanKind.INTERNAL,
            attributes: { [ATTR.taskId]: taskId, ...withContextId(event) },
          })
        : undefined;
      execution = { span, state };
      open.set(taskId, execution);
      span?.addEvent('state', { [ATTR.taskState]: state });
      telemetry.runningTasks.add(1);
      if (!startedAt.has(taskId)) {
        if (startedAt.size >= MAX_WAITING) startedAt.delete(startedAt.keys().next().value as string);
        startedAt.set(taskId, performance.now());
      }
      return execution;
    }
    if (execution && execution.state !== state) {
      execution.state = state;
      execution.span?.addEvent('state', { [ATTR.taskState]: state });
    }
    if (ends) {
      if (execution) {
        open.delete(taskId);
        telemetry.runningTasks.add(-1);
        const span = execution.span;
        span?.setAttribute(ATTR.taskState, state);
        if (state === 'TASK_STATE_FAILED' || state === 'TASK_STATE_REJECTED') {
          span?.setStatus({ code: SpanStatusCode.ERROR, message: state });
        }
        span?.end();
      }
      if (isTerminalState(state)) {
        const started = startedAt.get(taskId);
        startedAt.delete(taskId);
        if (started !== undefined) {
          telemetry.taskDuration.record((performance.now() - started) / 1000, { [ATTR.taskState]: state });
        }
      }
      return undefined;
    }
    return execution;
  }

  return {
    publish(taskId, event, version) {
      const state = stateOfEvent(event);
      const execution = state === undefined ? open.get(taskId) : observe(taskId, state, event);
      const span = execution?.span;
      if (span)
        context.with(trace.setSpan(context.active(), span), () => hub.publish(taskId, event, version));
      else hub.publish(taskId, event, version);
    },
    listen: (taskId, listener) => hub.listen(taskId, listener),
    listenerCount: (taskId) => hub.listenerCount(taskId),
  };
}

function withContextId(event: StreamResponse) {
  const { contextId } = idsOfEvent(event);
  return contextId ? { [ATTR.contextId]: contextId } : {};
}
