import { afterEach, describe, expect, it } from 'vitest';
import type { TaskEventBus } from '../cluster/task-event-bus.ts';

/** How {@link describeTaskEventBusContract} gets buses. */
export interface TaskEventBusContractOptions {
  /** `count` buses on one backend, as `count` instances would have; new ones for each test. */
  readonly createBuses: (count: number) => Promise<TaskEventBus[]>;
}

/** Resolves once `predicate` holds, polling; rejects after `timeoutMs`. */
async function eventually(predicate: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for bus messages');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The behaviour every `TaskEventBus` must have: delivery across instances, in order, to every subscriber. */
export function describeTaskEventBusContract(name: string, options: TaskEventBusContractOptions): void {
  describe(`${name}: TaskEventBus contract`, () => {
    const opened: TaskEventBus[] = [];
    const buses = async (count: number) => {
      const created = await options.createBuses(count);
      opened.push(...created);
      return created;
    };
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((bus) => bus.close()));
    });

    it('delivers what another instance publishes after subscribe resolved, in order', async () => {
      const [a, b] = await buses(2);
      if (!a || !b) throw new Error('two buses expected');
      const got: string[] = [];
      await b.subscribe('task:t1', (payload) => got.push(payload));
      const sent = Array.from({ length: 200 }, (_, index) => `event ${index}`);
      for (const payload of sent) void a.publish('task:t1', payload);
      await eventually(() => got.length === sent.length);
      expect(got).toEqual(sent);
    });

    it('delivers to every subscriber, this instance included, and only on their channel', async () => {
      const [a, b] = await buses(2);
      if (!a || !b) throw new Error('two buses expected');
      const onA: string[] = [];
      const onB: string[] = [];
      const other: string[] = [];
      await a.subscribe('task:t1', (payload) => onA.push(payload));
      await b.subscribe('task:t1', (payload) => onB.push(payload));
      await b.subscribe('task:t2', (payload) => other.push(payload));
      await a.publish('task:t1', 'hello');
      await eventually(() => onA.length === 1 && onB.length === 1);
      expect([onA, onB, other]).toEqual([['hello'], ['hello'], []]);
    });

    it('stops delivering to a closed subscription, and keeps the others', async () => {
      const [a, b] = await buses(2);
      if (!a || !b) throw new Error('two buses expected');
      const first: string[] = [];
      const second: string[] = [];
      const closing = await b.subscribe('task:t1', (payload) => first.push(payload));
      await b.subscribe('task:t1', (payload) => second.push(payload));
      await closing.close();
      await closing.close();
      await a.publish('task:t1', 'after');
      await eventually(() => second.length === 1);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(first).toEqual([]);
    });

    it('carries large and non-ASCII payloads intact', async () => {
      const [a, b] = await buses(2);
      if (!a || !b) throw new Error('two buses expected');
      const got: string[] = [];
      await b.subscribe('task:big', (payload) => got.push(payload));
      const large = JSON.stringify({ text: 'ü€😀 '.repeat(20_000) });
      const small = 'naïve — ok';
      await a.publish('task:big', large);
      await a.publish('task:big', small);
      await eventually(() => got.length === 2);
      expect(got[0]).toBe(large);
      expect(got[1]).toBe(small);
    });
  });
}
