import { A2AError, type ListTasksRequest, type ListTasksResponse } from '@baton/protocol';
import type { TaskScope, TaskStore } from '../store/task-store.ts';
import { checkHistoryLength } from './call-scope.ts';

/** The page size ListTasks uses when the request has none (spec: default 50). */
export const DEFAULT_LIST_PAGE_SIZE = 50;
/** The largest page size ListTasks accepts (spec: 1..100). */
export const MAX_LIST_PAGE_SIZE = 100;

/**
 * Answers ListTasks from the store for the caller's scope: checks `pageSize` (1..100, default 50) and
 * `historyLength`, and fills in the response's `pageSize` and a `nextPageToken` that is `""` on the last page.
 */
export async function listTasks(
  store: TaskStore,
  request: ListTasksRequest,
  scope: TaskScope,
): Promise<ListTasksResponse> {
  const pageSize = request.pageSize ?? DEFAULT_LIST_PAGE_SIZE;
  if (pageSize < 1 || pageSize > MAX_LIST_PAGE_SIZE) {
    throw A2AError.invalidParams(`pageSize must be between 1 and ${MAX_LIST_PAGE_SIZE}, got ${pageSize}`, [
      { field: 'pageSize', description: `must be between 1 and ${MAX_LIST_PAGE_SIZE}` },
    ]);
  }
  const page = await store.list({
    scope,
    contextId: request.contextId || undefined,
    status: request.status === 'TASK_STATE_UNSPECIFIED' ? undefined : request.status,
    statusTimestampAfter: request.statusTimestampAfter,
    pageSize,
    pageToken: request.pageToken || undefined,
    historyLength: checkHistoryLength(request.historyLength, 'historyLength'),
    includeArtifacts: request.includeArtifacts ?? false,
  });
  return { tasks: page.tasks, nextPageToken: page.nextPageToken, pageSize, totalSize: page.totalSize };
}
