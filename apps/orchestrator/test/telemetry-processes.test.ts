/**
 * OpenTelemetry across the four real processes: each exports with the official Node SDK to an OTLP/HTTP receiver
 * on 127.0.0.1 (a real protocol peer), and a chain run is one trace from the orchestrator's run span through each
 * agent's server and task spans. Also: the official JS SDK client's `traceparent` parents Baton's server span,
 * and the metrics move as runs happen.
 */
import { randomBytes } from 'node:crypto';
import { AgentCard, SendMessageRequest } from '@a2a-js/sdk';
import { Client, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { type AppProcess, startAppProcess } from '@baton/chain/testing';
import { createId } from '@baton/protocol';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from '@baton/telemetry-node/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunView } from '../src/run/run-types.ts';
import { chromiumAvailable, launchChromium } from './real-browser.ts';

const SERVER = 2;
const CLIENT = 3;
const TRACE_URL = 'http://127.0.0.1:16686/trace/{traceId}';

describe('one trace per chain run, across every process', () => {
  let receiver: OtlpReceiver;
  let orchestrator = '';
  let orchestratorProcess: AppProcess | undefined;
  let outlineAgent = '';
  const apps: AppProcess[] = [];

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    const env = (service: string) => ({
      BATON_STORE: 'memory',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: service,
      OTEL_BSP_SCHEDULE_DELAY: '50',
      OTEL_METRIC_EXPORT_INTERVAL: '200',
    });
    const agents = await Promise.all(
      ['outline-agent', 'doc-agent', 'summary-agent'].map((app) => startAppProcess(app, env(app))),
    );
    apps.push(...agents);
    outlineAgent = agents[0]?.url ?? '';
    const main = await startAppProcess('orchestrator', {
      ...env('orchestrator'),
      BATON_TRACE_URL: TRACE_URL,
      AGENT_URLS: agents.map((agent) => agent.url).join(','),
    });
    apps.push(main);
    orchestrator = main.url;
    orchestratorProcess = main;
  }, 30_000);

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.stop()));
    await receiver?.close();
  });

  /** The spans of a trace once none of them waits for its parent (or the time is up). */
  async function wholeTrace(traceId: string, services: number): Promise<ReceivedSpan[]> {
    for (let tries = 0; ; tries += 1) {
      const spans = receiver.spans.filter((span) => span.traceId === traceId);
      const ids = new Set(spans.map((span) => span.spanId));
      const orphans = spans.filter((span) => span.parentSpanId !== '' && !ids.has(span.parentSpanId));
      const seen = new Set(spans.map((span) => span.service)).size;
      if ((orphans.length === 0 && seen >= services) || tries > 100) return spans;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('a run is one trace: run span, step spans, each agent call and its task as children, no orphan', async () => {
    const response = await fetch(`${orchestrator}/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ topic: 'The history of tea', wait: true }),
    });
    const run = (await response.json()) as RunView;
    expect(run.status).toBe('completed');
    expect(run.traceId).toMatch(/^[0-9a-f]{32}$/);
    const spans = await wholeTrace(run.traceId ?? '', 4);
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const parentOf = (span: ReceivedSpan | undefined) => (span ? byId.get(span.parentSpanId) : undefined);

    expect(new Set(spans.map((span) => span.service))).toEqual(
      new Set(['orchestrator', 'outline-agent', 'doc-agent', 'summary-agent']),
    );
    const roots = spans.filter((span) => span.parentSpanId === '');
    expect(roots.map((span) => span.name)).toEqual(['chain run default']);
    const [root] = roots;
    expect(root?.attributes).toMatchObject({ 'baton.run.id': run.runId, 'baton.context.id': run.contextId });
    const orphans = spans.filter((span) => span.parentSpanId !== '' && !byId.has(span.parentSpanId));
    expect(orphans).toEqual([]);

    for (const [step, service] of [
      ['outline', 'outline-agent'],
      ['document', 'doc-agent'],
      ['summary', 'summary-agent'],
    ] as const) {
      const stepSpan = spans.find((span) => span.name === `chain step ${step}`);
      expect(parentOf(stepSpan)).toBe(root);
      const client = spans.find(
        (span) => span.kind === CLIENT && span.service === 'orchestrator' && parentOf(span) === stepSpan,
      );
      expect(client?.name).toBe('lf.a2a.v1.A2AService/SendStreamingMessage');
      const server = spans.find((span) => span.kind === SERVER && parentOf(span) === client);
      expect(server).toMatchObject({
        service,
        name: 'lf.a2a.v1.A2AService/SendStreamingMessage',
        attributes: expect.objectContaining({
          'rpc.system': 'jsonrpc',
          'rpc.method': 'SendStreamingMessage',
          'baton.a2a.binding': 'JSONRPC',
          'baton.a2a.version': '1.0',
          'baton.context.id': run.contextId,
          'baton.task.id': run.steps.find((shown) => shown.step === step)?.taskId,
          'baton.outcome': 'ok',
        }),
      });
      const task = spans.find((span) => span.name === 'A2A task' && parentOf(span) === server);
      expect(task?.attributes['baton.task.state']).toBe('TASK_STATE_COMPLETED');
      expect(task?.events.map((event) => event.attributes['baton.task.state'])).toEqual(
        expect.arrayContaining(['TASK_STATE_SUBMITTED', 'TASK_STATE_WORKING', 'TASK_STATE_COMPLETED']),
      );
    }

    // The orchestrator's log line for the run is JSON with the run's trace and span ids.
    const lines = (orchestratorProcess?.output() ?? '')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const completed = lines.find((line) => line.msg === 'Run completed' && line.runId === run.runId);
    expect(completed).toMatchObject({ level: 30, name: 'orchestrator', trace_id: run.traceId });
    expect(completed?.span_id).toBe(root?.spanId);
  }, 30_000);

  it.skipIf(!chromiumAvailable())(
    "the console shows the run's trace id, linked to the trace viewer",
    async () => {
      const response = await fetch(`${orchestrator}/runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ topic: 'Tides', wait: true }),
      });
      const run = (await response.json()) as RunView;
      const browser = await launchChromium();
      try {
        const page = await browser.newPage();
        await page.goto(`${orchestrator}/#/runs/${run.runId}`);
        const link = page.getByTestId('trace').getByRole('link');
        await link.waitFor({ timeout: 10_000 });
        expect(await link.textContent()).toBe(run.traceId);
        expect(await link.getAttribute('href')).toBe(TRACE_URL.replace('{traceId}', run.traceId ?? ''));
      } finally {
        await browser.close();
      }
    },
    30_000,
  );

  it("the official JS SDK client's traceparent parents Baton's server span", async () => {
    const traceIdHex = randomBytes(16).toString('hex');
    const parentSpanId = '00f067aa0ba902b7';
    const fetchImpl = ((input: string | URL | Request, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      headers.set('traceparent', `00-${traceIdHex}-${parentSpanId}-01`);
      return fetch(input, { ...init, headers });
    }) as typeof fetch;
    const card = AgentCard.fromJSON(
      await (await fetch(`${outlineAgent}/.well-known/agent-card.json`)).json(),
    );
    const transport = await new JsonRpcTransportFactory({ fetchImpl }).create(
      `${outlineAgent}/a2a/jsonrpc`,
      card,
    );
    const client = new Client(transport, card);
    await client.sendMessage(
      SendMessageRequest.fromJSON({
        message: { messageId: createId(), role: 'ROLE_USER', parts: [{ text: 'Tides' }] },
      }),
    );
    await expect
      .poll(() => receiver.spans.filter((span) => span.traceId === traceIdHex).length, { timeout: 5_000 })
      .toBeGreaterThanOrEqual(2);
    const spans = receiver.spans.filter((span) => span.traceId === traceIdHex);
    const server = spans.find((span) => span.kind === SERVER);
    expect(server).toMatchObject({
      service: 'outline-agent',
      name: 'lf.a2a.v1.A2AService/SendMessage',
      parentSpanId,
      attributes: expect.objectContaining({ 'rpc.method': 'SendMessage', 'baton.outcome': 'ok' }),
    });
    expect(spans.some((span) => span.name === 'A2A task' && span.parentSpanId === server?.spanId)).toBe(true);
  }, 20_000);

  it('counts calls, tasks and runs as they happen', async () => {
    const latest = (service: string, metric: string, match: Record<string, string> = {}) => {
      const points = receiver.points.filter(
        (point) =>
          point.service === service &&
          point.metric === metric &&
          Object.entries(match).every(([key, value]) => point.attributes[key] === value),
      );
      return points.at(-1)?.value ?? 0;
    };
    const before = latest('orchestrator', 'baton.orchestrator.runs', { 'baton.outcome': 'completed' });
    const calls = latest('doc-agent', 'baton.server.calls', { 'rpc.method': 'SendStreamingMessage' });
    await fetch(`${orchestrator}/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ topic: 'Urban beekeeping', wait: true }),
    });
    await expect
      .poll(() => latest('orchestrator', 'baton.orchestrator.runs', { 'baton.outcome': 'completed' }), {
        timeout: 5_000,
      })
      .toBe(before + 1);
    await expect
      .poll(() => latest('doc-agent', 'baton.server.calls', { 'rpc.method': 'SendStreamingMessage' }), {
        timeout: 5_000,
      })
      .toBe(calls + 1);
    await expect
      .poll(
        () =>
          latest('summary-agent', 'baton.server.task.duration', {
            'baton.task.state': 'TASK_STATE_COMPLETED',
          }),
        { timeout: 5_000 },
      )
      .toBeGreaterThanOrEqual(2);
    await expect
      .poll(() => latest('orchestrator', 'baton.client.calls', { 'rpc.method': 'SendStreamingMessage' }), {
        timeout: 5_000,
      })
      .toBeGreaterThanOrEqual(6);
  }, 20_000);
});
