import { A2AError } from '@baton/protocol';
import type { TaskScope } from '../store/task-store.ts';
import type { CallContext } from '../vocabulary/call-context.ts';

/** The scope a call sees: its tenant (from the binding, else the request) and its user's id. */
export function scopeOfCall(call: CallContext, requestTenant?: string): TaskScope {
  return { tenant: call.tenant ?? (requestTenant || undefined), ownerId: call.user?.id };
}

/** Rejects a `historyLength` below 0 with InvalidParams naming `field`; returns it otherwise. */
export function checkHistoryLength(value: number | undefined, field: string): number | undefined {
  if (value === undefined || value >= 0) return value;
  throw A2AError.invalidParams(`${field} must be 0 or more`, [
    { field, description: 'must be 0 (no history), a positive number, or left out (all history)' },
  ]);
}
