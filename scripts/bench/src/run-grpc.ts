/**
 * W11: the gRPC binding. W1 c=16 and W3 on Baton and on the official SDK, each over JSON-RPC and over gRPC (the
 * same executor on all four), interleaved. The load generator drives gRPC with @grpc/grpc-js on one channel.
 */
import type { LoadGenerator } from './processes.ts';
import { fixed, whole } from './report-format.ts';
import { type Figures, runWorkloads, type TargetSpec, type WorkloadSettings } from './run-workloads.ts';
import { sectionWorkloads } from './workloads.ts';

export type GrpcTargetId = 'batonJsonRpc' | 'batonGrpc' | 'sdkJsonRpc' | 'sdkGrpc';

/** What W11 measured: figures by workload, then by target. */
export interface GrpcResults {
  readonly targets: readonly TargetSpec<GrpcTargetId>[];
  readonly figures: Map<string, Partial<Record<GrpcTargetId, Figures>>>;
}

export const GRPC_TARGETS: readonly TargetSpec<GrpcTargetId>[] = [
  { id: 'batonJsonRpc', label: 'Baton, JSON-RPC', script: 'baton-target' },
  { id: 'batonGrpc', label: 'Baton, gRPC', script: 'baton-grpc-target', grpc: true },
  { id: 'sdkJsonRpc', label: '@a2a-js/sdk, JSON-RPC', script: 'sdk-target' },
  { id: 'sdkGrpc', label: '@a2a-js/sdk, gRPC', script: 'sdk-grpc-target', grpc: true },
];

// What each row is divided by: the same server over JSON-RPC, and the SDK over the same binding.
const COMPARED: Record<GrpcTargetId, { readonly jsonRpc?: GrpcTargetId; readonly sdk?: GrpcTargetId }> = {
  batonJsonRpc: { sdk: 'sdkJsonRpc' },
  batonGrpc: { jsonRpc: 'batonJsonRpc', sdk: 'sdkGrpc' },
  sdkJsonRpc: {},
  sdkGrpc: { jsonRpc: 'sdkJsonRpc' },
};

/**
 * Runs W11. Each round lasts at least 1.5 s, so a gRPC stream of 50 chunks (a fresh channel connects first)
 * finishes inside even a smoke run's window on a busy machine.
 */
export async function runGrpc(generator: LoadGenerator, settings: WorkloadSettings): Promise<GrpcResults> {
  const timing = { ...settings, durationMs: Math.max(settings.durationMs, 1500) };
  const figures = await runWorkloads(
    sectionWorkloads('W11', ['W1 c=16', 'W3']),
    generator,
    timing,
    GRPC_TARGETS,
  );
  return { targets: GRPC_TARGETS, figures };
}

/** The W11 section of the report. */
export function renderGrpcReport(results: GrpcResults): string[] {
  const lines = [
    '## W11: the gRPC binding',
    '',
    'W1 c=16 and W3 on Baton (`startGrpcServer` from `@baton/grpc`) and on the official SDK (`grpcService`), each',
    'over JSON-RPC and over gRPC, the same executor on all four. The load generator calls gRPC with',
    '@grpc/grpc-js on one channel (its calls share one HTTP/2 connection) and checks every answer as it does for',
    'JSON-RPC. Interleaved rounds, medians.',
    '',
    '| workload | target | rate | p50 ms | p99 ms | gRPC / JSON-RPC | Baton / SDK | load generator CPU | wrong answers |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  const ratio = (a: Figures | undefined, b: Figures | undefined) =>
    a && b && b.rate > 0 ? `${(a.rate / b.rate).toFixed(2)}x` : '';
  for (const [workload, figures] of results.figures) {
    for (const target of results.targets) {
      const f = figures[target.id];
      // A target that never answered is listed among the run's problems instead.
      if (!f || f.requests === 0) continue;
      const compared = COMPARED[target.id];
      const overJsonRpc = compared.jsonRpc ? ratio(f, figures[compared.jsonRpc]) : '';
      const overSdk = compared.sdk ? ratio(f, figures[compared.sdk]) : '';
      lines.push(
        `| ${workload} | ${target.label} | ${whole(f.rate)} | ${fixed(f.p50Ms, 2)} | ${fixed(f.p99Ms, 2)} | ${overJsonRpc} | ${overSdk} | ${Math.round(f.generatorCpu)} % | ${f.errors} |`,
      );
    }
  }
  return lines;
}
