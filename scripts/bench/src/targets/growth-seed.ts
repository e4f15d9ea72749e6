/**
 * What the growth targets (W10) hold before they serve, as A2A 1.0 ProtoJSON tasks: `BENCH_SEED_TASKS` completed
 * tasks like the ones W1 makes, and for each size in `BENCH_SEED_HISTORY` (comma-separated) a completed task
 * `history-<size>` with that many messages. Each target writes them through its own task store's API.
 */
import { chunkData } from '../workload.ts';

type Json = Record<string, unknown>;

const START = Date.UTC(2026, 0, 1);

function message(taskId: string, index: number): Json {
  return {
    messageId: `${taskId}-m${index}`,
    role: index % 2 === 0 ? 'ROLE_USER' : 'ROLE_AGENT',
    parts: [{ text: `turn ${index}` }],
    taskId,
    contextId: 'seed',
  };
}

function completedTask(id: string, messages: number, time: number): Json {
  return {
    id,
    contextId: 'seed',
    status: { state: 'TASK_STATE_COMPLETED', timestamp: new Date(START + time).toISOString() },
    history: Array.from({ length: messages }, (_, index) => message(id, index)),
    artifacts: [{ artifactId: 'rows', name: 'rows', parts: [{ data: chunkData(0) }] }],
  };
}

/** The seed tasks the environment asks for, oldest first (status timestamps one millisecond apart). */
export function* seedTasks(env: NodeJS.ProcessEnv = process.env): Generator<Json> {
  const tasks = Number(env.BENCH_SEED_TASKS ?? 0);
  for (let index = 0; index < tasks; index++) yield completedTask(`seed-${index}`, 1, index);
  const histories = (env.BENCH_SEED_HISTORY ?? '').split(',').filter(Boolean).map(Number);
  for (const size of histories) yield completedTask(`history-${size}`, size, tasks + size);
}
