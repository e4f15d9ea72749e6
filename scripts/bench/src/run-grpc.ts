/**
 * W11: the gRPC binding. W1 c=16 and W3 on Baton and on the official SDK, each over JSON-RPC and over gRPC (the
 * same executor on all four), and the floor over each, interleaved. The load generator speaks gRPC over
 * `node:http2` itself (see load/grpc-connection.ts).
 */
import type { LoadGenerator } from './processes.ts';
import { fixed, whole } from './report-format.ts';
import { type Figures, runWorkloads, type TargetSpec, type WorkloadSettings } from './run-workloads.ts';
import { sectionWorkloads } from './workloads.ts';

export type GrpcTargetId =
  | 'batonJsonRpc'
  | 'batonGrpc'
  | 'sdkJsonRpc'
  | 'sdkGrpc'
  | 'floorJsonRpc'
  | 'floorGrpc';

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
  { id: 'floorJsonRpc', label: 'the floor, JSON-RPC', script: 'floor-target' },
  { id: 'floorGrpc', label: 'the floor, gRPC', script: 'grpc-floor-target', grpc: true },
];

/** The goal of issue #48: Baton over gRPC serves at least this share of what it serves over JSON-RPC. */
const GRPC_GOAL = 0.6;

// What each row is divided by: the same server over JSON-RPC, and the SDK over the same binding.
const COMPARED: Record<GrpcTargetId, { readonly jsonRpc?: GrpcTargetId; readonly sdk?: GrpcTargetId }> = {
  batonJsonRpc: { sdk: 'sdkJsonRpc' },
  batonGrpc: { jsonRpc: 'batonJsonRpc', sdk: 'sdkGrpc' },
  sdkJsonRpc: {},
  sdkGrpc: { jsonRpc: 'sdkJsonRpc' },
  floorJsonRpc: {},
  floorGrpc: { jsonRpc: 'floorJsonRpc' },
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
    'over JSON-RPC and over gRPC, the same executor on all four. The load generator speaks gRPC over HTTP/2',
    'itself (`node:http2`, four connections carrying the loops side by side; grpc-js’s client, not the servers, was',
    'the limit) and checks every answer as it does for',
    'JSON-RPC. Interleaved rounds, medians. The floors (`floor-target`, `grpc-floor-target`) keep tasks and do',
    'nothing more, over each binding: the gRPC floor decodes and encodes with the same protobufjs code on',
    '@grpc/grpc-js, so its ratio to the JSON-RPC floor is about the most a gRPC server on those libraries gets.',
    '',
    '| workload | target | rate | p50 ms | p99 ms | gRPC / JSON-RPC | goal | Baton / SDK | load generator CPU | wrong answers |',
    '| --- | --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |',
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
      const jsonRpc = figures.batonJsonRpc;
      const goal =
        target.id === 'batonGrpc' && jsonRpc && jsonRpc.rate > 0
          ? `≥ ${GRPC_GOAL}: ${f.rate / jsonRpc.rate >= GRPC_GOAL ? 'met' : `not met (${(f.rate / jsonRpc.rate).toFixed(3)})`}`
          : '';
      lines.push(
        `| ${workload} | ${target.label} | ${whole(f.rate)} | ${fixed(f.p50Ms, 2)} | ${fixed(f.p99Ms, 2)} | ${overJsonRpc} | ${goal} | ${overSdk} | ${Math.round(f.generatorCpu)} % | ${f.errors} |`,
      );
    }
  }
  return lines;
}
