import { toTimestamp } from '@baton/protocol';
import { isSameScope } from './is-same-scope.ts';
import type { ListingOrder } from './listing-order.ts';
import { decodePageToken, encodePageToken, type PagePosition } from './page-token.ts';
import { scopeKey } from './scope-key.ts';
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
  const after = afterTime(query);
  const matching: ListedRecord[] = [];
  for (const entry of records) {
    if (matches(entry.record, query, after)) matching.push(entry);
  }
  matching.sort(compareNewestFirst);
  const start = query.pageToken ? firstAfter(matching, decodePageToken(query.pageToken)) : 0;
  const page = matching.slice(start, start + query.pageSize);
  return toPage(page, start + page.length < matching.length, matching.length, query);
}

/**
 * The same page as {@link listRecords}, read from the newest end of a {@link ListingOrder} that is `ordered`:
 * no sort and no list of every match. Only the page (and one more match, to know whether there is more) is
 * visited when the query filters by nothing but its scope, whose size is counted as tasks come and go; a
 * query with filters counts its matches in one more pass, stopping early at `statusTimestampAfter`.
 */
export function listInWriteOrder(order: ListingOrder, query: TaskQuery): ListedPage {
  const after = afterTime(query);
  // In write order a page token's sequence alone says where the page ended (see ListingOrder).
  const below = query.pageToken ? decodePageToken(query.pageToken).sequence : undefined;
  const page: ListedRecord[] = [];
  let hasMore = false;
  for (const entry of order.newestFirst(below)) {
    // Newest first: once a task is older than the filter, so are all the rest.
    if (after !== undefined && entry.record.statusTimestamp < after) break;
    if (!matches(entry.record, query, after)) continue;
    if (page.length === query.pageSize) {
      hasMore = true;
      break;
    }
    page.push(entry);
  }
  const filtered = query.contextId !== undefined || query.status !== undefined || after !== undefined;
  if (!filtered) return toPage(page, hasMore, order.countInScope(scopeKey(query.scope)), query);
  let seen = 0;
  for (const entry of order.newestFirst()) {
    if (after !== undefined && entry.record.statusTimestamp < after) break;
    if (matches(entry.record, query, after)) seen += 1;
  }
  return toPage(page, hasMore, seen, query);
}

function afterTime(query: TaskQuery): number | undefined {
  return query.statusTimestampAfter === undefined
    ? undefined
    : Date.parse(toTimestamp(query.statusTimestampAfter));
}

function matches(record: TaskRecord, query: TaskQuery, after: number | undefined): boolean {
  if (!isSameScope(record.scope, query.scope)) return false;
  if (query.contextId !== undefined && record.contextId !== query.contextId) return false;
  if (query.status !== undefined && record.state !== query.status) return false;
  return after === undefined || record.statusTimestamp >= after;
}

function toPage(page: ListedRecord[], hasMore: boolean, totalSize: number, query: TaskQuery): ListedPage {
  const lastOnPage = page.at(-1);
  const options = { historyLength: query.historyLength, includeArtifacts: query.includeArtifacts ?? false };
  return {
    page: {
      tasks: page.map((entry) => entry.record.snapshot(options)),
      nextPageToken: hasMore && lastOnPage ? encodePageToken(positionOf(lastOnPage)) : '',
      totalSize,
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
