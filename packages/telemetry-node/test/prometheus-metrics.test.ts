/**
 * Metrics only, in one process: the official SDK with a Prometheus reader (`OTEL_METRICS_EXPORTER=prometheus`),
 * a real Baton server and client over HTTP on 127.0.0.1, and `GET /metrics` on the agent's own port.
 */
import { clientOpenTelemetry, createA2AClient } from '@baton/client';
import { createA2AServer, serverOpenTelemetry } from '@baton/server';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { trace } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelemetry, type Telemetry } from '../src/start-telemetry.ts';

describe('Prometheus metrics on the app port', () => {
  let telemetry: Telemetry;
  let running: RunningA2AServer;

  beforeAll(async () => {
    telemetry = await startTelemetry('metrics-test', { OTEL_METRICS_EXPORTER: 'prometheus' });
    const server = createA2AServer({
      telemetry: serverOpenTelemetry(),
      card: { name: 'Echo', description: 'Echoes', version: '1.0.0', skills: [] },
      executor: async (ctx) => {
        await ctx.working();
        await ctx.complete(`You said: ${ctx.text}`);
      },
    });
    if (telemetry.metricsRoute) server.route('/', telemetry.metricsRoute);
    running = await startA2AServer(server, { port: 0 });
  });

  afterAll(async () => {
    await running?.close();
    await telemetry?.shutdown();
  });

  it('serves the call, task and client metrics (of servers and clients made with their telemetry option only), and registers no tracer when only metrics are asked for', async () => {
    expect(telemetry.plan).toMatchObject({ traces: undefined, metrics: ['prometheus'] });
    expect(trace.getTracer('x').startSpan('probe').isRecording()).toBe(false);
    const client = await createA2AClient({ agent: running.url, telemetry: clientOpenTelemetry() });
    await client.sendMessage('one');
    await client.sendMessage('two');
    // A client made without the telemetry option is not counted (and carries no OpenTelemetry code).
    const plain = await createA2AClient({ agent: running.url });
    await plain.sendMessage('three');
    // Nor is a server made without it: the traced client counts its call, the server does not.
    const plainServer = await startA2AServer(
      createA2AServer({
        card: { name: 'Plain', description: 'No telemetry', version: '1.0.0', skills: [] },
        executor: (ctx) => ctx.complete('ok'),
      }),
      { port: 0 },
    );
    try {
      const toPlain = await createA2AClient({ agent: plainServer.url, telemetry: clientOpenTelemetry() });
      await toPlain.sendMessage('four');
    } finally {
      await plainServer.close();
    }
    const response = await fetch(`${running.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toMatch(
      /^baton_server_calls_total\{[^}]*rpc_method="SendMessage"[^}]*baton_outcome="ok"[^}]*\} 3$/m,
    );
    expect(text).toMatch(/^baton_server_task_duration_count\{[^}]*TASK_STATE_COMPLETED[^}]*\} 3$/m);
    expect(text).toMatch(/^baton_client_calls_total\{[^}]*rpc_method="SendMessage"[^}]*\} 3$/m);
    expect(text).toMatch(/^baton_server_tasks_running\{[^}]*\} 0$/m);
    // Durations in seconds, with buckets made for seconds.
    expect(text).toMatch(/^baton_server_call_duration_bucket\{[^}]*le="0.005"\} \d$/m);
  });
});
