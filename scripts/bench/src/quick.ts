/**
 * `pnpm --filter @baton/bench quick [--target hono-target] [--only 'W1 c=16,W2'] [--duration 3] [--rounds 1]`:
 * one target under some of W1–W4, with the server's CPU per request read from /proc, for a quick look while
 * tuning. `--grpc` calls a gRPC target (`baton-grpc-target`, `sdk-grpc-target`). `--url U --pid P` measures a server started by hand (e.g. under `--cpu-prof`); `--no-build` reuses
 * the bundles. Its figures are not comparisons: that is `pnpm bench`, interleaved against the ceiling and the SDK.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { buildBundles, bundlePath } from './build-targets.ts';
import { canPin, pin, startLoadGenerator, startProcess } from './processes.ts';
import { WORKLOADS } from './workloads.ts';

const { values } = parseArgs({
  options: {
    target: { type: 'string', default: 'baton-target' },
    only: { type: 'string' },
    duration: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '1' },
    url: { type: 'string' },
    pid: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    grpc: { type: 'boolean', default: false },
  },
});
const only = values.only?.split(',');
const pinned = canPin();
if (pinned) pin(process.pid, 1);
if (!values['no-build']) await buildBundles();
const generator = await startLoadGenerator(pinned ? 1 : undefined);
const script = bundlePath(values.target ?? 'baton-target');
/** CPU seconds a process used so far (user + system), from /proc. */
function cpuOf(pid: number): number {
  if (!pid) return 0;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
const target = values.url
  ? { url: values.url, pid: Number(values.pid ?? 0), stop: async () => {} }
  : await startProcess(script, pinned ? { core: 0 } : {});
try {
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const workload of WORKLOADS.filter((w) => !only || only.includes(w.id))) {
      const job = (durationMs: number) => ({
        ...workload.job(target.url, { warmupMs: 0, durationMs }),
        ...(values.grpc ? { grpc: true } : {}),
      });
      await generator.run(job(1000));
      const before = cpuOf(target.pid);
      const result = await generator.run(job(Number(values.duration) * 1000));
      const cpuUs = ((cpuOf(target.pid) - before) * 1e6) / (result.requests || 1);
      const rate = (result.requests / result.elapsedMs) * 1000;
      console.log(
        `${workload.id.padEnd(8)} ${rate.toFixed(0).padStart(7)}/s p50 ${result.p50Ms.toFixed(2)} ms server CPU ${cpuUs.toFixed(1)} µs/req generator CPU ${result.cpuPercent.toFixed(0)} % errors ${result.errors}${result.firstError ? ` (${result.firstError})` : ''}`,
      );
    }
  }
} finally {
  await target.stop();
  await generator.stop();
}
