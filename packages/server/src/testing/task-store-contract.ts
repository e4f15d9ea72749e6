import { isA2AError, type Message, type Task, type TaskState } from '@baton/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TaskScope, TaskStore } from '../store/task-store.ts';
import { keptUserMessage, messageFingerprint } from '../task/message-fingerprint.ts';

/** How {@link describeTaskStoreContract} gets a store. */
export interface TaskStoreContractOptions {
  /** A new, empty store for each test. */
  readonly createStore: () => Promise<TaskStore>;
  /** Runs of the paging property; lower it for slow backends. Default 100. */
  readonly propertyRuns?: number;
  /** A new, empty store that keeps this many events per task for replay; without it the window test is skipped. */
  readonly createStoreWithReplayWindow?: (replayWindow: number) => Promise<TaskStore>;
}

const at = (second: number) => `2026-01-01T00:00:${String(second).padStart(2, '0')}.000Z`;

function task(id: string, state: TaskState, timestamp = at(0), contextId = 'c1'): Task {
  return { id, contextId, status: { state, timestamp } };
}

function message(id: string, text = id): Message {
  return { messageId: id, role: 'ROLE_USER', parts: [{ text }] };
}

/**
 * The behaviour every `TaskStore` must have, as one vitest suite: reads and writes, history and artifact
 * semantics, scoping, listing filters and paging. Each durable backend runs it against its real database.
 *
 * @example
 * describeTaskStoreContract('sqlite', { createStore: async () => createSqliteStores({ path: ':memory:' }).tasks });
 */
export function describeTaskStoreContract(name: string, options: TaskStoreContractOptions): void {
  const { createStore } = options;

  describe(`${name}: TaskStore contract, replay of a task's events`, () => {
    const status = (state: TaskState, text?: string) => ({
      state,
      timestamp: at(2),
      ...(text === undefined
        ? {}
        : { message: { messageId: `s-${text}`, role: 'ROLE_AGENT' as const, parts: [{ text }] } }),
    });

    async function streamed(store: TaskStore) {
      await store.create({ ...task('t1', 'TASK_STATE_SUBMITTED'), history: [message('m1')] }, {});
      const working = status('TASK_STATE_WORKING', 'on it');
      await store.addMessage('t1', working.message as Message);
      await store.setStatus('t1', working);
      await store.appendArtifact(
        't1',
        { artifactId: 'a1', name: 'doc', parts: [{ text: 'Hel' }] },
        { append: false, lastChunk: false },
      );
      await store.appendArtifact(
        't1',
        { artifactId: 'a1', parts: [{ text: 'lo' }] },
        { append: true, lastChunk: true },
      );
      await store.setStatus('t1', status('TASK_STATE_COMPLETED'));
      return working;
    }

    it('replays the status and artifact events after a generation, as published, each with its generation', async (context) => {
      const store = await createStore();
      if (!store.eventsAfter) return context.skip();
      const working = await streamed(store);
      const ids = { taskId: 't1', contextId: 'c1' };
      expect(await store.eventsAfter('t1', 1)).toEqual({
        complete: true,
        generation: 5,
        events: [
          { generation: 2, event: { statusUpdate: { ...ids, status: working } } },
          {
            generation: 3,
            event: {
              artifactUpdate: {
                ...ids,
                artifact: { artifactId: 'a1', name: 'doc', parts: [{ text: 'Hel' }] },
                append: false,
                lastChunk: false,
              },
            },
          },
          {
            generation: 4,
            event: {
              artifactUpdate: {
                ...ids,
                artifact: { artifactId: 'a1', parts: [{ text: 'lo' }] },
                append: true,
                lastChunk: true,
              },
            },
          },
          { generation: 5, event: { statusUpdate: { ...ids, status: status('TASK_STATE_COMPLETED') } } },
        ],
      });
      expect((await store.eventsAfter('t1', 3))?.events.map((entry) => entry.generation)).toEqual([4, 5]);
      expect(await store.eventsAfter('t1', 5)).toEqual({ complete: true, events: [], generation: 5 });
      expect(await store.eventsAfter('t1', 9)).toEqual({ complete: true, events: [], generation: 5 });
    });

    it('makes a task with its first write as creating it and then writing would (createWith)', async (context) => {
      const store = await createStore();
      if (!store.createWith) return context.skip();
      const working = status('TASK_STATE_WORKING', 'on it');
      const created = { ...task('t1', 'TASK_STATE_SUBMITTED'), history: [message('m1')] };
      expect(await store.createWith(created, {}, { status: working, message: working.message })).toBe(2);
      const chunk = { artifactId: 'a1', name: 'doc', parts: [{ text: 'Hel' }] };
      const first = { artifact: chunk, chunk: { append: false, lastChunk: false } };
      expect(await store.createWith({ ...created, id: 't2', history: [message('m2')] }, {}, first)).toBe(2);
      expect(
        await store.appendArtifact(
          't2',
          { artifactId: 'a1', parts: [{ text: 'lo' }] },
          { append: true, lastChunk: true },
        ),
      ).toBe(3);

      const one = await store.get('t1');
      expect(one?.version).toBe(2);
      expect(one?.task.status).toEqual(working);
      expect(one?.task.history).toEqual([message('m1'), working.message]);
      const two = await store.get('t2');
      expect(two?.task.status.state).toBe('TASK_STATE_SUBMITTED');
      expect(two?.task.artifacts).toEqual([
        { artifactId: 'a1', name: 'doc', parts: [{ text: 'Hel' }, { text: 'lo' }] },
      ]);
      if (!store.eventsAfter) return;
      expect((await store.eventsAfter('t1', 1))?.events).toEqual([
        { generation: 2, event: { statusUpdate: { taskId: 't1', contextId: 'c1', status: working } } },
      ]);
      expect((await store.eventsAfter('t2', 1))?.events.map((entry) => entry.generation)).toEqual([2, 3]);
      expect((await store.eventsAfter('t2', 1))?.events[0]?.event).toEqual({
        artifactUpdate: { taskId: 't2', contextId: 'c1', artifact: chunk, append: false, lastChunk: false },
      });
      // The same id again: refused, and the first task stays as it was.
      await expect(
        store.createWith(created, {}, { status: status('TASK_STATE_COMPLETED') }),
      ).rejects.toThrow();
      expect((await store.get('t1'))?.task.status).toEqual(working);
    });

    it('does not replay the creation (a resume from 0 gets the snapshot) and knows no unknown task', async (context) => {
      const store = await createStore();
      if (!store.eventsAfter) return context.skip();
      await streamed(store);
      expect(await store.eventsAfter('t1', 0)).toEqual({ complete: false, events: [], generation: 5 });
      expect(await store.eventsAfter('missing', 0)).toBeUndefined();
    });

    it("keeps a bounded window of each task's latest events, and says when a resume reaches past it", async (context) => {
      if (!options.createStoreWithReplayWindow) return context.skip();
      const store = await options.createStoreWithReplayWindow(3);
      await store.create(task('t1', 'TASK_STATE_SUBMITTED'), {});
      await store.create(task('t2', 'TASK_STATE_SUBMITTED'), {});
      await store.setStatus('t1', status('TASK_STATE_WORKING'));
      for (const text of ['a', 'b', 'c', 'd']) {
        await store.appendArtifact(
          't1',
          { artifactId: 'a1', parts: [{ text }] },
          { append: text !== 'a', lastChunk: false },
        );
      }
      await store.setStatus('t2', status('TASK_STATE_WORKING'));
      // t1 is at generation 6; the window holds 4, 5 and 6.
      const kept = await store.eventsAfter?.('t1', 3);
      expect(kept?.complete).toBe(true);
      expect(kept?.events.map((entry) => entry.generation)).toEqual([4, 5, 6]);
      expect(
        kept?.events.map((entry) =>
          'artifactUpdate' in entry.event ? entry.event.artifactUpdate.artifact.parts : [],
        ),
      ).toEqual([[{ text: 'b' }], [{ text: 'c' }], [{ text: 'd' }]]);
      expect(await store.eventsAfter?.('t1', 2)).toEqual({ complete: false, events: [], generation: 6 });
      // Each task has its own window.
      expect((await store.eventsAfter?.('t2', 1))?.events.map((entry) => entry.generation)).toEqual([2]);
      // The folded task is whole whatever the window.
      expect((await store.get('t1'))?.task.artifacts).toEqual([
        { artifactId: 'a1', parts: [{ text: 'a' }, { text: 'b' }, { text: 'c' }, { text: 'd' }] },
      ]);
    });
  });

  describe(`${name}: TaskStore contract, reads and writes`, () => {
    it('reads back a created task with its scope, history, artifacts and metadata', async () => {
      const store = await createStore();
      const created: Task = {
        id: 't1',
        contextId: 'c1',
        status: { state: 'TASK_STATE_SUBMITTED', timestamp: at(1) },
        history: [message('m1', 'hello')],
        artifacts: [{ artifactId: 'a1', name: 'doc', parts: [{ data: { n: 1 } }] }],
        metadata: { priority: 'high', nested: { list: [1, 'two', null] } },
      };
      await store.create(created, { tenant: 'acme', ownerId: 'alice' });
      expect(await store.get('t1')).toEqual({
        task: created,
        scope: { tenant: 'acme', ownerId: 'alice' },
        version: 1,
      });
      expect((await store.get('t1'))?.scope).toEqual({ tenant: 'acme', ownerId: 'alice' });
    });

    it('counts status and artifact writes in the generation, which reads report; a history message alone does not', async () => {
      const store = await createStore();
      await store.create({ ...task('t1', 'TASK_STATE_SUBMITTED'), history: [message('m1')] }, {});
      await store.create(task('t2', 'TASK_STATE_SUBMITTED'), {});
      expect((await store.get('t1'))?.version).toBe(1);
      expect(await store.setStatus('t1', { state: 'TASK_STATE_WORKING' })).toBe(2);
      expect(await store.addMessage('t1', message('m2'))).toBe(2);
      const chunk = { append: false, lastChunk: true };
      expect(await store.appendArtifact('t1', { artifactId: 'a', parts: [{ text: 'x' }] }, chunk)).toBe(3);
      expect(await store.setStatus('t2', { state: 'TASK_STATE_WORKING' })).toBe(2);
      expect((await store.get('t1'))?.version).toBe(3);
      expect((await store.get('t1', { historyLength: 0, includeArtifacts: false }))?.version).toBe(3);
      expect((await store.get('t1'))?.task.history?.map((entry) => entry.messageId)).toEqual(['m1', 'm2']);
    });

    it('answers undefined for a task it does not have', async () => {
      const store = await createStore();
      expect(await store.get('missing')).toBeUndefined();
    });

    it('refuses a second task with the same id and keeps the first', async () => {
      const store = await createStore();
      await store.create(task('t1', 'TASK_STATE_WORKING'), {});
      await expect(store.create(task('t1', 'TASK_STATE_COMPLETED'), {})).rejects.toBeDefined();
      expect((await store.get('t1'))?.task.status.state).toBe('TASK_STATE_WORKING');
    });

    it('rejects writes to a task it does not have with TaskNotFound', async () => {
      const store = await createStore();
      const writes = [
        () => store.setStatus('nope', { state: 'TASK_STATE_WORKING' }),
        () => store.addMessage('nope', message('m')),
        () =>
          store.appendArtifact(
            'nope',
            { artifactId: 'a', parts: [{ text: 'x' }] },
            { append: false, lastChunk: true },
          ),
      ];
      for (const write of writes) {
        const error = await write().then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(isA2AError(error, 'TaskNotFoundError')).toBe(true);
      }
    });

    it('replaces the status, with its message, on each status write', async () => {
      const store = await createStore();
      await store.create(task('t1', 'TASK_STATE_SUBMITTED'), {});
      await store.setStatus('t1', { state: 'TASK_STATE_WORKING', timestamp: at(2) });
      const question = { ...message('q', 'Which city?'), role: 'ROLE_AGENT' as const };
      await store.setStatus('t1', {
        state: 'TASK_STATE_INPUT_REQUIRED',
        timestamp: at(3),
        message: question,
      });
      expect((await store.get('t1'))?.task.status).toEqual({
        state: 'TASK_STATE_INPUT_REQUIRED',
        timestamp: at(3),
        message: question,
      });
    });

    it('keeps history in order and trims it by historyLength', async () => {
      const store = await createStore();
      await store.create({ ...task('t1', 'TASK_STATE_WORKING'), history: [message('m1')] }, {});
      for (const id of ['m2', 'm3', 'm4']) await store.addMessage('t1', message(id));
      const ids = async (historyLength?: number) =>
        (await store.get('t1', { historyLength }))?.task.history?.map((m) => m.messageId);
      expect(await ids()).toEqual(['m1', 'm2', 'm3', 'm4']);
      expect(await ids(2)).toEqual(['m3', 'm4']);
      expect(await ids(10)).toEqual(['m1', 'm2', 'm3', 'm4']);
      expect((await store.get('t1', { historyLength: 0 }))?.task).not.toHaveProperty('history');
    });

    it('leaves history out of a task that has none', async () => {
      const store = await createStore();
      await store.create(task('t1', 'TASK_STATE_WORKING'), {});
      expect((await store.get('t1'))?.task).not.toHaveProperty('history');
    });

    it('adds, replaces and extends artifacts as artifact events do', async () => {
      const store = await createStore();
      await store.create(task('t1', 'TASK_STATE_WORKING'), {});
      const write = (artifact: Parameters<TaskStore['appendArtifact']>[1], append: boolean) =>
        store.appendArtifact('t1', artifact, { append, lastChunk: false });
      await write({ artifactId: 'doc', name: 'draft', parts: [{ text: 'one ' }] }, false);
      await write({ artifactId: 'other', parts: [{ text: 'x' }] }, false);
      await write({ artifactId: 'doc', parts: [{ text: 'two ' }], metadata: { a: 1 } }, true);
      await write({ artifactId: 'doc', name: 'final', parts: [{ text: 'three' }], metadata: { b: 2 } }, true);
      await write({ artifactId: 'other', parts: [{ text: 'replaced' }] }, false);
      expect((await store.get('t1'))?.task.artifacts).toEqual([
        {
          artifactId: 'doc',
          name: 'final',
          parts: [{ text: 'one ' }, { text: 'two ' }, { text: 'three' }],
          metadata: { a: 1, b: 2 },
        },
        { artifactId: 'other', parts: [{ text: 'replaced' }] },
      ]);
    });

    it('keeps every one of many appended chunks, in order', async () => {
      const store = await createStore();
      await store.create(task('t1', 'TASK_STATE_WORKING'), {});
      await store.appendArtifact(
        't1',
        { artifactId: 'a', parts: [{ text: '0' }] },
        { append: false, lastChunk: false },
      );
      for (let index = 1; index < 200; index += 1) {
        await store.appendArtifact(
          't1',
          { artifactId: 'a', parts: [{ text: String(index) }] },
          { append: true, lastChunk: index === 199 },
        );
      }
      const parts = (await store.get('t1'))?.task.artifacts?.[0]?.parts ?? [];
      expect(parts.map((part) => ('text' in part ? part.text : ''))).toEqual(
        Array.from({ length: 200 }, (_, index) => String(index)),
      );
    });

    it('leaves artifacts out when asked, and gives [] when always asked for', async () => {
      const store = await createStore();
      await store.create(task('t1', 'TASK_STATE_WORKING'), {});
      expect((await store.get('t1'))?.task).not.toHaveProperty('artifacts');
      expect((await store.get('t1', { includeArtifacts: true }))?.task.artifacts).toEqual([]);
      await store.appendArtifact(
        't1',
        { artifactId: 'a', parts: [{ text: 'x' }] },
        { append: false, lastChunk: true },
      );
      expect((await store.get('t1', { includeArtifacts: false }))?.task).not.toHaveProperty('artifacts');
    });

    it('hands out snapshots that later writes do not change, and never changes what it was given', async () => {
      const store = await createStore();
      const created: Task = { ...task('t1', 'TASK_STATE_WORKING'), history: [message('m1')] };
      const given = structuredClone(created);
      await store.create(created, {});
      const chunk = { artifactId: 'a', parts: [{ text: 'x' }] };
      await store.appendArtifact('t1', chunk, { append: false, lastChunk: false });
      const before = (await store.get('t1'))?.task;
      await store.addMessage('t1', message('m2'));
      await store.appendArtifact(
        't1',
        { artifactId: 'a', parts: [{ text: 'y' }] },
        { append: true, lastChunk: true },
      );
      expect(before?.history).toHaveLength(1);
      expect(before?.artifacts?.[0]?.parts).toHaveLength(1);
      expect(created).toEqual(given);
      expect(chunk.parts).toHaveLength(1);
    });
  });

  describe(`${name}: TaskStore contract, listing`, () => {
    const alice: TaskScope = { ownerId: 'alice' };

    async function seeded(): Promise<TaskStore> {
      const store = await createStore();
      await store.create(task('t1', 'TASK_STATE_COMPLETED', at(1), 'c1'), alice);
      await store.create(task('t2', 'TASK_STATE_WORKING', at(3), 'c2'), alice);
      await store.create(task('t3', 'TASK_STATE_COMPLETED', at(2), 'c1'), alice);
      await store.create(task('bob', 'TASK_STATE_WORKING', at(9), 'c1'), { ownerId: 'bob' });
      await store.create(task('other-tenant', 'TASK_STATE_WORKING', at(9), 'c1'), {
        ownerId: 'alice',
        tenant: 'x',
      });
      await store.create(task('empty-tenant', 'TASK_STATE_WORKING', at(9), 'c1'), {
        ownerId: 'alice',
        tenant: '',
      });
      return store;
    }

    it('lists only the scope, newest status first', async () => {
      const page = await (await seeded()).list({ scope: alice, pageSize: 50 });
      expect(page.tasks.map((t) => t.id)).toEqual(['t2', 't3', 't1']);
      expect(page).toMatchObject({ totalSize: 3, nextPageToken: '' });
    });

    it('tells an empty tenant from no tenant', async () => {
      const page = await (await seeded()).list({ scope: { ownerId: 'alice', tenant: '' }, pageSize: 50 });
      expect(page.tasks.map((t) => t.id)).toEqual(['empty-tenant']);
    });

    it('filters by context, state and status time', async () => {
      const store = await seeded();
      const ids = async (extra: object) =>
        (await store.list({ scope: alice, pageSize: 50, ...extra })).tasks.map((t) => t.id);
      expect(await ids({ contextId: 'c1' })).toEqual(['t3', 't1']);
      expect(await ids({ status: 'TASK_STATE_COMPLETED' })).toEqual(['t3', 't1']);
      expect(await ids({ contextId: 'c1', status: 'TASK_STATE_WORKING' })).toEqual([]);
      expect(await ids({ statusTimestampAfter: at(2) })).toEqual(['t2', 't3']);
      expect(await ids({ statusTimestampAfter: '2026-01-01T01:00:02+01:00' })).toEqual(['t2', 't3']);
    });

    it('follows status changes in filters and order', async () => {
      const store = await seeded();
      await store.setStatus('t1', { state: 'TASK_STATE_WORKING', timestamp: at(5) });
      const page = await store.list({ scope: alice, pageSize: 50, status: 'TASK_STATE_WORKING' });
      expect(page.tasks.map((t) => t.id)).toEqual(['t1', 't2']);
      expect(page.totalSize).toBe(2);
      const total = async (extra: object) =>
        (await store.list({ scope: alice, pageSize: 1, ...extra })).totalSize;
      expect(await total({})).toBe(3);
      expect(await total({ status: 'TASK_STATE_COMPLETED' })).toBe(1);
      expect(await total({ status: 'TASK_STATE_CANCELED' })).toBe(0);
      expect(await total({ contextId: 'c1' })).toBe(2);
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

    it('pages through equal timestamps without gaps or repeats, latest first', async () => {
      const store = await createStore();
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

    it('includes artifacts and history in listed tasks only as asked', async () => {
      const store = await createStore();
      await store.create({ ...task('t', 'TASK_STATE_WORKING'), history: [message('m1'), message('m2')] }, {});
      await store.appendArtifact(
        't',
        { artifactId: 'a', parts: [{ text: 'x' }] },
        { append: false, lastChunk: true },
      );
      const list = async (extra: object) => (await store.list({ scope: {}, pageSize: 1, ...extra })).tasks[0];
      expect(await list({ includeArtifacts: false })).not.toHaveProperty('artifacts');
      expect((await list({ includeArtifacts: true }))?.artifacts).toHaveLength(1);
      expect((await list({ historyLength: 1 }))?.history?.map((m) => m.messageId)).toEqual(['m2']);
      expect(await list({ historyLength: 0 })).not.toHaveProperty('history');
      expect((await list({}))?.history).toHaveLength(2);
    });

    it('returns every matching task exactly once, newest first, for any page size', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.record({ second: fc.integer({ min: 0, max: 5 }), mine: fc.boolean() }), {
            maxLength: 30,
          }),
          fc.integer({ min: 1, max: 7 }),
          async (specs, pageSize) => {
            const store = await createStore();
            for (const [index, spec] of specs.entries()) {
              await store.create(
                task(`t${index}`, 'TASK_STATE_WORKING', at(spec.second)),
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
        { numRuns: options.propertyRuns ?? 100 },
      );
    });
  });

  describe(`${name}: TaskStore contract, messages found by id`, () => {
    it('finds the task of a user message by its id, in the scope, within the window', async (context) => {
      const store = await createStore();
      if (store.findUserMessage === undefined) return context.skip('this store keeps no message ids');
      const alice = { ownerId: 'alice' };
      await store.create(
        { ...task('t1', 'TASK_STATE_SUBMITTED', at(5)), history: [message('first')] },
        alice,
      );
      await store.create({ ...task('t2', 'TASK_STATE_WORKING', at(5)), history: [message('other')] }, alice);
      await store.addMessage('t1', message('answer'));
      await store.addMessage('t1', { messageId: 'reply', role: 'ROLE_AGENT', parts: [{ text: 'ok' }] });
      const since = Date.parse(at(4));
      expect(await store.findUserMessage(alice, 'first', since)).toBe('t1');
      expect(await store.findUserMessage(alice, 'answer', since)).toBe('t1');
      expect(await store.findUserMessage(alice, 'other', since)).toBe('t2');
      // The agent's own messages, another caller's scope, an unknown id, a task idle since before the window.
      expect(await store.findUserMessage(alice, 'reply', since)).toBeUndefined();
      expect(await store.findUserMessage({ ownerId: 'bob' }, 'first', since)).toBeUndefined();
      expect(await store.findUserMessage(alice, 'missing', since)).toBeUndefined();
      expect(await store.findUserMessage(alice, 'first', Date.parse(at(6)))).toBeUndefined();
      // A status change brings the task back into the window.
      await store.setStatus('t1', { state: 'TASK_STATE_WORKING', timestamp: at(7) });
      expect(await store.findUserMessage(alice, 'first', Date.parse(at(6)))).toBe('t1');
    });

    it('keeps a user message so that it reads back with the fingerprint it was sent with', async () => {
      const store = await createStore();
      const sent: Message = {
        messageId: 'fingerprinted',
        contextId: 'c1',
        role: 'ROLE_USER',
        parts: [{ text: 'tea' }, { data: { zeta: [1, 2.5, 'x'], alpha: { b: true, a: null } } }],
        metadata: { zulu: 'last', alpha: 'first', nested: { y: 1, x: 2 } },
        extensions: ['urn:example:b', 'urn:example:a'],
        referenceTaskIds: ['t0'],
      };
      await store.create({ ...task('t1', 'TASK_STATE_SUBMITTED', at(5)), history: [sent] }, {});
      await store.addMessage('t1', { ...sent, messageId: 'follow-up', parts: [{ text: 'milk' }] });
      const stored = await store.get('t1');
      const kept = stored && keptUserMessage(stored.task, 'fingerprinted');
      expect(kept && messageFingerprint(kept)).toBe(messageFingerprint(sent));
      const followUp = stored && keptUserMessage(stored.task, 'follow-up');
      expect(followUp && messageFingerprint(followUp)).not.toBe(messageFingerprint(sent));
    });
  });

  describe(`${name}: TaskStore contract, retention`, () => {
    it('prunes finished tasks older than the cut-off, never one still going or newer', async (context) => {
      const store = await createStore();
      if (store.pruneFinished === undefined) return context.skip();
      await store.create(
        { ...task('old-done', 'TASK_STATE_COMPLETED', at(1)), history: [message('m1')] },
        {},
      );
      await store.create(task('old-failed', 'TASK_STATE_FAILED', at(2)), {});
      await store.create(task('old-working', 'TASK_STATE_WORKING', at(3)), {});
      await store.create(task('new-done', 'TASK_STATE_CANCELED', at(30)), {});
      expect(await store.pruneFinished(Date.parse(at(10)), 100)).toBe(2);
      expect(await store.get('old-done')).toBeUndefined();
      expect(await store.get('old-failed')).toBeUndefined();
      expect((await store.get('old-working'))?.task.status.state).toBe('TASK_STATE_WORKING');
      expect((await store.get('new-done'))?.task.status.state).toBe('TASK_STATE_CANCELED');
      const listed = await store.list({ scope: {}, pageSize: 100 });
      expect(listed.tasks.map((listedTask) => listedTask.id).sort()).toEqual(['new-done', 'old-working']);
      expect(listed.totalSize).toBe(2);
    });

    it('deletes at most `limit` at a time, so retention works in small batches', async (context) => {
      const store = await createStore();
      if (store.pruneFinished === undefined) return context.skip();
      for (const id of ['a', 'b', 'c']) await store.create(task(id, 'TASK_STATE_REJECTED', at(1)), {});
      const before = Date.parse(at(5));
      expect(await store.pruneFinished(before, 2)).toBe(2);
      expect(await store.pruneFinished(before, 2)).toBe(1);
      expect(await store.pruneFinished(before, 2)).toBe(0);
    });
  });
}
