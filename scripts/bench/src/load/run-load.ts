import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { percentileOfSorted } from '../stats.ts';
import { checkResponse } from './check-response.ts';
import { GrpcChannel } from './grpc-connection.ts';
import type { LoadJob, LoadResult } from './load-job.ts';
import { RawConnection, type RawResponse, requestHead } from './raw-http-client.ts';

/**
 * HTTP/2 connections a gRPC job spreads its loops over, as a client's pool of channels would. One connection
 * caps near 5,300 calls/s here even against the gRPC floor (a server that only decodes and encodes), its
 * frames handled one after another on both ends, with neither process busy; four let the server be the limit.
 */
const GRPC_CONNECTIONS = 4;

/** What one closed loop sends its requests through. */
interface Sender {
  send(body?: string): Promise<RawResponse>;
  close(): void;
}

/**
 * Runs one closed loop against one target: `concurrency` requests in flight on as many kept-alive
 * connections (one per loop, see raw-http-client.ts), each finished request starting the next on the same
 * connection, every answer read to its end and checked.
 */
export async function runLoad(job: LoadJob): Promise<LoadResult> {
  const channels = job.grpc
    ? Array.from(
        { length: Math.min(GRPC_CONNECTIONS, job.concurrency) },
        () => new GrpcChannel(new URL(job.origin).host),
      )
    : [];
  const head = requestHead(job.origin, job.method, job.path, job.headers);
  // Over gRPC the loops share a few HTTP/2 connections, their calls side by side; over HTTP each loop has its own
  // kept-alive connection.
  const connections: Sender[] = Array.from({ length: job.concurrency }, (_, index) => {
    const channel = job.grpc ? channels[index % channels.length] : undefined;
    return channel
      ? { send: (body?: string) => channel.send(body ?? '{}'), close: () => undefined }
      : new RawConnection(head);
  });
  const latencies: number[] = [];
  let sequence = 0;
  // Unique across runs too: a server that keeps message ids answers a repeated one with the task it made.
  const runToken = randomUUID();
  let requests = 0;
  let errors = 0;
  let events = 0;
  let firstError: string | undefined;
  const counted = job.requests !== undefined;
  const started = performance.now();
  let windowStart = counted ? started : started + job.warmupMs;
  let windowEnd = counted ? Number.POSITIVE_INFINITY : windowStart + (job.durationMs ?? 1000);
  // A machine too slow to finish one request inside the window (a short smoke window on a loaded machine)
  // stretches it to the first answer, for at most this long: a figure from one answer, never none.
  const stretchEnd = windowEnd + 60_000;
  let cpuAtStart = counted ? process.cpuUsage() : undefined;
  let stop = false;

  const one = async (connection: Sender): Promise<void> => {
    const n = ++sequence;
    const begin = performance.now();
    let problem: string | undefined;
    let received = 0;
    try {
      const response = await connection.send(job.body?.replaceAll('{n}', `${runToken}-${n}`));
      const checked = checkResponse(response.status, response.text, job.expect);
      problem = checked.problem;
      received = checked.events;
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    const end = performance.now();
    if (!cpuAtStart && end >= windowStart) cpuAtStart = process.cpuUsage();
    if (begin < windowStart) return;
    if (end > windowEnd) {
      if (requests > 0 || end > stretchEnd) return;
      windowEnd = end;
    }
    requests++;
    events += received;
    latencies.push(end - begin);
    if (problem !== undefined) {
      errors++;
      firstError ??= problem;
    }
    if (counted && requests >= (job.requests ?? 0)) stop = true;
  };

  const loop = async (connection: Sender): Promise<void> => {
    while (!stop && (performance.now() < windowEnd || (requests === 0 && performance.now() < stretchEnd))) {
      await one(connection);
    }
  };
  await Promise.all(connections.map(loop));
  const finished = counted ? performance.now() : windowEnd;
  const cpu = process.cpuUsage(cpuAtStart);
  for (const connection of connections) connection.close();
  for (const channel of channels) channel.close();
  if (counted) windowStart = started;
  const elapsedMs = finished - windowStart;
  latencies.sort((a, b) => a - b);
  return {
    requests,
    errors,
    ...(firstError === undefined ? {} : { firstError }),
    elapsedMs,
    p50Ms: percentileOfSorted(latencies, 50),
    p99Ms: percentileOfSorted(latencies, 99),
    events,
    cpuPercent: ((cpu.user + cpu.system) / 1000 / elapsedMs) * 100,
  };
}
