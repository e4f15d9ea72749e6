/**
 * W9: what OpenTelemetry costs. W1 c=16 and W3 on Baton as it ships (no SDK: the libraries add nothing), Baton
 * with the Node SDK recording every span and metric, and the SDK sampling nothing (metrics only), interleaved.
 */
import type { LoadGenerator } from './processes.ts';
import { fixed, whole } from './report-format.ts';
import { type Figures, runWorkloads, type TargetSpec, type WorkloadSettings } from './run-workloads.ts';
import { sectionWorkloads } from './workloads.ts';

export type TelemetryTargetId = 'plain' | 'traced' | 'unsampled';

/** What W9 measured: figures by workload, then by target. */
export interface TelemetryCostResults {
  readonly targets: readonly TargetSpec<TelemetryTargetId>[];
  readonly figures: Map<string, Partial<Record<TelemetryTargetId, Figures>>>;
}

export const TELEMETRY_TARGETS: readonly TargetSpec<TelemetryTargetId>[] = [
  { id: 'plain', label: 'no OpenTelemetry SDK', script: 'baton-target' },
  { id: 'traced', label: 'SDK: every span and metric', script: 'baton-otel-target' },
  {
    id: 'unsampled',
    label: 'SDK: metrics, spans sampled off',
    script: 'baton-otel-target',
    env: { BENCH_OTEL_SAMPLER: 'off' },
  },
];

/** Runs W9. */
export async function runTelemetryCost(
  generator: LoadGenerator,
  settings: WorkloadSettings,
): Promise<TelemetryCostResults> {
  const figures = await runWorkloads(
    sectionWorkloads('W9', ['W1 c=16', 'W3']),
    generator,
    settings,
    TELEMETRY_TARGETS,
  );
  return { targets: TELEMETRY_TARGETS, figures };
}

/** The W9 section of the report. */
export function renderTelemetryReport(results: TelemetryCostResults): string[] {
  const lines = [
    '## W9: the cost of OpenTelemetry',
    '',
    'Baton as it ships uses only `@opentelemetry/api` and adds nothing to a call when no SDK is registered (the',
    'first row of each workload is the same server as the Baton column above). With the official Node SDK',
    'registered, every call, task and SSE stream is a span and every metric is kept; the exporters discard what',
    'they get, so the figures are the cost inside the server. Interleaved rounds, medians.',
    '',
    '| workload | Baton | rate | p50 ms | p99 ms | × no SDK | wrong answers |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const [workload, figures] of results.figures) {
    const plain = figures.plain;
    for (const target of results.targets) {
      const f = figures[target.id];
      if (!f || !plain) continue;
      const share = plain.rate > 0 ? f.rate / plain.rate : Number.NaN;
      lines.push(
        `| ${workload} | ${target.label} | ${whole(f.rate)} | ${fixed(f.p50Ms, 2)} | ${fixed(f.p99Ms, 2)} | ${share.toFixed(2)}x | ${f.errors} |`,
      );
    }
  }
  return lines;
}
