import * as z from 'zod/mini';
import { RoleSchema as ProtoRoleSchema, ROLES } from '../../v1/role.ts';
import { preprocess } from '../../wire/preprocess.ts';
import { protoEnum } from '../../wire/proto-json.ts';

/** Every 0.3 proto `TaskState` name, indexed by its proto number (note `CANCELLED` with two Ls). */
export const TASK_STATES = [
  'TASK_STATE_UNSPECIFIED',
  'TASK_STATE_SUBMITTED',
  'TASK_STATE_WORKING',
  'TASK_STATE_COMPLETED',
  'TASK_STATE_FAILED',
  'TASK_STATE_CANCELLED',
  'TASK_STATE_INPUT_REQUIRED',
  'TASK_STATE_REJECTED',
  'TASK_STATE_AUTH_REQUIRED',
] as const;

/**
 * A 0.3 REST task state; reads the name or the proto number, writes the name. The 1.0 spelling
 * `TASK_STATE_CANCELED` is read as `TASK_STATE_CANCELLED`.
 */
export const TaskStateSchema = preprocess(
  (input) => (input === 'TASK_STATE_CANCELED' ? 'TASK_STATE_CANCELLED' : input),
  protoEnum(TASK_STATES),
);
/** A 0.3 `TASK_STATE_*` name. */
export type TaskState = z.infer<typeof TaskStateSchema>;

// The 0.3 proto `Role` enum is the 1.0 one: same names, same numbers.
export { ROLES };

/** The sender of a 0.3 REST message: `ROLE_USER` or `ROLE_AGENT` (name or number); unspecified is rejected. */
export const RoleSchema = ProtoRoleSchema.check(
  z.refine(
    (role): role is Exclude<(typeof ROLES)[number], 'ROLE_UNSPECIFIED'> => role !== 'ROLE_UNSPECIFIED',
    { error: 'role must be ROLE_USER or ROLE_AGENT' },
  ),
);
/** A 0.3 `ROLE_*` name. */
export type Role = z.infer<typeof RoleSchema>;
