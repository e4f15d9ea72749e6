/**
 * @baton/telemetry-node: OpenTelemetry for Baton apps on Node. `startTelemetry` starts the official Node SDK
 * when the standard `OTEL_*` variables ask for it (and nothing otherwise), `createAppLogger` writes JSON lines
 * with the trace and span ids.
 *
 * @example
 * const telemetry = await startTelemetry('outline-agent'); // first, before servers and clients exist
 * const logger = createAppLogger({ name: 'outline-agent', level: process.env.LOG_LEVEL });
 */
export { type AppLogger, type AppLoggerOptions, createAppLogger } from './create-app-logger.ts';
export { createPrometheusRoute } from './prometheus-route.ts';
export { startTelemetry, type Telemetry } from './start-telemetry.ts';
export { describeTelemetry, readTelemetryPlan, type TelemetryPlan } from './telemetry-env.ts';
