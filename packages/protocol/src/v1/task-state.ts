import type * as z from 'zod/mini';
import { protoEnum } from '../wire/proto-json.ts';

/** Every `TaskState` name, indexed by its proto number (0..8). */
export const TASK_STATES = [
  'TASK_STATE_UNSPECIFIED',
  'TASK_STATE_SUBMITTED',
  'TASK_STATE_WORKING',
  'TASK_STATE_COMPLETED',
  'TASK_STATE_FAILED',
  'TASK_STATE_CANCELED',
  'TASK_STATE_INPUT_REQUIRED',
  'TASK_STATE_REJECTED',
  'TASK_STATE_AUTH_REQUIRED',
] as const;

/** The lifecycle state of a task; reads the name or the proto number, writes the name. */
export const TaskStateSchema = protoEnum(TASK_STATES);
/** A `TASK_STATE_*` name. */
export type TaskState = z.infer<typeof TaskStateSchema>;
