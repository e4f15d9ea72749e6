import type { PushFetch } from './push-delivery.ts';

/** What push deliveries tell telemetry. */
export interface PushTelemetry {
  /** The fetch of one delivery with each attempt traced; return `fetch` itself to trace nothing. */
  traceDelivery(
    fetch: PushFetch,
    target: { readonly taskId: string; readonly configId: string | undefined },
  ): PushFetch;
  /** One delivery settled: delivered, or dropped after its attempts. */
  delivered(outcome: { readonly ok: boolean; readonly attempts: number }): void;
}
