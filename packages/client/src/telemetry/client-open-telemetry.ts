import {
  TELEMETRY_ATTRIBUTES as ATTR,
  DURATION_BUCKETS_SECONDS,
  HEADERS_SETTER,
  isMetricsRegistered,
  isTracingRegistered,
  TELEMETRY_METRICS as METRIC,
  TELEMETRY,
} from '@baton/protocol';
import {
  type Attributes,
  context,
  isSpanContextValid,
  metrics,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  ValueType,
} from '@opentelemetry/api';
import { type ClientCallTracer, type ClientTelemetry, NO_CALL_TRACE } from './client-telemetry.ts';

function tracerFor(version: string): ClientCallTracer {
  // Checked once per interface, as the server does: without an SDK a call gets no span object at all.
  if (!isTracingRegistered() && !isMetricsRegistered()) return NO_CALL_TRACE;
  const tracer = trace.getTracer(TELEMETRY.clientScope);
  const meter = metrics.getMeter(TELEMETRY.clientScope);
  const calls = meter.createCounter(METRIC.clientCalls, {
    description: 'A2A calls made, by method and outcome',
    unit: '{call}',
  });
  const duration = meter.createHistogram(METRIC.clientCallDuration, {
    description: 'How long an A2A call took (a stream: until it ended)',
    unit: 's',
    valueType: ValueType.DOUBLE,
    advice: { explicitBucketBoundaries: [...DURATION_BUCKETS_SECONDS] },
  });
  return (operation, url) => {
    const started = performance.now();
    const parsed = URL.canParse(url) ? new URL(url) : undefined;
    const span = tracer.startSpan(`${TELEMETRY.service}/${operation}`, {
      kind: SpanKind.CLIENT,
      attributes: {
        [ATTR.rpcService]: TELEMETRY.service,
        [ATTR.rpcMethod]: operation,
        [ATTR.version]: version,
        ...(parsed
          ? { [ATTR.serverAddress]: parsed.hostname, [ATTR.urlFull]: `${parsed.origin}${parsed.pathname}` }
          : {}),
      },
    });
    const recording = span.isRecording();
    const headers: Record<string, string> = {};
    if (recording || isSpanContextValid(span.spanContext())) {
      propagation.inject(trace.setSpan(context.active(), span), headers);
    }
    let ended = false;
    return {
      headers,
      end({ status, error }) {
        if (ended) return;
        ended = true;
        const failed = error !== undefined || (status !== undefined && status >= 400);
        const attributes: Attributes = {
          [ATTR.rpcMethod]: operation,
          [ATTR.outcome]: failed ? 'error' : 'ok',
        };
        if (recording) {
          if (status !== undefined) span.setAttribute(ATTR.httpStatus, status);
          if (failed) {
            const type = error instanceof Error ? error.name : `HTTP ${status}`;
            span.setAttribute(ATTR.errorType, type);
            span.setStatus({
              code: SpanStatusCode.ERROR,
              message: error instanceof Error ? error.message : `HTTP ${status}`,
            });
          }
        }
        span.end();
        calls.add(1, attributes);
        duration.record((performance.now() - started) / 1000, attributes);
      },
    };
  };
}

/**
 * The client's telemetry through `@opentelemetry/api`, for `createA2AClient({ telemetry: clientOpenTelemetry() })`:
 * each call is a CLIENT span (`lf.a2a.v1.A2AService/<Method>`, child of the active span) whose context goes with the
 * request as `traceparent`, and counts in the client call metrics (`baton.client.calls`, `baton.client.call.duration`);
 * the card fetch carries the caller's trace context. Without an OpenTelemetry SDK registered when the client is
 * created, calls get nothing added. A client made without it has no OpenTelemetry code in its bundle.
 *
 * @example
 * const client = await createA2AClient({ agent: url, telemetry: clientOpenTelemetry() });
 */
export function clientOpenTelemetry(): ClientTelemetry {
  return {
    calls: tracerFor,
    inject(headers) {
      propagation.inject(context.active(), headers, HEADERS_SETTER);
    },
  };
}
