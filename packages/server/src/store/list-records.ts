import { toTimestamp } from '@baton/protocol';
import { isSameScope } from './is-same-scope.ts';
import { decodePageToken, encodePageToken, type PagePosition } from './page-token.ts';
import type { TaskRecord } from './task-record.ts';
import type { TaskPage, TaskQuery } from './task-store.ts';

/** A record with the write sequence that breaks ties between equal status timestamps. */
export interface ListedRecord {
  readonly record: TaskRecord;
  readonly sequence: number;
}

/** A page of tasks plus the records on it (so the store can mark them as used). */
export interface ListedPage {
  readonly page: TaskPage;
  readonly records: readonly TaskRecord[];
}

/**
 * Filters, orders (newest status timestamp first, then latest write first) and pages records for a
 * ListTasks query. The page token is the sort key of the last task returned, so a page stays correct when
 * tasks are added or updated between requests.
 */
export function listRecords(records: Iterable<ListedRecord>, query: TaskQuery): ListedPage {
  const after =
    query.statusTimestampAfter === undefined
      ? undefined
      : Date.parse(toTimestamp(query.statusTimestampAfter));
  const matching: ListedRecord[] = [];
  for (const entry of records) {
    const { record } = entry;
    if (!isSameScope(record.scope, query.scope)) continue;
    if (query.contextId !== undefined && record.contextId !== query.contextId) continue;
    if (query.status !== undefined && record.state !== query.status) continue;
    if (after !== undefined && record.statusTimestamp < after) continue;
    matching.push(entry);
  }
  matching.sort(compareNewestFirst);
  const start = query.pageToken ? firstAfter(matching, decodePageToken(query.pageToken)) : 0;
  const page = matching.slice(start, start + query.pageSize);
  const lastOnPage = page.at(-1);
  const hasMore = start + page.length < matching.length;
  const options = { historyLength: query.historyLength, includeArtifacts: query.includeArtifacts ?? false };
  return {
    page: {
      tasks: page.map((entry) => entry.record.snapshot(options)),
      nextPageToken: hasMore && lastOnPage ? encodePageToken(positionOf(lastOnPage)) : '',
      totalSize: matching.length,
    },
    records: page.map((entry) => entry.record),
  };
}

function positionOf(entry: ListedRecord): PagePosition {
  return { time: entry.record.statusTimestamp, sequence: entry.sequence };
}

function compareNewestFirst(a: ListedRecord, b: ListedRecord): number {
  return b.record.statusTimestamp - a.record.statusTimestamp || b.sequence - a.sequence;
}

// Index of the first entry that sorts after `position`; binary search over the sorted list.
function firstAfter(sorted: readonly ListedRecord[], position: PagePosition): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const entry = sorted[middle];
    if (entry && isAtOrBefore(entry, position)) low = middle + 1;
    else high = middle;
  }
  return low;
}

// Whether `entry` sorts at or before `position` in newest-first order.
function isAtOrBefore(entry: ListedRecord, position: PagePosition): boolean {
  const time = entry.record.statusTimestamp;
  return time > position.time || (time === position.time && entry.sequence >= position.sequence);
}
