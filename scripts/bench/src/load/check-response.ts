import type { Expectation } from './load-job.ts';

/** What a response held: `undefined` when it is what the workload expects, else why not; and its SSE events. */
export interface Checked {
  readonly problem: string | undefined;
  readonly events: number;
}

interface TaskShape {
  result?: { task?: { status?: { state?: string }; artifacts?: { parts?: unknown[] }[] } };
}

function checkTask(text: string, chunks: number): string | undefined {
  let reply: TaskShape;
  try {
    reply = JSON.parse(text) as TaskShape;
  } catch {
    return `not JSON: ${text.slice(0, 120)}`;
  }
  const task = reply.result?.task;
  if (task?.status?.state !== 'TASK_STATE_COMPLETED') return `not a completed task: ${text.slice(0, 200)}`;
  const parts = task.artifacts?.[0]?.parts?.length ?? 0;
  return parts === chunks ? undefined : `expected ${chunks} parts in the artifact, got ${parts}`;
}

/**
 * Counts the events of an SSE body (frames with a `data:` line, after their `id:` line if any); the artifact events
 * must number `chunks`, the last one completes.
 */
function checkStream(text: string, chunks: number): Checked {
  let events = 0;
  let artifacts = 0;
  let last = '';
  for (const block of text.split('\n\n')) {
    const frame = block.split('\n').find((line) => line.startsWith('data:'));
    if (frame === undefined) continue;
    events++;
    last = frame;
    if (frame.includes('"artifactUpdate"')) artifacts++;
    if (frame.includes('"error"')) return { problem: `error event: ${frame.slice(0, 200)}`, events };
  }
  if (artifacts !== chunks)
    return { problem: `expected ${chunks} artifact events, got ${artifacts}`, events };
  if (!last.includes('"TASK_STATE_COMPLETED"'))
    return { problem: `last event not completed: ${last}`, events };
  return { problem: undefined, events };
}

function checkCard(text: string): string | undefined {
  try {
    const card = JSON.parse(text) as { supportedInterfaces?: unknown };
    return Array.isArray(card.supportedInterfaces) ? undefined : 'card without supportedInterfaces';
  } catch {
    return `card is not JSON: ${text.slice(0, 120)}`;
  }
}

function checkList(text: string, pageSize: number): string | undefined {
  try {
    const reply = JSON.parse(text) as { result?: { tasks?: unknown[]; totalSize?: number } };
    const count = reply.result?.tasks?.length;
    return count === pageSize ? undefined : `expected a page of ${pageSize} tasks: ${text.slice(0, 200)}`;
  } catch {
    return `not JSON: ${text.slice(0, 120)}`;
  }
}

function checkHistory(text: string, history: number): string | undefined {
  try {
    const reply = JSON.parse(text) as { result?: { id?: string; history?: unknown[] } };
    const count = reply.result?.history?.length;
    return count === history ? undefined : `expected a task with ${history} messages: ${text.slice(0, 200)}`;
  } catch {
    return `not JSON: ${text.slice(0, 120)}`;
  }
}

/** Checks one response body against the workload's expectation. */
export function checkResponse(status: number, text: string, expect: Expectation): Checked {
  if (status !== 200) return { problem: `HTTP ${status}: ${text.slice(0, 200)}`, events: 0 };
  if (expect.kind === 'stream') return checkStream(text, expect.chunks);
  if (expect.kind === 'list') return { problem: checkList(text, expect.pageSize), events: 0 };
  if (expect.kind === 'history') return { problem: checkHistory(text, expect.history), events: 0 };
  const problem = expect.kind === 'task' ? checkTask(text, expect.chunks) : checkCard(text);
  return { problem, events: 0 };
}
