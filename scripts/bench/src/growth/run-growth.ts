/**
 * W10: whether costs stay flat as the work grows, Baton beside the official SDK. Four curves, each measured at
 * small and large sizes in the same run:
 * - per-event cost of a stream of 10, 100 and 1,000 chunks (all three targets, interleaved like W1–W4; the SDK
 *   copies its whole task for each event, so a 1,000-chunk stream of its takes seconds: it streams two of them
 *   one at a time instead, and its time per event is reported from those);
 * - GetTask with `historyLength: 10` on a task with 10 and with 10,000 messages;
 * - a ListTasks page of 50 with 1,000 and with 100,000 tasks in the store;
 * - server memory per idle SSE subscriber with 1,000 and with 10,000 open.
 * The growth targets hold every task (see `baton-growth-target.ts`) and are seeded before they serve.
 */
import type { LoadJob } from '../load/load-job.ts';
import { type LoadGenerator, rssOf, startTarget, type TargetProcess } from '../processes.ts';
import {
  type Figures,
  runWorkloads,
  summarize,
  TARGETS,
  type Target,
  type TargetSpec,
  type WorkloadSettings,
} from '../run-workloads.ts';
import { HOLD_TEXT, JSON_RPC_PATH } from '../workload.ts';
import { sendWorkload, type Workload } from '../workloads.ts';
import { holdStreams } from './held-streams.ts';

/** The sizes of each curve: the small one first. */
export interface GrowthSizes {
  readonly chunks: readonly number[];
  readonly history: readonly [number, number];
  readonly tasks: readonly [number, number];
  readonly subscribers: readonly [number, number];
}

export const FULL_GROWTH: GrowthSizes = {
  chunks: [10, 100, 1_000],
  history: [10, 10_000],
  tasks: [1_000, 100_000],
  subscribers: [1_000, 10_000],
};

export const SMOKE_GROWTH: GrowthSizes = {
  chunks: [10, 50, 150],
  history: [10, 200],
  tasks: [100, 2_000],
  subscribers: [20, 200],
};

export type GrowthTargetId = 'baton' | 'sdk';

export const GROWTH_TARGETS: readonly TargetSpec<GrowthTargetId>[] = [
  { id: 'baton', label: 'Baton', script: 'baton-growth-target' },
  { id: 'sdk', label: '@a2a-js/sdk', script: 'sdk-growth-target' },
];

/** One size of a request curve. */
export interface RequestPoint {
  readonly size: number;
  readonly figures: Figures;
}

/** One size of the memory curve. */
export interface MemoryPoint {
  readonly size: number;
  /** RSS growth over the server without the subscribers, divided by their number. */
  readonly bytesPerSubscriber: number;
  readonly rss: number;
  readonly failures: number;
  readonly firstFailure?: string;
}

export interface GrowthResults {
  readonly sizes: GrowthSizes;
  readonly streams: Map<string, Partial<Record<Target['id'], Figures>>>;
  /** The SDK's longest stream, streamed alone (counted, two streams), when it was left out of `streams`. */
  readonly sdkLongStream?: { readonly chunks: number; readonly figures: Figures };
  readonly streamWorkloads: readonly Workload[];
  readonly getTask: Record<GrowthTargetId, RequestPoint[]>;
  readonly listTasks: Record<GrowthTargetId, RequestPoint[]>;
  readonly subscribers: Record<GrowthTargetId, MemoryPoint[]>;
}

/** Longest stream the SDK is asked for under load: beyond it, one of its streams outlasts the window. */
const SDK_STREAM_LIMIT = 100;

const HEADERS = { 'content-type': 'application/json', 'a2a-version': '1.0' };
const CONCURRENCY = 16;

function rpc(method: string, params: object): string {
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
}

function job(origin: string, body: string, expect: LoadJob['expect'], settings: WorkloadSettings): LoadJob {
  const { warmupMs, durationMs } = settings;
  const base = { origin, path: JSON_RPC_PATH, method: 'POST' as const, headers: HEADERS, body, expect };
  return { ...base, concurrency: CONCURRENCY, warmupMs, durationMs };
}

/** Runs one request curve point for `settings.rounds` rounds; medians. */
async function measure(
  generator: LoadGenerator,
  request: LoadJob,
  label: string,
  settings: WorkloadSettings,
) {
  const samples = [];
  for (let round = 0; round < settings.rounds; round++) samples.push(await generator.run(request));
  const figures = summarize(samples);
  settings.log(`W10 ${label}: ${figures.rate.toFixed(0)} requests/s, p50 ${figures.p50Ms.toFixed(2)} ms`);
  return figures;
}

async function withTarget<T>(
  target: TargetSpec<GrowthTargetId>,
  env: Record<string, string>,
  settings: WorkloadSettings,
  work: (running: TargetProcess) => Promise<T>,
): Promise<T> {
  const running = await startTarget(target.script, settings.serverCore, env);
  try {
    return await work(running);
  } finally {
    await running.stop();
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 1_000));

/** Opens the subscribers in steps up to each size and reads the server's RSS at each. */
async function measureSubscribers(
  running: TargetProcess,
  sizes: readonly number[],
  label: string,
  settings: WorkloadSettings,
): Promise<MemoryPoint[]> {
  // One task that stays working; every subscriber follows it.
  const holder = await holdStreams(running.url, rpc('SendStreamingMessage', holdMessage()), 1);
  const taskId = /"id":"([^"]+)"/.exec(holder.firstEvent ?? '')?.[1];
  if (!taskId) throw new Error(`W10 ${label}: the hold stream did not start: ${holder.firstFailure}`);
  await settle();
  const base = rssOf(running.pid) ?? Number.NaN;
  const points: MemoryPoint[] = [];
  const held = [holder];
  try {
    let open = 0;
    for (const size of sizes) {
      const step = await holdStreams(running.url, rpc('SubscribeToTask', { id: taskId }), size - open);
      held.push(step);
      open = size;
      await settle();
      const rss = rssOf(running.pid) ?? Number.NaN;
      const failures = held.reduce((sum, streams) => sum + streams.failures, 0);
      const firstFailure = held.find((streams) => streams.firstFailure)?.firstFailure;
      points.push({
        size,
        bytesPerSubscriber: (rss - base) / size,
        rss,
        failures,
        ...(firstFailure === undefined ? {} : { firstFailure }),
      });
      settings.log(
        `W10 ${label}: ${size} idle subscribers, RSS ${(rss / 2 ** 20).toFixed(0)} MiB, ${((rss - base) / size / 1024).toFixed(1)} KiB each`,
      );
    }
    return points;
  } finally {
    for (const streams of held) streams.close();
  }
}

function holdMessage() {
  return { message: { messageId: 'hold-1', role: 'ROLE_USER', parts: [{ text: HOLD_TEXT }] } };
}

/** Runs every W10 curve. */
export async function runGrowth(
  generator: LoadGenerator,
  settings: WorkloadSettings & { readonly growth: GrowthSizes },
): Promise<GrowthResults> {
  const sizes = settings.growth;
  const streamWorkloads = sizes.chunks.map((chunks) =>
    sendWorkload(`W10 ${chunks} chunks`, `a stream of ${chunks} chunks`, CONCURRENCY, chunks, true),
  );
  const short = streamWorkloads.filter((_, index) => (sizes.chunks[index] ?? 0) <= SDK_STREAM_LIMIT);
  const long = streamWorkloads.filter((workload) => !short.includes(workload));
  // Baton, the SDK and the ceiling: the floor (a W1–W5 reference) is not part of this comparison.
  const targets = TARGETS.filter((target) => target.id !== 'floor');
  const streams: GrowthResults['streams'] = await runWorkloads(short, generator, settings, targets);
  let sdkLongStream: GrowthResults['sdkLongStream'];
  if (long.length > 0) {
    const withoutSdk = targets.filter((target) => target.id !== 'sdk');
    for (const [id, figures] of await runWorkloads(long, generator, settings, withoutSdk))
      streams.set(id, figures);
    const chunks = Math.max(...sizes.chunks);
    const sdk = await startTarget('sdk-target', settings.serverCore);
    try {
      const workload = sendWorkload('W10 SDK alone', 'one stream at a time', 1, chunks, true);
      const { durationMs: _timed, ...alone } = workload.job(sdk.url, settings);
      const result = await generator.run({ ...alone, warmupMs: 0, requests: 2 });
      sdkLongStream = { chunks, figures: summarize([result]) };
      settings.log(`W10 @a2a-js/sdk: a ${chunks}-chunk stream alone takes ${result.p50Ms.toFixed(0)} ms`);
    } finally {
      await sdk.stop();
    }
  }

  const getTask = { baton: [], sdk: [] } as Record<GrowthTargetId, RequestPoint[]>;
  const listTasks = { baton: [], sdk: [] } as Record<GrowthTargetId, RequestPoint[]>;
  const subscribers = { baton: [], sdk: [] } as Record<GrowthTargetId, MemoryPoint[]>;
  const [fewTasks, manyTasks] = sizes.tasks;
  const list = rpc('ListTasks', { pageSize: 50 });
  for (const target of GROWTH_TARGETS) {
    const small = { BENCH_SEED_TASKS: String(fewTasks), BENCH_SEED_HISTORY: sizes.history.join(',') };
    await withTarget(target, small, settings, async (running) => {
      for (const messages of sizes.history) {
        const body = rpc('GetTask', { id: `history-${messages}`, historyLength: 10 });
        const request = job(running.url, body, { kind: 'history', history: 10 }, settings);
        const label = `${target.label} GetTask on ${messages} messages`;
        getTask[target.id].push({
          size: messages,
          figures: await measure(generator, request, label, settings),
        });
      }
      const request = job(running.url, list, { kind: 'list', pageSize: 50 }, settings);
      const label = `${target.label} ListTasks at ${fewTasks} tasks`;
      listTasks[target.id].push({
        size: fewTasks,
        figures: await measure(generator, request, label, settings),
      });
      subscribers[target.id] = await measureSubscribers(running, sizes.subscribers, target.label, settings);
    });
    await withTarget(target, { BENCH_SEED_TASKS: String(manyTasks) }, settings, async (running) => {
      const request = job(running.url, list, { kind: 'list', pageSize: 50 }, settings);
      const label = `${target.label} ListTasks at ${manyTasks} tasks`;
      listTasks[target.id].push({
        size: manyTasks,
        figures: await measure(generator, request, label, settings),
      });
    });
  }
  return {
    sizes,
    streams,
    streamWorkloads,
    ...(sdkLongStream ? { sdkLongStream } : {}),
    getTask,
    listTasks,
    subscribers,
  };
}
