/**
 * Measures load shedding as issue 31 asked: N concurrent `POST /runs` (wait) against one orchestrator over
 * real HTTP, with stand-in agents whose document step takes `sectionDelayMs` per section. Every start must end as a
 * completed run (200) or a clear refusal (503 with Retry-After); none may be accepted and then fail.
 *
 *   npx tsx scripts/measure-load-shedding.ts [starts=3000] [maxRunsInFlight=200] [sectionDelayMs=500]
 *
 * With `ORCHESTRATOR_URL` set, the starts go to that orchestrator instead (the real chain, started apart; its
 * own `BATON_MAX_RUNS_IN_FLIGHT` applies) and nothing is started here.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Agent, setGlobalDispatcher } from 'undici';
import { createOrchestrator } from '../src/create-orchestrator.ts';
import type { RunView } from '../src/run/run-types.ts';
import { startStandIn } from '../test/stand-in-agents.ts';

const starts = Number(process.argv[2] ?? 3000);
const maxRunsInFlight = Number(process.argv[3] ?? 200);
const sectionDelayMs = Number(process.argv[4] ?? 500);
setGlobalDispatcher(
  new Agent({ connections: starts, pipelining: 0, headersTimeout: 300_000, bodyTimeout: 300_000 }),
);

const external = process.env.ORCHESTRATOR_URL?.replace(/\/+$/, '');
const local = external
  ? undefined
  : await (async () => {
      const agents = await Promise.all(
        (['outline', 'document', 'summary'] as const).map((step) => startStandIn(step, { sectionDelayMs })),
      );
      const app = createOrchestrator({
        agents: agents.map((agent) => agent.url),
        console: false,
        logger: { error: () => {}, warn: () => {} },
        maxRunsInFlight,
        stepTimeoutMs: 10_000,
      });
      const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
      await new Promise((resolve) => server.once('listening', resolve));
      return { agents, app, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
    })();
const base = external ?? local?.url ?? '';

const began = performance.now();
const outcomes = await Promise.all(
  Array.from({ length: starts }, async (_, index) => {
    try {
      const response = await fetch(`${base}/runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ topic: `topic ${index}`, wait: true }),
      });
      const body = (await response.json()) as RunView & { error?: { code: string } };
      if (response.status === 200) return `200 ${body.status}`;
      return `${response.status} ${body.error?.code ?? '?'} retry-after=${response.headers.get('retry-after')}`;
    } catch (error) {
      return `transport error: ${(error as Error).message}`;
    }
  }),
);
const seconds = ((performance.now() - began) / 1000).toFixed(1);
const tally = new Map<string, number>();
for (const outcome of outcomes) tally.set(outcome, (tally.get(outcome) ?? 0) + 1);
console.log(
  `${starts} concurrent starts at ${external ? base : `a local orchestrator (limit ${maxRunsInFlight}, stand-ins at ${sectionDelayMs} ms a section)`}, ${seconds} s:`,
);
for (const [outcome, count] of [...tally].sort((a, b) => b[1] - a[1]))
  console.log(`  ${String(count).padStart(5)}  ${outcome}`);
const failedAfterAcceptance = outcomes.filter(
  (outcome) => outcome.startsWith('200') && outcome !== '200 completed',
);
console.log(`accepted and then not completed: ${failedAfterAcceptance.length}`);

if (local) {
  await local.app.close();
  local.server.close();
  await Promise.all(local.agents.map((agent) => agent.close()));
}
process.exit(failedAfterAcceptance.length === 0 ? 0 : 1);
