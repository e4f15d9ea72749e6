/** W10 as Markdown tables and SVG plots (see `run-growth.ts`). */
import { fixed, whole } from '../report-format.ts';
import type { Figures } from '../run-workloads.ts';
import type { GrowthResults, GrowthTargetId, MemoryPoint, RequestPoint } from './run-growth.ts';
import { type BarChart, renderBarChart, TARGET_COLORS } from './svg-chart.ts';

/** A cost is flat when it grows by at most this factor from the smallest size to the largest. */
const FLAT = 1.25;

const LABELS: Record<GrowthTargetId, string> = { baton: 'Baton', sdk: '@a2a-js/sdk' };
const SERIES = [
  { name: 'Baton', color: TARGET_COLORS.baton },
  { name: '@a2a-js/sdk', color: TARGET_COLORS.sdk },
];

/** Server time per event under load: the server's core is the bottleneck, so 1 / events per second. */
function microsPerEvent(figures: Figures | undefined): number | undefined {
  return figures && figures.eventsPerSecond > 0 ? 1e6 / figures.eventsPerSecond : undefined;
}

function microsPerCall(point: RequestPoint | undefined): number | undefined {
  return point && point.figures.rate > 0 ? 1e6 / point.figures.rate : undefined;
}

function verdict(small: number | undefined, large: number | undefined): string {
  if (small === undefined || large === undefined) return '';
  const growth = large / small;
  return `${growth.toFixed(2)}x: ${growth <= FLAT ? 'flat' : 'grows'}`;
}

function streamRows(results: GrowthResults): { label: string; costs: (number | undefined)[] }[] {
  return results.streamWorkloads.map((workload, index) => {
    const figures = results.streams.get(workload.id);
    const chunks = results.sizes.chunks[index] ?? 0;
    const sdk =
      figures?.sdk ?? (results.sdkLongStream?.chunks === chunks ? results.sdkLongStream.figures : undefined);
    // The SDK's long stream ran alone: its time per event is the stream's time over its events.
    const sdkCost = figures?.sdk || !sdk ? microsPerEvent(sdk) : (sdk.p50Ms * 1000) / (chunks + 2);
    return {
      label: `${whole(chunks)} chunks`,
      costs: [microsPerEvent(figures?.baton), sdkCost, microsPerEvent(figures?.hono)],
    };
  });
}

function streamTable(results: GrowthResults): string[] {
  const rows = streamRows(results);
  const first = rows[0]?.costs[0];
  const last = rows.at(-1)?.costs[0];
  const sdkNote = results.sdkLongStream
    ? ` The SDK streams its ${whole(results.sdkLongStream.chunks)}-chunk streams one at a time (two of them, ${fixed(results.sdkLongStream.figures.p50Ms, 0)} ms each): it copies its whole task for every event, so under load one stream outlasts the window; its figure there is that time over the stream’s events.`
    : '';
  return [
    `Server time per streamed event (1 / events per second, concurrency 16), for streams of growing length.${sdkNote}`,
    '',
    '| stream | Baton µs/event | @a2a-js/sdk µs/event | ceiling µs/event | Baton / ceiling |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...rows.map(({ label, costs: [baton, sdk, ceiling] }) => {
      const ratio = baton !== undefined && ceiling !== undefined ? `${fixed(ceiling / baton, 2)}x` : '';
      return `| ${label} | ${fixed(baton, 2)} | ${fixed(sdk, 2)} | ${fixed(ceiling, 2)} | ${ratio} |`;
    }),
    '',
    `Baton, largest stream against the smallest: ${verdict(first, last)} (flat: at most ${FLAT}x).`,
  ];
}

function requestTable(
  title: string,
  sizeLabel: string,
  points: Record<GrowthTargetId, RequestPoint[]>,
): string[] {
  const sizes = points.baton.map((point) => point.size);
  const row = (size: number) => {
    const cells = (['baton', 'sdk'] as const).flatMap((id) => {
      const point = points[id].find((p) => p.size === size);
      return [whole(point?.figures.rate), fixed(point?.figures.p50Ms, 2), fixed(microsPerCall(point), 1)];
    });
    return `| ${whole(size)} | ${cells.join(' | ')} |`;
  };
  const growth = (id: GrowthTargetId) =>
    verdict(microsPerCall(points[id][0]), microsPerCall(points[id].at(-1)));
  return [
    title,
    '',
    `| ${sizeLabel} | Baton calls/s | Baton p50 ms | Baton µs/call | SDK calls/s | SDK p50 ms | SDK µs/call |`,
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...sizes.map(row),
    '',
    `Cost per call, largest against smallest: Baton ${growth('baton')}; @a2a-js/sdk ${growth('sdk')}.`,
  ];
}

function memoryTable(points: Record<GrowthTargetId, MemoryPoint[]>): string[] {
  const kib = (point: MemoryPoint | undefined) => fixed(point && point.bytesPerSubscriber / 1024, 1);
  const mib = (point: MemoryPoint | undefined) => (point ? `${(point.rss / 2 ** 20).toFixed(0)} MiB` : '');
  const failures = (['baton', 'sdk'] as const).flatMap((id) => points[id].map((p) => p.failures));
  return [
    'Server RSS with idle SSE subscribers (`SubscribeToTask` on one working task, each stream read to its first event and then left idle), over the same server before they opened.',
    '',
    '| subscribers | Baton RSS | Baton KiB each | SDK RSS | SDK KiB each |',
    '| ---: | ---: | ---: | ---: | ---: |',
    ...points.baton.map((point, index) => {
      const sdk = points.sdk[index];
      return `| ${whole(point.size)} | ${mib(point)} | ${kib(point)} | ${mib(sdk)} | ${kib(sdk)} |`;
    }),
    '',
    `Baton, memory per subscriber at the largest count against the smallest: ${verdict(points.baton[0]?.bytesPerSubscriber, points.baton.at(-1)?.bytesPerSubscriber)}. Subscribers that did not open: ${failures.reduce((a, b) => a + b, 0)}.`,
  ];
}

/** The W10 section of docs/benchmarks.md; `plots` is the folder of the SVGs, relative to the report. */
export function renderGrowthReport(results: GrowthResults, plots: string): string[] {
  return [
    '## Costs as the work grows (W10)',
    '',
    'Baton and the SDK on growth targets whose in-memory stores keep every task and are seeded before they serve (Baton’s also allows 20,000 open streams; its defaults keep 1,000 finished tasks and 1,000 streams). Requests at concurrency 16, medians of the rounds.',
    '',
    `![Per-event cost by stream length](${plots}/growth-streams.svg)`,
    '',
    ...streamTable(results),
    '',
    `![GetTask and ListTasks cost by size](${plots}/growth-reads.svg)`,
    '',
    ...requestTable(
      'GetTask with `historyLength: 10` on a task holding N messages:',
      'messages',
      results.getTask,
    ),
    '',
    ...requestTable(
      'A ListTasks page of 50 with N tasks in the store:',
      'tasks in the store',
      results.listTasks,
    ),
    '',
    `![Memory per idle subscriber](${plots}/growth-subscribers.svg)`,
    '',
    ...memoryTable(results.subscribers),
  ];
}

/** The W10 plots, by file name. */
export function renderGrowthPlots(results: GrowthResults): Record<string, string> {
  const streams: BarChart = {
    title: 'Server time per streamed event, by stream length (lower is better)',
    unit: 'µs per event',
    series: [...SERIES, { name: 'ceiling (bare Hono)', color: TARGET_COLORS.ceiling }],
    groups: streamRows(results).map(({ label, costs }) => ({ label, values: costs })),
  };
  const reads: BarChart = {
    title: 'Server time per call as the store grows (lower is better)',
    unit: 'µs per call',
    series: SERIES,
    groups: [
      ...results.getTask.baton.map((point, index) => ({
        label: `GetTask, ${whole(point.size)} msgs`,
        values: [microsPerCall(point), microsPerCall(results.getTask.sdk[index])],
      })),
      ...results.listTasks.baton.map((point, index) => ({
        label: `ListTasks, ${whole(point.size)} tasks`,
        values: [microsPerCall(point), microsPerCall(results.listTasks.sdk[index])],
      })),
    ],
  };
  const subscribers: BarChart = {
    title: 'Server memory per idle SSE subscriber (lower is better)',
    unit: 'KiB per subscriber',
    series: SERIES,
    groups: results.subscribers.baton.map((point, index) => ({
      label: `${whole(point.size)} subscribers`,
      values: [
        point.bytesPerSubscriber / 1024,
        (results.subscribers.sdk[index]?.bytesPerSubscriber ?? 0) / 1024,
      ],
    })),
  };
  return {
    'growth-streams.svg': renderBarChart(streams),
    'growth-reads.svg': renderBarChart(reads),
    'growth-subscribers.svg': renderBarChart(subscribers),
  };
}

/** Which W10 figures are missing or came from wrong answers. */
export function growthProblems(results: GrowthResults): string[] {
  const requestProblems = (name: string, points: Record<GrowthTargetId, RequestPoint[]>) =>
    (['baton', 'sdk'] as const).flatMap((id) =>
      points[id].flatMap((point) => {
        const where = `W10 ${name} ${LABELS[id]} at ${point.size}`;
        if (point.figures.requests === 0) return [`${where}: no answer`];
        return point.figures.errors > 0
          ? [`${where}: ${point.figures.errors} wrong answers, e.g. ${point.figures.firstError}`]
          : [];
      }),
    );
  const memory = (['baton', 'sdk'] as const).flatMap((id) =>
    results.subscribers[id].flatMap((point) =>
      point.failures > 0
        ? [`W10 subscribers ${LABELS[id]}: ${point.failures} did not open, e.g. ${point.firstFailure}`]
        : [],
    ),
  );
  const long = results.sdkLongStream?.figures;
  return [
    ...requestProblems('GetTask', results.getTask),
    ...requestProblems('ListTasks', results.listTasks),
    ...memory,
    ...(long && long.errors > 0 ? [`W10 SDK long stream: ${long.firstError}`] : []),
  ];
}
