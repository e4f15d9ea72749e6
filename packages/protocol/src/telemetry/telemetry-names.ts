/**
 * The names Baton's spans, attributes and metrics use (`@baton/server`, `@baton/client` and the orchestrator
 * share them; docs/observability.md lists them). Where an OpenTelemetry semantic convention fits (RPC, errors,
 * HTTP, URL), its name is used; what is Baton's own is under `baton.`. Plain strings: no OpenTelemetry here.
 */
export const TELEMETRY = {
  /** The instrumentation scope of `@baton/server` and `@baton/client`. */
  serverScope: '@baton/server',
  clientScope: '@baton/client',
  orchestratorScope: '@baton/orchestrator',
  /** The A2A 1.0 service, as `rpc.service` and the first half of a call span's name. */
  service: 'lf.a2a.v1.A2AService',
} as const;

/** Attribute keys. */
export const TELEMETRY_ATTRIBUTES = {
  rpcSystem: 'rpc.system',
  rpcService: 'rpc.service',
  rpcMethod: 'rpc.method',
  jsonRpcErrorCode: 'rpc.jsonrpc.error_code',
  errorType: 'error.type',
  serverAddress: 'server.address',
  urlFull: 'url.full',
  httpStatus: 'http.response.status_code',
  binding: 'baton.a2a.binding',
  version: 'baton.a2a.version',
  outcome: 'baton.outcome',
  errorCode: 'baton.error.code',
  errorReason: 'baton.error.reason',
  taskId: 'baton.task.id',
  contextId: 'baton.context.id',
  taskState: 'baton.task.state',
  pushConfigId: 'baton.push.config.id',
  pushAttempt: 'baton.push.attempt',
  storeOperation: 'baton.store.operation',
  runId: 'baton.run.id',
  chain: 'baton.chain',
  step: 'baton.step',
  stepAttempt: 'baton.step.attempt',
  refinement: 'baton.refinement',
} as const;

/** Metric names. */
export const TELEMETRY_METRICS = {
  serverCalls: 'baton.server.calls',
  serverCallDuration: 'baton.server.call.duration',
  openStreams: 'baton.server.streams.open',
  runningTasks: 'baton.server.tasks.running',
  taskDuration: 'baton.server.task.duration',
  pushDeliveries: 'baton.push.deliveries',
  pushRetries: 'baton.push.retries',
  storeDuration: 'baton.store.operation.duration',
  clientCalls: 'baton.client.calls',
  clientCallDuration: 'baton.client.call.duration',
  runs: 'baton.orchestrator.runs',
  runDuration: 'baton.orchestrator.run.duration',
} as const;

/**
 * Bucket boundaries of Baton's duration histograms, in seconds (the semantic conventions' advice for durations,
 * stretched to the minutes an agent task can take).
 */
export const DURATION_BUCKETS_SECONDS: readonly number[] = [
  0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10, 30, 60, 120, 300,
];
