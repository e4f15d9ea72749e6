import { isA2AError, type Task, type TaskState } from '@baton/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createInMemoryTaskStore } from './in-memory-task-store.ts';
import type { TaskScope } from './task-store.ts';

function task(id: string, state: TaskState, timestamp = '2026-01-01T00:00:00.000Z', contextId = 'c1'): Task {
  return { id, contextId, status: { state, timestamp } };
}

function clock(start = 0) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('in-memory task store eviction', () => {
  it('evicts the least recently used finished tasks beyond the bound', async () => {
    const store = createInMemoryTaskStore({ maxFinishedTasks: 2 });
    await store.create(task('a', 'TASK_STATE_COMPLETED'), {});
    await store.create(task('b', 'TASK_STATE_FAILED'), {});
    await store.get('a'); // a is now more recently used than b
    await store.create(task('c', 'TASK_STATE_CANCELED'), {});
    expect(await store.get('b')).toBeUndefined();
    expect(await store.get('a')).toBeDefined();
    expect(await store.get('c')).toBeDefined();
    expect(store.size).toBe(2);
  });

  it('tells onEvict which tasks it evicted, so their push configs can go too', async () => {
    const evicted: string[] = [];
    const store = createInMemoryTaskStore({ maxFinishedTasks: 1, onEvict: (id) => evicted.push(id) });
    await store.create(task('a', 'TASK_STATE_COMPLETED'), {});
    await store.create(task('b', 'TASK_STATE_WORKING'), {});
    await store.create(task('c', 'TASK_STATE_COMPLETED'), {});
    expect(evicted).toEqual(['a']);
  });

  it('never evicts running or interrupted tasks, however many there are', async () => {
    const store = createInMemoryTaskStore({ maxFinishedTasks: 1 });
    for (let i = 0; i < 5; i += 1) await store.create(task(`w${i}`, 'TASK_STATE_WORKING'), {});
    await store.create(task('input', 'TASK_STATE_INPUT_REQUIRED'), {});
    await store.create(task('done1', 'TASK_STATE_COMPLETED'), {});
    await store.create(task('done2', 'TASK_STATE_COMPLETED'), {});
    expect(store.size).toBe(7);
    expect(await store.get('done1')).toBeUndefined();
    for (let i = 0; i < 5; i += 1) expect(await store.get(`w${i}`)).toBeDefined();
    expect(await store.get('input')).toBeDefined();
  });

  it('counts a task as finished from the status update that ends it', async () => {
    const store = createInMemoryTaskStore({ maxFinishedTasks: 1 });
    await store.create(task('a', 'TASK_STATE_WORKING'), {});
    await store.create(task('b', 'TASK_STATE_WORKING'), {});
    await store.setStatus('a', { state: 'TASK_STATE_COMPLETED' });
    expect(store.size).toBe(2);
    await store.setStatus('b', { state: 'TASK_STATE_COMPLETED' });
    expect(await store.get('a')).toBeUndefined();
    expect(await store.get('b')).toBeDefined();
  });

  it('evicts finished tasks unused for longer than the TTL, and keeps running ones', async () => {
    const time = clock();
    const store = createInMemoryTaskStore({ finishedTaskTtlMs: 1000, now: time.now });
    await store.create(task('old', 'TASK_STATE_COMPLETED'), {});
    await store.create(task('running', 'TASK_STATE_WORKING'), {});
    time.advance(600);
    await store.create(task('young', 'TASK_STATE_COMPLETED'), {});
    time.advance(600);
    expect(await store.get('old')).toBeUndefined();
    expect(await store.get('young')).toBeDefined();
    time.advance(5000);
    expect(await store.get('young')).toBeUndefined();
    expect(await store.get('running')).toBeDefined();
  });

  it('rejects writes to a task it does not have with TaskNotFound', async () => {
    const store = createInMemoryTaskStore();
    const error = await store.setStatus('nope', { state: 'TASK_STATE_WORKING' }).catch((e: unknown) => e);
    expect(isA2AError(error, 'TaskNotFoundError')).toBe(true);
  });
});

describe('in-memory task store listing', () => {
  const alice: TaskScope = { ownerId: 'alice' };

  async function seeded() {
    const store = createInMemoryTaskStore();
    await store.create(task('t1', 'TASK_STATE_COMPLETED', '2026-01-01T00:00:01.000Z', 'c1'), alice);
    await store.create(task('t2', 'TASK_STATE_WORKING', '2026-01-01T00:00:03.000Z', 'c2'), alice);
    await store.create(task('t3', 'TASK_STATE_COMPLETED', '2026-01-01T00:00:02.000Z', 'c1'), alice);
    await store.create(task('bob', 'TASK_STATE_WORKING', '2026-01-01T00:00:09.000Z', 'c1'), {
      ownerId: 'bob',
    });
    await store.create(task('other-tenant', 'TASK_STATE_WORKING', '2026-01-01T00:00:09.000Z', 'c1'), {
      ownerId: 'alice',
      tenant: 'x',
    });
    return store;
  }

  it('lists only the scope, newest status first', async () => {
    const page = await (await seeded()).list({ scope: alice, pageSize: 50 });
    expect(page.tasks.map((t) => t.id)).toEqual(['t2', 't3', 't1']);
    expect(page).toMatchObject({ totalSize: 3, nextPageToken: '' });
  });

  it('filters by context, state and status time', async () => {
    const store = await seeded();
    const ids = async (extra: object) =>
      (await store.list({ scope: alice, pageSize: 50, ...extra })).tasks.map((t) => t.id);
    expect(await ids({ contextId: 'c1' })).toEqual(['t3', 't1']);
    expect(await ids({ status: 'TASK_STATE_COMPLETED' })).toEqual(['t3', 't1']);
    expect(await ids({ statusTimestampAfter: '2026-01-01T00:00:02.000Z' })).toEqual(['t2', 't3']);
    expect(await ids({ statusTimestampAfter: '2026-01-01T01:00:02+01:00' })).toEqual(['t2', 't3']);
  });

  it('pages with a token until the last page, whose token is empty', async () => {
    const store = await seeded();
    const first = await store.list({ scope: alice, pageSize: 2 });
    expect(first.tasks.map((t) => t.id)).toEqual(['t2', 't3']);
    expect(first.nextPageToken).not.toBe('');
    const second = await store.list({ scope: alice, pageSize: 2, pageToken: first.nextPageToken });
    expect(second.tasks.map((t) => t.id)).toEqual(['t1']);
    expect(second).toMatchObject({ nextPageToken: '', totalSize: 3 });
  });

  it('breaks timestamp ties by the latest write, and pages through ties without gaps or repeats', async () => {
    const store = createInMemoryTaskStore();
    for (const id of ['a', 'b', 'c', 'd', 'e']) await store.create(task(id, 'TASK_STATE_WORKING'), {});
    const seen: string[] = [];
    let pageToken: string | undefined;
    do {
      const page = await store.list({ scope: {}, pageSize: 2, pageToken });
      seen.push(...page.tasks.map((t) => t.id));
      pageToken = page.nextPageToken || undefined;
    } while (pageToken);
    expect(seen).toEqual(['e', 'd', 'c', 'b', 'a']);
  });

  it('rejects a page token it did not issue with InvalidParams', async () => {
    const error = await (await seeded())
      .list({ scope: alice, pageSize: 2, pageToken: 'garbage' })
      .catch((e: unknown) => e);
    expect(isA2AError(error, 'InvalidParamsError')).toBe(true);
  });

  it('leaves artifacts out unless asked', async () => {
    const store = createInMemoryTaskStore();
    await store.create(task('t', 'TASK_STATE_WORKING'), {});
    await store.appendArtifact(
      't',
      { artifactId: 'a', parts: [{ text: 'x' }] },
      { append: false, lastChunk: true },
    );
    expect((await store.list({ scope: {}, pageSize: 1 })).tasks[0]).not.toHaveProperty('artifacts');
    expect(
      (await store.list({ scope: {}, pageSize: 1, includeArtifacts: true })).tasks[0]?.artifacts,
    ).toHaveLength(1);
  });
});

describe('in-memory task store paging (property)', () => {
  it('returns every matching task exactly once, newest first, for any page size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ second: fc.integer({ min: 0, max: 5 }), mine: fc.boolean() }), {
          maxLength: 30,
        }),
        fc.integer({ min: 1, max: 7 }),
        async (specs, pageSize) => {
          const store = createInMemoryTaskStore();
          for (const [index, spec] of specs.entries()) {
            const timestamp = `2026-01-01T00:00:0${spec.second}.000Z`;
            await store.create(
              task(`t${index}`, 'TASK_STATE_WORKING', timestamp),
              spec.mine ? { ownerId: 'me' } : {},
            );
          }
          const seen: Task[] = [];
          let pageToken: string | undefined;
          do {
            const page = await store.list({ scope: { ownerId: 'me' }, pageSize, pageToken });
            expect(page.tasks.length).toBeLessThanOrEqual(pageSize);
            seen.push(...page.tasks);
            pageToken = page.nextPageToken || undefined;
          } while (pageToken);
          const mine = specs.filter((spec) => spec.mine).length;
          expect(seen).toHaveLength(mine);
          expect(new Set(seen.map((t) => t.id)).size).toBe(mine);
          const times = seen.map((t) => t.status.timestamp ?? '');
          expect(times).toEqual([...times].sort().reverse());
        },
      ),
    );
  });
});
