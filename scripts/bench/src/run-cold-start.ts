/**
 * W13: cold start. Each target is started as a fresh process and timed from spawn to its first agent card and
 * then to the answer of its first blocking SendMessage: the bare Hono ceiling, the Baton target of W1–W4, and the
 * conformance agent as the kits run it (HTTP, gRPC, stores and telemetry read from the environment), all bundled
 * for Node and split at their dynamic imports (see `buildColdStartBundles`); then on workerd the ceiling's
 * app as a Worker and the echo agent whose bytes the Bytes section reports. Rounds interleave the targets.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { freePort, prepareWorker, runtimeBinary } from '@baton/runtimes';
import { ECHO_WORKER_ENTRY } from '@baton/size';
import { COLD_BUNDLE_DIR } from './build-targets.ts';
import { pin, stopChild } from './processes.ts';
import { fixed, ratio } from './report-format.ts';
import { median } from './stats.ts';
import { CARD_PATH, JSON_RPC_PATH, sendBody } from './workload.ts';

export type ColdStartTargetId =
  | 'ceiling'
  | 'grpcFloor'
  | 'baton'
  | 'conformance'
  | 'workerCeiling'
  | 'workerEcho';

interface ColdStartTarget {
  readonly id: ColdStartTargetId;
  readonly label: string;
  /** The ceiling it is compared with. */
  readonly ceiling: ColdStartTargetId;
  /** The command to start, on a port; `cleanup` removes what was prepared for it. */
  prepare(port: number): Promise<{ argv: string[]; env: Record<string, string>; cleanup?: () => void }>;
}

const node = (bundle: string, env: (port: number) => Promise<Record<string, string>>) => (port: number) =>
  env(port).then((extra) => ({
    argv: [process.execPath, `${COLD_BUNDLE_DIR}/${bundle}.mjs`],
    env: { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...extra },
  }));

const worker = (entry: string) => async (port: number) => {
  const files = await prepareWorker({ entry, hostname: '127.0.0.1', port });
  return {
    argv: [runtimeBinary('workerd'), 'serve', files.config],
    env: {},
    cleanup: () => rmSync(files.dir, { recursive: true, force: true }),
  };
};

/** The most each target may take, first card and first answer, as a multiple of its ceiling (issue 48). */
const COLD_START_GOALS: Readonly<Record<string, number>> = { baton: 1.2, conformance: 1.4 };

export const COLD_START_TARGETS: readonly ColdStartTarget[] = [
  {
    id: 'ceiling',
    label: 'bare Hono (ceiling)',
    ceiling: 'ceiling',
    prepare: node('hono-target', async () => ({})),
  },
  {
    id: 'grpcFloor',
    label: 'bare Hono + grpc-js and protobufjs loaded (no Baton)',
    ceiling: 'ceiling',
    prepare: node('grpc-libraries-floor-target', async () => ({})),
  },
  {
    id: 'baton',
    label: 'Baton (W1–W4 target)',
    ceiling: 'ceiling',
    prepare: node('baton-target', async () => ({})),
  },
  {
    id: 'conformance',
    label: 'conformance agent (HTTP + gRPC)',
    ceiling: 'ceiling',
    prepare: node('conformance-agent', async () => ({ GRPC_PORT: String(await freePort()) })),
  },
  {
    id: 'workerCeiling',
    label: 'bare Hono on workerd (ceiling)',
    ceiling: 'workerCeiling',
    prepare: worker(fileURLToPath(new URL('targets/ceiling-worker.ts', import.meta.url))),
  },
  {
    id: 'workerEcho',
    label: 'echo agent on workerd',
    ceiling: 'workerCeiling',
    prepare: worker(ECHO_WORKER_ENTRY),
  },
];

/** One cold start: milliseconds from spawn to the first card, and to the first answer. */
export interface ColdStartSample {
  readonly cardMs: number;
  readonly sendMs: number;
}

/** What W13 measured. */
export interface ColdStartResults {
  readonly samples: ReadonlyMap<ColdStartTargetId, readonly ColdStartSample[]>;
  readonly problems: readonly string[];
}

interface Answer {
  readonly status: number;
  readonly text: string;
}

/** One HTTP exchange on a fresh connection (no pool: the first request to a new process is the point). */
function exchange(port: number, method: 'GET' | 'POST', path: string, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = body
      ? {
          'content-type': 'application/json',
          'a2a-version': '1.0',
          'content-length': String(Buffer.byteLength(body)),
        }
      : {};
    const call = request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      response.on('error', reject);
    });
    call.on('error', reject);
    call.end(body);
  });
}

/** A card: a JSON object with a name (the ceiling's and every agent's). */
function isCard(answer: Answer): boolean {
  if (answer.status !== 200) return false;
  try {
    return typeof (JSON.parse(answer.text) as { name?: unknown }).name === 'string';
  } catch {
    return false;
  }
}

/** A JSON-RPC answer whose result is a completed task. */
function isCompletedTask(answer: Answer): boolean {
  try {
    const body = JSON.parse(answer.text) as { result?: { task?: { status?: { state?: string } } } };
    return answer.status === 200 && body.result?.task?.status?.state === 'TASK_STATE_COMPLETED';
  } catch {
    return false;
  }
}

async function startCold(target: ColdStartTarget, core: number | undefined, timeoutMs: number) {
  const port = await freePort();
  const prepared = await target.prepare(port);
  const [file = '', ...args] = prepared.argv;
  let output = '';
  const started = performance.now();
  const child = spawn(file, args, {
    env: { ...process.env, ...prepared.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (core !== undefined && child.pid !== undefined) pin(child.pid, core);
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  try {
    let card: Answer | undefined;
    while (card === undefined || !isCard(card)) {
      if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}:\n${output}`);
      if (performance.now() - started > timeoutMs)
        throw new Error(`no card within ${timeoutMs} ms:\n${output}`);
      // Refused until it listens: try again at once, as a health check polling tightly would.
      card = await exchange(port, 'GET', CARD_PATH).catch(() => undefined);
      if (card && !isCard(card)) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    const cardMs = performance.now() - started;
    const answer = await exchange(port, 'POST', JSON_RPC_PATH, sendBody('SendMessage', 1));
    const sendMs = performance.now() - started;
    if (!isCompletedTask(answer))
      throw new Error(`first send answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    return { cardMs, sendMs };
  } finally {
    await stopChild(child);
    prepared.cleanup?.();
  }
}

/** Runs W13: `rounds` cold starts of each target, interleaved (A B C …, … C B A). */
export async function runColdStart(options: {
  readonly rounds: number;
  readonly serverCore?: number | undefined;
  readonly log: (line: string) => void;
}): Promise<ColdStartResults> {
  const samples = new Map<ColdStartTargetId, ColdStartSample[]>();
  const problems: string[] = [];
  for (let round = 0; round < options.rounds; round++) {
    const order = round % 2 === 0 ? COLD_START_TARGETS : [...COLD_START_TARGETS].reverse();
    for (const target of order) {
      try {
        const sample = await startCold(target, options.serverCore, 30_000);
        samples.set(target.id, [...(samples.get(target.id) ?? []), sample]);
      } catch (error) {
        problems.push(`W13 ${target.label}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  for (const target of COLD_START_TARGETS) {
    const taken = samples.get(target.id) ?? [];
    options.log(
      `W13 ${target.label}: first card ${fixed(median(taken.map((s) => s.cardMs)), 0)} ms, first answer ${fixed(median(taken.map((s) => s.sendMs)), 0)} ms`,
    );
  }
  return { samples, problems };
}

/** A change that moved W13, measured before and after with `quick-cold-start` (7 rounds, same machine, same hour). */
interface ColdStartChange {
  readonly change: string;
  /** First answer ms, before → after: Baton target, conformance agent, echo agent on workerd. */
  readonly baton: string;
  readonly conformance: string;
  readonly worker: string;
}

const CHANGES: readonly ColdStartChange[] = [
  {
    change: 'The wire schemas on `zod/mini` (less code to compile, fewer schema objects built at start)',
    baton: '476 → 383 (1.95x → 1.65x)',
    conformance: '767 → 675 (3.14x → 2.90x)',
    worker: '216 → 152 (3.71x → 2.68x)',
  },
  {
    change:
      'undici loaded with the first push delivery, the OpenTelemetry SDK and its exporters only when `OTEL_*` asks for them',
    baton: '383 → 317 (1.65x → 1.41x)',
    conformance: '675 → 360 (2.90x → 1.60x)',
    worker: 'not affected: neither is loaded on workerd (152 and 129 in the two runs)',
  },
  {
    change:
      'The gRPC binding builds its proto from protobufjs JSON made from `proto/` instead of reading and parsing the .proto files at start',
    baton: 'not affected',
    conformance: '185 → 173 (2.02x → 1.87x)',
    worker: 'not affected',
  },
  {
    change:
      'The 0.3 schemas an entry of their own (`@baton/protocol/v03`), which the server imports with its first 0.3 call (15 alternating starts of each bundle, pinned, against a ceiling of 121.6 ms)',
    baton: '157.6 → 152.5 (1.30x → 1.25x)',
    conformance: '235.5 → 229.1 (1.94x → 1.88x)',
    worker: 'not affected: a Worker is one bundle, the 0.3 readers are in it',
  },
];

/** The W13 section of docs/benchmarks.md. */
export function renderColdStartReport(results: ColdStartResults, rounds: number): string[] {
  const mid = (id: ColdStartTargetId, pick: (sample: ColdStartSample) => number) =>
    median((results.samples.get(id) ?? []).map(pick));
  const lines = [
    '## W13: cold start',
    '',
    'Each target started as a fresh process, timed from spawn to its first agent card (polled on a new connection',
    'each time, as a tight health check would) and on to the answer of its first blocking SendMessage. On Node the',
    'targets are bundles split at their dynamic imports, as a service bundled for Node would be: the bare Hono',
    'ceiling, the same server after only loading `@grpc/grpc-js` and `protobufjs` (the least any Node agent that',
    'serves gRPC adds), the Baton target of W1–W4 and the conformance agent as the kits run it (its HTTP and gRPC bindings, stores',
    'and telemetry read from the environment, in memory and none here). On workerd (a development server, not what',
    `Cloudflare runs) the ceiling's Hono app as a Worker and the echo agent of the Bytes section. ${rounds} interleaved`,
    'rounds, medians.',
    '',
    '| target | first card ms | first answer ms | card × ceiling | answer × ceiling | goal |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const target of COLD_START_TARGETS) {
    const card = mid(target.id, (s) => s.cardMs);
    const send = mid(target.id, (s) => s.sendMs);
    const ceilingCard = mid(target.ceiling, (s) => s.cardMs);
    const ceilingSend = mid(target.ceiling, (s) => s.sendMs);
    const floorSend = mid('grpcFloor', (s) => s.sendMs);
    // Issue 48's goals: the conformance agent (HTTP and gRPC) within 1.4× the bare server, an agent without gRPC 1.2×.
    const limit = COLD_START_GOALS[target.id];
    const worst = Math.max(card / ceilingCard, send / ceilingSend);
    const goal =
      limit === undefined
        ? ''
        : `≤ ${limit}x: ${worst <= limit ? 'met' : `not met${target.id === 'conformance' ? ` (loading the gRPC libraries alone: ${ratio(floorSend, ceilingSend)})` : ''}`}`;
    lines.push(
      `| ${target.label} | ${fixed(card, 0)} | ${fixed(send, 0)} | ${target.id === target.ceiling ? '' : ratio(card, ceilingCard)} | ${target.id === target.ceiling ? '' : ratio(send, ceilingSend)} | ${goal} |`,
    );
  }
  lines.push(
    '',
    'What moved these figures (first answer in ms, and as a multiple of its ceiling in the same run):',
    '',
    '| change | Baton (W1–W4 target) | conformance agent | echo agent on workerd |',
    '| --- | --- | --- | --- |',
    ...CHANGES.map((c) => `| ${c.change} | ${c.baton} | ${c.conformance} | ${c.worker} |`),
  );
  return lines;
}
