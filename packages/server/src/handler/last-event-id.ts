import type { CallContext } from '../vocabulary/call-context.ts';

/**
 * The generation a resumed stream saw last: its `Last-Event-ID` header (the SSE `id:` of the last event it got;
 * gRPC callers send it as `last-event-id` metadata). `undefined` when absent or not a generation, so the stream
 * starts from the snapshot as any subscription does.
 */
export function lastEventIdOf(call: CallContext): number | undefined {
  const value = call.headers?.get('last-event-id')?.trim();
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}
