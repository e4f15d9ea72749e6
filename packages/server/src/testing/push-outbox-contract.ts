import type { StreamResponse, Task, TaskStatus } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import type { PushConfigRecords } from '../push/push-config-records.ts';
import type { OutboxDelivery, PushOutbox } from '../push/push-outbox.ts';
import type { TaskStore } from '../store/task-store.ts';

/** One process's stores on the shared database: its task writes and its outbox share a holder. */
export interface OutboxStores {
  readonly tasks: TaskStore;
  readonly pushConfigs: PushConfigRecords & { readonly outbox: PushOutbox };
}

/** How {@link describePushOutboxContract} gets its stores. */
export interface PushOutboxContractOptions {
  /**
   * Two sets of stores on one new, empty database, as two processes would open it (each its own holder), both
   * with a hold of `holdMs`.
   */
  readonly openPair: () => Promise<readonly [OutboxStores, OutboxStores]>;
  /** The hold both were opened with: long enough to act inside it on a loaded machine (2 s is ample). */
  readonly holdMs: number;
}

const hook = 'https://hooks.example.com/a2a';
const scope = { ownerId: 'alice' };

function newTask(id: string): Task {
  return {
    id,
    contextId: `ctx-${id}`,
    status: { state: 'TASK_STATE_SUBMITTED', timestamp: new Date().toISOString() },
    history: [],
  };
}

const status = (state: TaskStatus['state']): TaskStatus => ({ state, timestamp: new Date().toISOString() });

async function withConfigs(
  stores: OutboxStores,
  taskId: string,
  configIds: readonly string[],
): Promise<void> {
  await stores.tasks.create(newTask(taskId), scope);
  for (const id of configIds) {
    await stores.pushConfigs.put(
      { config: { id, taskId, url: `${hook}/${id}`, token: id }, version: '1.0' },
      10,
    );
  }
}

/** Takes over until at least `count` deliveries came back (or 20 s passed), collecting them in order. */
async function takeOverUntil(outbox: PushOutbox, count: number): Promise<OutboxDelivery[]> {
  const taken: OutboxDelivery[] = [];
  const deadline = Date.now() + 20_000;
  while (taken.length < count && Date.now() < deadline) {
    taken.push(...(await outbox.takeOver(100)));
    if (taken.length < count) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return taken;
}

const names = (deliveries: readonly OutboxDelivery[]) =>
  deliveries.map((d) => `${d.taskId}@${d.taskVersion}>${d.target.config.id}`);

/**
 * The behaviour every durable store's push outbox must have: a notifiable event written to a task with push
 * configs owes one delivery per config, in the same write; the writer holds them while it delivers; another
 * process takes over only what lapsed, never the same row twice; a settled or orphaned row is gone.
 */
export function describePushOutboxContract(name: string, options: PushOutboxContractOptions): void {
  describe(`${name}: PushOutbox contract`, () => {
    it('a status change owes one delivery per config, held by its writer until the hold lapses', async () => {
      const [writer, other] = await options.openPair();
      await withConfigs(writer, 't1', ['a', 'b']);
      const version = await writer.tasks.setStatus('t1', status('TASK_STATE_WORKING'));
      expect(await other.pushConfigs.outbox.takeOver(10)).toEqual([]);
      const taken = await takeOverUntil(other.pushConfigs.outbox, 2);
      expect(names(taken).sort()).toEqual([`t1@${version}>a`, `t1@${version}>b`]);
      const event = taken[0]?.event as StreamResponse;
      expect(event).toEqual({
        statusUpdate: {
          taskId: 't1',
          contextId: 'ctx-t1',
          status: expect.objectContaining({ state: 'TASK_STATE_WORKING' }),
        },
      });
      expect(taken.find((d) => d.target.config.id === 'b')?.target).toMatchObject({
        config: { id: 'b', taskId: 't1', url: `${hook}/b`, token: 'b' },
        version: '1.0',
      });
      // Taken over, the rows are the taker's now: the writer cannot take them back.
      expect(await writer.pushConfigs.outbox.takeOver(10)).toEqual([]);
    });

    it('owes nothing for a task without configs, and for an artifact only its last chunk', async () => {
      const [writer, other] = await options.openPair();
      await writer.tasks.create(newTask('bare'), scope);
      await writer.tasks.setStatus('bare', status('TASK_STATE_WORKING'));
      await withConfigs(writer, 't2', ['a']);
      const artifact = { artifactId: 'doc', parts: [{ text: 'one ' }] };
      await writer.tasks.appendArtifact('t2', artifact, { append: false, lastChunk: false });
      const last = await writer.tasks.appendArtifact(
        't2',
        { artifactId: 'doc', parts: [{ text: 'two' }] },
        { append: true, lastChunk: true },
      );
      const done = await writer.tasks.setStatus('t2', status('TASK_STATE_COMPLETED'));
      const taken = await takeOverUntil(other.pushConfigs.outbox, 2);
      expect(names(taken)).toEqual([`t2@${last}>a`, `t2@${done}>a`]);
      expect(taken[0]?.event).toEqual({
        artifactUpdate: {
          taskId: 't2',
          contextId: 'ctx-t2',
          artifact: { artifactId: 'doc', parts: [{ text: 'two' }] },
          append: true,
          lastChunk: true,
        },
      });
      expect(await other.pushConfigs.outbox.takeOver(10)).toEqual([]);
    });

    it('a settled event and a delivery whose config was deleted are gone', async () => {
      const [writer, other] = await options.openPair();
      await withConfigs(writer, 't3', ['a', 'b']);
      const settled = await writer.tasks.setStatus('t3', status('TASK_STATE_WORKING'));
      await writer.pushConfigs.outbox.settle('t3', settled);
      const orphaned = await writer.tasks.setStatus('t3', status('TASK_STATE_INPUT_REQUIRED'));
      await writer.pushConfigs.delete('t3', 'a');
      const oneSettled = await writer.tasks.setStatus('t3', status('TASK_STATE_WORKING'));
      await writer.pushConfigs.outbox.settle('t3', oneSettled, 'b');
      const marker = await writer.tasks.setStatus('t3', status('TASK_STATE_COMPLETED'));
      const taken = await takeOverUntil(other.pushConfigs.outbox, 2);
      expect(names(taken)).toEqual([`t3@${orphaned}>b`, `t3@${marker}>b`]);
      expect(await other.pushConfigs.outbox.takeOver(10)).toEqual([]);
    });

    it('a renewed hold keeps the rows with their writer', async () => {
      const [writer, other] = await options.openPair();
      await withConfigs(writer, 't4', ['a']);
      await writer.tasks.setStatus('t4', status('TASK_STATE_WORKING'));
      const until = Date.now() + options.holdMs * 2;
      while (Date.now() < until) {
        await writer.pushConfigs.outbox.renew(['t4']);
        expect(await other.pushConfigs.outbox.takeOver(10)).toEqual([]);
        await new Promise((resolve) => setTimeout(resolve, options.holdMs / 10));
      }
      expect(names(await takeOverUntil(other.pushConfigs.outbox, 1))).toEqual([
        expect.stringMatching(/^t4@/),
      ]);
    });

    it('two processes taking over at once never take the same delivery', async () => {
      const [writer, other] = await options.openPair();
      for (let index = 0; index < 20; index++) {
        await withConfigs(writer, `m${index}`, ['a']);
        await writer.tasks.setStatus(`m${index}`, status('TASK_STATE_WORKING'));
      }
      await new Promise((resolve) => setTimeout(resolve, options.holdMs + 200));
      const taken: OutboxDelivery[] = [];
      for (let round = 0; round < 10 && taken.length < 20; round++) {
        const [one, two] = await Promise.all([
          writer.pushConfigs.outbox.takeOver(3),
          other.pushConfigs.outbox.takeOver(3),
        ]);
        taken.push(...one, ...two);
      }
      const taskIds = taken.map((d) => d.taskId);
      expect(new Set(taskIds).size).toBe(taskIds.length);
      expect(taskIds.length).toBe(20);
    });
  });
}
