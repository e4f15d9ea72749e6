import type { TaskScope } from './task-store.ts';

/** Whether a task in `scope` is visible to a caller in `viewer` (same tenant, same owner). */
export function isSameScope(scope: TaskScope, viewer: TaskScope): boolean {
  return scope.tenant === viewer.tenant && scope.ownerId === viewer.ownerId;
}
