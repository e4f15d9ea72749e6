/**
 * W12: the runtimes. W1 c=16 and W3 on the same Baton agent served by Node, Bun and Deno, each next to the bare
 * Hono ceiling on the same runtime, interleaved. The Node pair is the W1–W4 pair (bundles on @hono/node-server);
 * on Bun and Deno, Baton is `startA2AServer` from `@baton/server/bun` / `/deno` and the ceiling is the same
 * Hono app on `Bun.serve` / `Deno.serve`, both run from source. Workers are not measured: workerd here is a
 * development server, not what Cloudflare runs.
 */
import { execFileSync } from 'node:child_process';
import { runtimeBinary } from '@baton/runtimes';
import type { LoadGenerator } from './processes.ts';
import { fixed, whole } from './report-format.ts';
import { type Figures, runWorkloads, type TargetSpec, type WorkloadSettings } from './run-workloads.ts';
import { sectionWorkloads } from './workloads.ts';

export type RuntimeTargetId =
  | 'nodeBaton'
  | 'nodeCeiling'
  | 'bunBaton'
  | 'bunCeiling'
  | 'denoBaton'
  | 'denoCeiling';

/** What W12 measured: figures by workload, then by target. */
export interface RuntimeResults {
  readonly targets: readonly TargetSpec<RuntimeTargetId>[];
  readonly figures: Map<string, Partial<Record<RuntimeTargetId, Figures>>>;
  /** Each runtime's version, as it reports it. */
  readonly versions: Readonly<Record<string, string>>;
}

function versionOf(binary: string, args: readonly string[]): string {
  return execFileSync(binary, args, { encoding: 'utf8' }).split('\n')[0]?.trim() ?? '';
}

export const RUNTIME_TARGETS: readonly TargetSpec<RuntimeTargetId>[] = [
  { id: 'nodeBaton', label: 'Baton on Node', script: 'baton-target' },
  { id: 'nodeCeiling', label: 'ceiling on Node', script: 'hono-target' },
  { id: 'bunBaton', label: 'Baton on Bun', script: 'portable-baton-server', runtime: 'bun' },
  { id: 'bunCeiling', label: 'ceiling on Bun', script: 'portable-ceiling-server', runtime: 'bun' },
  { id: 'denoBaton', label: 'Baton on Deno', script: 'portable-baton-server', runtime: 'deno' },
  { id: 'denoCeiling', label: 'ceiling on Deno', script: 'portable-ceiling-server', runtime: 'deno' },
];

const ROWS: readonly { runtime: string; baton: RuntimeTargetId; ceiling: RuntimeTargetId }[] = [
  { runtime: 'Node 20', baton: 'nodeBaton', ceiling: 'nodeCeiling' },
  { runtime: 'Bun', baton: 'bunBaton', ceiling: 'bunCeiling' },
  { runtime: 'Deno', baton: 'denoBaton', ceiling: 'denoCeiling' },
];

/** Runs W12. */
export async function runRuntimes(
  generator: LoadGenerator,
  settings: WorkloadSettings,
): Promise<RuntimeResults> {
  const figures = await runWorkloads(
    sectionWorkloads('W12', ['W1 c=16', 'W3']),
    generator,
    settings,
    RUNTIME_TARGETS,
  );
  const versions = {
    Node: process.versions.node,
    Bun: versionOf(runtimeBinary('bun'), ['--version']),
    Deno: versionOf(runtimeBinary('deno'), ['--version'])
      .replace(/^deno /, '')
      .replace(/ .*/, ''),
  };
  return { targets: RUNTIME_TARGETS, figures, versions };
}

/** The W12 section of the report. */
export function renderRuntimesReport(results: RuntimeResults): string[] {
  const { versions } = results;
  const lines = [
    '## W12: Node, Bun and Deno',
    '',
    'W1 c=16 and W3 on the same Baton agent (in memory) on each runtime, next to the bare-Hono ceiling on the same',
    "runtime, so each ratio is Baton against what that runtime's HTTP server can do. Node runs bundles on",
    '@hono/node-server (the W1–W4 pair); Bun and Deno run the sources on their own servers: Baton through',
    '`startA2AServer` from `@baton/server/bun` and `/deno`, the ceiling as the same Hono app on `Bun.serve` and',
    '`Deno.serve`. Interleaved rounds, medians; the load generator is the same Node process for all. Where it',
    'runs near 100 % CPU it is the limit, not the server, and the ratio to that ceiling is an upper bound.',
    `Versions: ${Object.entries(versions)
      .map(([name, version]) => `${name} ${version}`)
      .join(', ')}.`,
    '',
    '| workload | runtime | Baton | ceiling | Baton / ceiling | Baton / Baton on Node | Baton p50 ms | load generator CPU (Baton, ceiling) | wrong answers |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const [workload, figures] of results.figures) {
    const onNode = figures.nodeBaton;
    for (const row of ROWS) {
      const baton = figures[row.baton];
      const ceiling = figures[row.ceiling];
      // A target that never answered is listed among the run's problems instead.
      if (!baton || baton.requests === 0 || !ceiling) continue;
      const ratio = (a: Figures | undefined, b: Figures | undefined) =>
        a && b && b.rate > 0 ? `${(a.rate / b.rate).toFixed(2)}` : '';
      const errors = baton.errors + ceiling.errors;
      lines.push(
        `| ${workload} | ${row.runtime} | ${whole(baton.rate)} | ${whole(ceiling.rate)} | ${ratio(baton, ceiling)} | ${ratio(baton, onNode)} | ${fixed(baton.p50Ms, 2)} | ${Math.round(baton.generatorCpu)} %, ${Math.round(ceiling.generatorCpu)} % | ${errors} |`,
      );
    }
  }
  return lines;
}
