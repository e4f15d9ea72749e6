import type { TaskState } from '@baton/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listInWriteOrder, listRecords } from './list-records.ts';
import { ListingOrder, type OrderedEntry } from './listing-order.ts';
import { scopeKey } from './scope-key.ts';
import { TaskRecord } from './task-record.ts';
import type { TaskQuery, TaskScope } from './task-store.ts';

const STATES: TaskState[] = ['TASK_STATE_WORKING', 'TASK_STATE_COMPLETED', 'TASK_STATE_FAILED'];
const SCOPES: TaskScope[] = [{}, { ownerId: 'me' }];
const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms).toISOString();

type Op =
  | { kind: 'create'; scope: number; context: number; state: number; step: number }
  | { kind: 'status'; pick: number; state: number; step: number }
  | { kind: 'evict'; pick: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    scope: fc.nat(1),
    context: fc.nat(2),
    state: fc.nat(2),
    step: fc.nat(2),
  }),
  fc.record({ kind: fc.constant('status' as const), pick: fc.nat(), state: fc.nat(2), step: fc.nat(2) }),
  fc.record({ kind: fc.constant('evict' as const), pick: fc.nat() }),
);

/** Plays the ops on live entries as the in-memory store does, with times that never go back (or do, when asked). */
function play(ops: readonly Op[], goBack = false) {
  const order = new ListingOrder();
  const live: OrderedEntry[] = [];
  let sequence = 0;
  let time = 0;
  for (const [index, step] of ops.entries()) {
    // `step` 0 writes in the same millisecond as the last write, so ties are covered.
    time += step.kind === 'evict' ? 0 : step.step;
    const stamp = goBack && index % 3 === 2 ? time - 15 : time;
    if (step.kind === 'create') {
      const scope = SCOPES[step.scope] ?? {};
      const record = new TaskRecord(
        {
          id: `t${index}`,
          contextId: `c${step.context}`,
          status: { state: STATES[step.state] ?? 'TASK_STATE_WORKING', timestamp: at(stamp) },
        },
        scope,
      );
      const entry = { record, sequence: ++sequence, scopeKey: scopeKey(scope), removed: false, slot: -1 };
      live.push(entry);
      order.add(entry);
    } else if (live.length > 0) {
      const position = step.pick % live.length;
      const entry = live[position] as OrderedEntry;
      if (step.kind === 'evict') {
        live.splice(position, 1);
        order.remove(entry);
      } else {
        entry.record.setStatus({ state: STATES[step.state] ?? 'TASK_STATE_WORKING', timestamp: at(stamp) });
        entry.sequence = ++sequence;
        order.moved(entry);
      }
    }
  }
  return { order, live, lastTime: time };
}

/** Every page of `query`, following the tokens, as ids plus each page's totalSize. */
function pages(list: (pageToken?: string) => ReturnType<typeof listRecords>) {
  const seen: { ids: string[]; total: number }[] = [];
  let token: string | undefined;
  do {
    const { page } = list(token);
    seen.push({ ids: page.tasks.map((task) => task.id), total: page.totalSize });
    token = page.nextPageToken || undefined;
  } while (token && seen.length < 1000);
  return seen;
}

describe('listing in write order', () => {
  it('gives the same pages as sorting every task, for any writes whose times never go back', () => {
    const query = fc.record({
      scope: fc.nat(1),
      pageSize: fc.integer({ min: 1, max: 6 }),
      context: fc.option(fc.nat(2), { nil: undefined }),
      state: fc.option(fc.nat(2), { nil: undefined }),
      after: fc.option(fc.nat(40), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), query, (ops, q) => {
        const { order, live } = play(ops);
        expect(order.ordered).toBe(true);
        const base: TaskQuery = {
          scope: SCOPES[q.scope] ?? {},
          pageSize: q.pageSize,
          ...(q.context === undefined ? {} : { contextId: `c${q.context}` }),
          ...(q.state === undefined ? {} : { status: STATES[q.state] }),
          ...(q.after === undefined ? {} : { statusTimestampAfter: at(q.after) }),
        };
        const fast = pages((pageToken) => listInWriteOrder(order, { ...base, pageToken }));
        const sorted = pages((pageToken) => listRecords(live, { ...base, pageToken }));
        expect(fast).toEqual(sorted);
      }),
      { numRuns: 300 },
    );
  });

  it('says when a time went back, so the store sorts instead', () => {
    const ops: Op[] = [0, 1, 2, 3].map(() => ({ kind: 'create', scope: 0, context: 0, state: 0, step: 10 }));
    expect(play(ops, true).order.ordered).toBe(false);
    expect(play(ops).order.ordered).toBe(true);
  });

  it('drops stale slots once they outnumber the live ones, and finds the order again', () => {
    const creates: Op[] = [0, 1, 2].map(() => ({ kind: 'create', scope: 0, context: 0, state: 0, step: 10 }));
    const { order, live } = play(creates, true);
    expect(order.ordered).toBe(false);
    // Rewriting every task with a new time puts them back in order; compaction notices.
    let sequence = 100;
    for (let round = 0; round < 2000; round++) {
      for (const entry of live) {
        entry.record.setStatus({ state: 'TASK_STATE_WORKING', timestamp: at(1000 + sequence) });
        entry.sequence = ++sequence;
        order.moved(entry);
      }
    }
    expect(order.ordered).toBe(true);
    expect([...order.newestFirst()].map((entry) => entry.record.id)).toEqual(
      live.map((entry) => entry.record.id).reverse(),
    );
  });

  it('counts tasks per scope as they come and go', () => {
    const ops: Op[] = [
      { kind: 'create', scope: 0, context: 0, state: 0, step: 1 },
      { kind: 'create', scope: 1, context: 0, state: 0, step: 1 },
      { kind: 'create', scope: 1, context: 0, state: 0, step: 1 },
      { kind: 'evict', pick: 1 },
    ];
    const { order } = play(ops);
    expect(order.countInScope(scopeKey({}))).toBe(1);
    expect(order.countInScope(scopeKey({ ownerId: 'me' }))).toBe(1);
  });
});
