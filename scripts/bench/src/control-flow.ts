/**
 * W6 extended to control flow, with the chain's real apps as processes:
 * - the orchestrator's overhead per step inside a map, in memory and on PostgreSQL: a chain of an outline and a map
 *   writing each of its sections one at a time (`baton.section`), through `POST /runs`, against the same calls
 *   made directly by the bench, in interleaved pairs;
 * - the parallelism of the `sections` chain: 8 sections written by two doc-agent instances (one PostgreSQL store
 *   and bus, behind a round-robin proxy; each chunk paced as a model would), four at a time, against the same
 *   chain writing them one after another.
 */
import { fileURLToPath } from 'node:url';
import { OutlineSchema, SECTION_SKILLS } from '@baton/chain';
import { createA2AClient, dataPart, userMessage } from '@baton/client';
import { startRoundRobinProxy } from '@baton/cluster-testing';
import pg from 'pg';
import { startProcess, type TargetProcess } from './processes.ts';
import { percentile } from './stats.ts';
import { timed } from './timed.ts';

const POSTGRES_URL = process.env.BATON_TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/test';
const appMain = (app: string) => fileURLToPath(new URL(`../../../apps/${app}/src/main.ts`, import.meta.url));
const OFFLINE = {
  BATON_LLM_BASE_URL: '',
  OPENAI_BASE_URL: '',
  BATON_LLM_MODEL: '',
  BATON_STORE: 'memory',
  LOG_LEVEL: 'error',
};

/** The overhead per step inside a map, on one run store. */
export interface MapOverhead {
  readonly store: 'memory' | 'postgres';
  readonly pairs: number;
  /** Steps per run: the outline and one per section. */
  readonly steps: number;
  readonly runP50Ms: number;
  readonly directP50Ms: number;
  readonly overheadPerStepP50Ms: number;
  readonly overheadPerStepP90Ms: number;
  readonly failures: number;
  readonly firstFailure?: string;
}

/** The sections chain written four at a time against one after another. */
export interface SectionsParallelism {
  readonly sections: number;
  readonly docInstances: number;
  readonly runs: number;
  readonly parallelP50Ms: number;
  readonly sequentialP50Ms: number;
  /** parallel p50 / sequential p50: the goal is at most 0.6. */
  readonly ratio: number;
  /** The most section tasks the parallel runs had under way at once. */
  readonly mostAtOnce: number;
  readonly failures: number;
  readonly firstFailure?: string;
}

/** What {@link measureControlFlow} measured; `skipped` says why PostgreSQL parts were not. */
export interface ControlFlowFigures {
  readonly map: readonly MapOverhead[];
  readonly sections?: SectionsParallelism;
  readonly skipped?: string;
}

/** The goals of the issue that asked for control flow. */
export const CONTROL_FLOW_GOALS = { memoryMs: 5, postgresMs: 15, ratio: 0.6 } as const;

const SECTIONS = 6;

/** A chain of the outline and a map writing its sections one at a time. */
const MAP_CHAIN = {
  name: 'bench-map',
  description: 'An outline, then each section written one after another.',
  steps: [
    { id: 'outline', skill: 'baton.outline', send: [{ topic: true }, { options: true }] },
    {
      id: 'sections',
      dependsOn: ['outline'],
      map: {
        over: 'outline.sections',
        concurrency: 1,
        steps: [
          { id: 'section', skill: SECTION_SKILLS.section, send: [{ item: true }, { artifact: 'outline' }] },
        ],
        result: 'section',
      },
    },
  ],
  result: 'sections',
};

/** What the orchestrator answers (a run, a registration, an error), as far as the bench reads it. */
interface RunAnswer {
  readonly status?: string;
  readonly error?: { readonly message?: string };
  readonly instances?: readonly {
    readonly step: string;
    readonly startedAt: string;
    readonly endedAt?: string;
  }[];
}

async function postJson(
  base: string,
  path: string,
  body: unknown,
): Promise<{ status: number; body: RunAnswer }> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as RunAnswer };
}

/** One run through the orchestrator, waited for; its view, or a throw unless it completed. */
async function run(orchestrator: string, body: object) {
  const answer = await postJson(orchestrator, '/runs', { ...body, wait: true });
  if (answer.status !== 200 || answer.body.status !== 'completed')
    throw new Error(
      `run ${answer.body.status ?? `HTTP ${answer.status}`}: ${answer.body.error?.message ?? ''}`,
    );
  return answer.body;
}

/** The outline and its sections written directly by the bench: the same calls the orchestrator makes. */
async function directChain(outlineUrl: string, docUrl: string) {
  const outlineAgent = await createA2AClient({ agent: outlineUrl });
  const docAgent = await createA2AClient({ agent: docUrl });
  const drain = async (stream: AsyncIterable<unknown>) => {
    for await (const _ of stream);
  };
  return async (topic: string) => {
    let outline: unknown;
    for await (const event of outlineAgent.streamMessage(
      { message: userMessage([{ text: topic }, dataPart({ sections: SECTIONS })]) },
      { skillId: 'baton.outline' },
    )) {
      const task = 'task' in event ? event.task : undefined;
      const artifact = 'artifactUpdate' in event ? event.artifactUpdate.artifact : task?.artifacts?.[0];
      const data = artifact?.parts.find((part) => 'data' in part);
      if (data && 'data' in data) outline = data.data;
    }
    const parsed = OutlineSchema.parse(outline);
    for (const section of parsed.sections) {
      await drain(
        docAgent.streamMessage(
          { message: userMessage([dataPart(section), dataPart(JSON.parse(JSON.stringify(parsed)))]) },
          { skillId: SECTION_SKILLS.section },
        ),
      );
    }
  };
}

async function measureMap(
  store: MapOverhead['store'],
  orchestrator: string,
  direct: (topic: string) => Promise<void>,
  pairs: number,
  warmup: number,
): Promise<MapOverhead> {
  const runs: number[] = [];
  const directs: number[] = [];
  const overheads: number[] = [];
  let failures = 0;
  let firstFailure: string | undefined;
  const fail = (why: string) => {
    failures++;
    firstFailure ??= why;
  };
  const steps = SECTIONS + 1;
  for (let i = 0; i < warmup + pairs; i++) {
    const topic = `Map topic ${i}`;
    const orchestrated = () =>
      timed(() => run(orchestrator, { chain: 'bench-map', topic, options: { sections: SECTIONS } }), fail);
    const straight = () => timed(() => direct(topic), fail);
    const [first, second] =
      i % 2 === 0 ? [await straight(), await orchestrated()] : [await orchestrated(), await straight()];
    const [directMs, runMs] = i % 2 === 0 ? [first?.ms, second?.ms] : [second?.ms, first?.ms];
    if (i < warmup) continue;
    if (directMs !== undefined) directs.push(directMs);
    if (runMs !== undefined) runs.push(runMs);
    if (directMs !== undefined && runMs !== undefined) overheads.push((runMs - directMs) / steps);
  }
  return {
    store,
    pairs,
    steps,
    runP50Ms: percentile(runs, 50),
    directP50Ms: percentile(directs, 50),
    overheadPerStepP50Ms: percentile(overheads, 50),
    overheadPerStepP90Ms: percentile(overheads, 90),
    failures,
    ...(firstFailure === undefined ? {} : { firstFailure }),
  };
}

/** The most intervals open at once. */
function mostAtOnce(spans: readonly { start: number; end: number }[]): number {
  return Math.max(
    0,
    ...spans.map(
      (span) => spans.filter((other) => other.start <= span.start && span.start < other.end).length,
    ),
  );
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function dropSchemas(schemas: readonly string[]) {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}

/** Options of {@link measureControlFlow}. */
export interface ControlFlowOptions {
  readonly pairs: number;
  readonly warmup: number;
  /** Runs of each sections variant. */
  readonly sectionRuns: number;
  readonly log?: (line: string) => void;
}

/** Starts the processes, measures both, and stops them. */
export async function measureControlFlow(options: ControlFlowOptions): Promise<ControlFlowFigures> {
  const started: TargetProcess[] = [];
  const cleanups: (() => Promise<unknown>)[] = [];
  const start = async (app: string, env: Record<string, string> = {}) => {
    const process = await startProcess(appMain(app), { env: { HOST: '127.0.0.1', ...OFFLINE, ...env } });
    started.push(process);
    return process.url;
  };
  const postgres = await reachable(POSTGRES_URL);
  const schemas = [`bench_flow_runs_${process.pid}`, `bench_flow_doc_${process.pid}`];
  try {
    const [outline, doc, summary] = await Promise.all(
      ['outline-agent', 'doc-agent', 'summary-agent'].map((app) => start(app)),
    );
    const agents = [outline, doc, summary].join(',');
    const orchestrators: [MapOverhead['store'], string][] = [
      ['memory', await start('orchestrator', { AGENT_URLS: agents })],
    ];
    if (postgres)
      orchestrators.push([
        'postgres',
        await start('orchestrator', {
          AGENT_URLS: agents,
          BATON_STORE: POSTGRES_URL,
          BATON_STORE_SCHEMA: schemas[0] ?? '',
        }),
      ]);
    const direct = await directChain(outline ?? '', doc ?? '');
    const map: MapOverhead[] = [];
    for (const [store, url] of orchestrators) {
      const registered = await postJson(url, '/chains', MAP_CHAIN);
      if (registered.status >= 300) throw new Error(`bench-map refused: ${JSON.stringify(registered.body)}`);
      const figures = await measureMap(store, url, direct, options.pairs, options.warmup);
      options.log?.(`W6 map (${store}): overhead per step p50 ${figures.overheadPerStepP50Ms.toFixed(2)} ms`);
      map.push(figures);
    }
    if (!postgres) return { map, skipped: `PostgreSQL not reachable at ${POSTGRES_URL}` };

    // Two doc-agent instances on one PostgreSQL store and bus, each chunk paced as a model's would be.
    const paced = {
      BATON_STORE: POSTGRES_URL,
      BATON_EVENT_BUS: 'postgres',
      BATON_STORE_SCHEMA: schemas[1] ?? '',
      BATON_OFFLINE_CHUNK_DELAY_MS: '150',
    };
    const docs = [await start('doc-agent', paced), await start('doc-agent', paced)];
    const proxy = await startRoundRobinProxy(docs);
    cleanups.push(() => proxy.close());
    const orchestrator = await start('orchestrator', { AGENT_URLS: [outline, proxy.url, summary].join(',') });
    const shipped = (await (await fetch(`${orchestrator}/chains/sections`)).json()) as {
      definition: { name: string; steps: { map?: { concurrency: number } }[] };
    };
    const oneByOne = structuredClone(shipped.definition);
    oneByOne.name = 'sections-one-by-one';
    const fanOut = oneByOne.steps[1]?.map;
    if (fanOut === undefined) throw new Error('the sections chain has no map as its second step');
    fanOut.concurrency = 1;
    await postJson(orchestrator, '/chains', oneByOne);
    const parallel: number[] = [];
    const sequential: number[] = [];
    let most = 0;
    let failures = 0;
    let firstFailure: string | undefined;
    const fail = (why: string) => {
      failures++;
      firstFailure ??= why;
    };
    for (let i = 0; i < options.sectionRuns + 1; i++) {
      const body = (chain: string) => ({ chain, topic: `Sections topic ${i}`, options: { sections: 8 } });
      const fast = await timed(() => run(orchestrator, body('sections')), fail);
      const slow = await timed(() => run(orchestrator, body('sections-one-by-one')), fail);
      if (i === 0) continue;
      if (fast) {
        parallel.push(fast.ms);
        const spans = (fast.value.instances ?? [])
          .filter((instance) => instance.step === 'section')
          .map((instance) => ({
            start: Date.parse(instance.startedAt),
            end: Date.parse(instance.endedAt ?? ''),
          }));
        most = Math.max(most, mostAtOnce(spans));
      }
      if (slow) sequential.push(slow.ms);
    }
    const sections: SectionsParallelism = {
      sections: 8,
      docInstances: 2,
      runs: options.sectionRuns,
      parallelP50Ms: percentile(parallel, 50),
      sequentialP50Ms: percentile(sequential, 50),
      ratio: percentile(parallel, 50) / percentile(sequential, 50),
      mostAtOnce: most,
      failures,
      ...(firstFailure === undefined ? {} : { firstFailure }),
    };
    options.log?.(`W6 sections: 8 sections in ${sections.ratio.toFixed(2)}× the time one after another`);
    return { map, sections };
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    await Promise.all(started.map((process) => process.stop()));
    if (postgres) await dropSchemas(schemas).catch(() => undefined);
  }
}

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '—');

/** The report's section on control flow. */
export function renderControlFlow(figures: ControlFlowFigures): string {
  const goalOf = (store: MapOverhead['store']) =>
    store === 'memory' ? CONTROL_FLOW_GOALS.memoryMs : CONTROL_FLOW_GOALS.postgresMs;
  const lines = [
    '## The chain with control flow (W6, continued)',
    '',
    'Inside a map: a chain of the outline and a map writing each of its sections one at a time (`baton.section`),',
    `${SECTIONS} sections, through \`POST /runs\` (wait) on an orchestrator keeping its runs in memory or on PostgreSQL,`,
    'against the same calls made directly by the bench with `@baton/client`, alternating which goes first; the',
    'overhead per step is (run − direct) / (sections + 1). The agents and orchestrators are processes.',
    '',
    '| runs kept | pairs | run p50 | direct p50 | overhead per step p50 | p90 | failures | goal |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...figures.map.map((row) => {
      const goal = goalOf(row.store);
      return `| ${row.store} | ${row.pairs} | ${fixed(row.runP50Ms)} ms | ${fixed(row.directP50Ms)} ms | ${fixed(row.overheadPerStepP50Ms, 2)} ms | ${fixed(row.overheadPerStepP90Ms, 2)} ms | ${row.failures} | ≤ ${goal} ms: ${row.overheadPerStepP50Ms <= goal ? 'met' : 'not met'} |`;
    }),
    '',
  ];
  if (figures.sections) {
    const s = figures.sections;
    lines.push(
      'The `sections` chain with 8 sections, its doc agent two instances (one PostgreSQL store and bus, behind a',
      'round-robin proxy; each chunk paced 150 ms, as a model streams), against the same chain with its map at',
      '`concurrency: 1` (the sections one after another); outline, assembly, review and summary are in both.',
      '',
      '| runs each | four at a time p50 | one after another p50 | ratio | most sections at once | failures | goal |',
      '| ---: | ---: | ---: | ---: | ---: | ---: | --- |',
      `| ${s.runs} | ${fixed(s.parallelP50Ms)} ms | ${fixed(s.sequentialP50Ms)} ms | ${fixed(s.ratio, 2)}× | ${s.mostAtOnce} | ${s.failures} | ≤ ${CONTROL_FLOW_GOALS.ratio}×: ${s.ratio <= CONTROL_FLOW_GOALS.ratio ? 'met' : 'not met'} |`,
      '',
    );
  } else if (figures.skipped) lines.push(`Sections parallelism not measured: ${figures.skipped}.`, '');
  return lines.join('\n');
}
