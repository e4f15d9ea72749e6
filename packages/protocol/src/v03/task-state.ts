import * as z from 'zod/mini';

/** Every 0.3 task state, in the order types.ts declares them. */
export const TASK_STATES = [
  'submitted',
  'working',
  'input-required',
  'completed',
  'canceled',
  'failed',
  'rejected',
  'auth-required',
  'unknown',
] as const;

/** The lifecycle state of a 0.3 task (`input-required`, `canceled` with one L, ...). */
export const TaskStateSchema = z.enum(TASK_STATES);
/** The lifecycle state of a 0.3 task. */
export type TaskState = z.infer<typeof TaskStateSchema>;
