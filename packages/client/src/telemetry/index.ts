export { clientOpenTelemetry } from './client-open-telemetry.ts';
export type { ClientCallTrace, ClientCallTracer, ClientTelemetry } from './client-telemetry.ts';
