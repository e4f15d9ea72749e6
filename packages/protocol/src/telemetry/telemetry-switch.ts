import { createNoopMeter, metrics, ProxyTracerProvider, trace } from '@opentelemetry/api';

const NOOP_TRACER_PROVIDER = new ProxyTracerProvider().getDelegate();
const NOOP_METER = createNoopMeter();

/**
 * Whether an OpenTelemetry SDK has registered a tracer provider. Without one, Baton adds nothing to a call:
 * no span objects, no wrapped streams. Register the SDK before creating servers and clients (they check once).
 */
export function isTracingRegistered(): boolean {
  const provider = trace.getTracerProvider();
  return !(provider instanceof ProxyTracerProvider) || provider.getDelegate() !== NOOP_TRACER_PROVIDER;
}

/** Whether an OpenTelemetry SDK has registered a meter provider. */
export function isMetricsRegistered(): boolean {
  return metrics.getMeter('@baton/probe').constructor !== NOOP_METER.constructor;
}
