import { TELEMETRY_ATTRIBUTES as ATTR } from '@baton/protocol';
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { PushFetch } from '../push/push-delivery.ts';
import type { OpenTelemetryInstruments } from './open-telemetry-instruments.ts';

/**
 * A push `fetch` whose every call (one delivery attempt) is a CLIENT span `A2A push delivery`, child of the task's
 * execution span, with the webhook URL (without its query), the task, the config and the attempt number; the
 * span's `traceparent` goes with the request so a traced webhook joins the trace.
 */
export function tracedPushFetch(
  fetch: PushFetch,
  telemetry: OpenTelemetryInstruments,
  target: { readonly taskId: string; readonly configId: string | undefined },
): PushFetch {
  let attempt = 0;
  return async (url, init) => {
    attempt += 1;
    const span = telemetry.tracer.startSpan('A2A push delivery', {
      kind: SpanKind.CLIENT,
      attributes: {
        [ATTR.urlFull]: url.split('?')[0] ?? url,
        [ATTR.taskId]: target.taskId,
        [ATTR.pushAttempt]: attempt,
        ...(target.configId ? { [ATTR.pushConfigId]: target.configId } : {}),
      },
    });
    const active = trace.setSpan(context.active(), span);
    const headers: Record<string, string> = { ...(init.headers as Record<string, string> | undefined) };
    propagation.inject(active, headers);
    try {
      const response = await context.with(active, () => fetch(url, { ...init, headers }));
      span.setAttribute(ATTR.httpStatus, response.status);
      if (!response.ok) span.setStatus({ code: SpanStatusCode.ERROR, message: `HTTP ${response.status}` });
      return response;
    } catch (error) {
      span.setStatus({
        code: SpanStatusCode.ERROR,
        message: error instanceof Error ? error.message : String(error),
      });
      throw error;
    } finally {
      span.end();
    }
  };
}
