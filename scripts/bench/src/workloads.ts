/** The workloads W1–W4: what each target is asked, and how the answer is checked. */
import type { LoadJob } from './load/load-job.ts';
import { CARD_PATH, JSON_RPC_PATH, sendBody } from './workload.ts';

export interface Workload {
  readonly id: string;
  readonly title: string;
  /** The unit of `rate`: requests, streams or cards per second. */
  readonly unit: 'requests/s' | 'streams/s';
  /** Whether events/s is worth reporting (streams). */
  readonly streams: boolean;
  job(origin: string, timing: { warmupMs: number; durationMs: number }): LoadJob;
}

const jsonHeaders = { 'content-type': 'application/json', 'a2a-version': '1.0' };

/** A (streaming) SendMessage workload asking for `chunks` chunks at `concurrency`. */
export function sendWorkload(
  id: string,
  title: string,
  concurrency: number,
  chunks: number,
  stream: boolean,
): Workload {
  const method = stream ? 'SendStreamingMessage' : 'SendMessage';
  const body = sendBody(method, chunks).replace('"bench-1"', '"bench-{n}"');
  return {
    id,
    title,
    unit: stream ? 'streams/s' : 'requests/s',
    streams: stream,
    job: (origin, timing) => ({
      origin,
      path: JSON_RPC_PATH,
      method: 'POST',
      headers: jsonHeaders,
      body,
      expect: { kind: stream ? 'stream' : 'task', chunks },
      concurrency,
      ...timing,
    }),
  };
}

export const WORKLOADS: readonly Workload[] = [
  sendWorkload('W1 c=1', 'blocking SendMessage, 1 chunk, concurrency 1', 1, 1, false),
  sendWorkload('W1 c=16', 'blocking SendMessage, 1 chunk, concurrency 16', 16, 1, false),
  sendWorkload('W1 c=64', 'blocking SendMessage, 1 chunk, concurrency 64', 64, 1, false),
  sendWorkload('W2', 'SendStreamingMessage, one artifact event, concurrency 16', 16, 1, true),
  sendWorkload('W3', 'SendStreamingMessage, one artifact in 50 chunks, concurrency 16', 16, 50, true),
  {
    id: 'W4',
    title: 'GET the agent card, concurrency 16',
    unit: 'requests/s',
    streams: false,
    job: (origin, timing) => ({
      origin,
      path: CARD_PATH,
      method: 'GET',
      headers: { 'a2a-version': '1.0' },
      expect: { kind: 'card' },
      concurrency: 16,
      ...timing,
    }),
  },
];

/** The W5 job: `requests` blocking sends at concurrency 16, counted (no time limit). */
export function memoryJob(origin: string, requests: number): LoadJob {
  const body = sendBody('SendMessage', 1).replace('"bench-1"', '"bench-{n}"');
  return {
    origin,
    path: JSON_RPC_PATH,
    method: 'POST',
    headers: jsonHeaders,
    body,
    expect: { kind: 'task', chunks: 1 },
    concurrency: 16,
    warmupMs: 0,
    requests,
  };
}

/** Some of the workloads, renamed for a later section of the report (`W9 W1 c=16`, …), in table order. */
export function sectionWorkloads(section: string, ids: readonly string[]): Workload[] {
  return WORKLOADS.filter((workload) => ids.includes(workload.id)).map((workload) => ({
    ...workload,
    id: `${section} ${workload.id}`,
  }));
}
