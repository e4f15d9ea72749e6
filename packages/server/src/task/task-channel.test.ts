import { describe, expect, it } from 'vitest';
import { createInMemoryTaskStore } from '../store/in-memory-task-store.ts';
import { createEventHub } from '../vocabulary/event-hub.ts';
import { TaskChannel } from './task-channel.ts';

function channel(onIdle: (channel: TaskChannel) => void = () => undefined) {
  return new TaskChannel({
    store: createInMemoryTaskStore(),
    hub: createEventHub(),
    taskId: 't1',
    contextId: 'c1',
    scope: {},
    state: undefined,
    onIdle,
  });
}

const later = <T>(value: T, ms = 5) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('TaskChannel.run', () => {
  it('runs work one piece at a time in call order, synchronous and asynchronous alike', async () => {
    const subject = channel();
    const log: string[] = [];
    const results = Promise.all([
      subject.run(async () => {
        log.push('slow start');
        await later(undefined, 20);
        log.push('slow end');
        return 1;
      }),
      subject.run(() => {
        log.push('sync');
        return 2;
      }),
      subject.run(async () => {
        log.push('async');
        return later(3);
      }),
    ]);
    expect(await results).toEqual([1, 2, 3]);
    expect(log).toEqual(['slow start', 'slow end', 'sync', 'async']);
  });

  it('starts work that finds the queue idle at once, and settles a synchronous result without waiting', async () => {
    const subject = channel();
    let ran = false;
    const result = subject.run(() => {
      ran = true;
      return 'done';
    });
    expect(ran).toBe(true);
    expect(await result).toBe('done');
  });

  it('goes on after work that throws or rejects, handing each caller its own failure', async () => {
    const subject = channel();
    const thrown = subject.run(() => {
      throw new Error('sync failure');
    });
    const rejected = subject.run(async () => {
      await later(undefined);
      throw new Error('async failure');
    });
    const after = subject.run(() => 'still running');
    await expect(thrown).rejects.toThrow('sync failure');
    await expect(rejected).rejects.toThrow('async failure');
    expect(await after).toBe('still running');
  });

  it('queues work started from inside running work behind it', async () => {
    const subject = channel();
    const log: string[] = [];
    let inner: Promise<void> | undefined;
    await subject.run(async () => {
      inner = subject.run(() => {
        log.push('inner');
      });
      await later(undefined);
      log.push('outer end');
    });
    await inner;
    expect(log).toEqual(['outer end', 'inner']);
  });

  it('lets a caller awaiting its work resume before the next queued work starts (a cancel after a write)', async () => {
    const subject = channel();
    const log: string[] = [];
    const write = subject.run(async () => {
      await later(undefined);
      log.push('write applied');
    });
    const cancel = subject.run(() => {
      log.push('cancel starts');
    });
    await write;
    log.push('writer resumed');
    await cancel;
    expect(log).toEqual(['write applied', 'writer resumed', 'cancel starts']);
  });

  it('queues work started from inside work that is still running synchronously behind it', async () => {
    const subject = channel();
    const log: string[] = [];
    let nested: Promise<void> | undefined;
    const outer = subject.run(() => {
      nested = subject.run(() => {
        log.push('nested');
      });
      log.push('outer starts');
      return later(undefined).then(() => {
        log.push('outer ends');
      });
    });
    await Promise.all([outer, nested]);
    expect(log).toEqual(['outer starts', 'outer ends', 'nested']);
  });

  it('lets the registry drop the channel once the queue is empty and no execution is attached', async () => {
    let idle = 0;
    const subject = channel(() => {
      idle += 1;
    });
    const first = subject.run(async () => later(undefined));
    const second = subject.run(() => undefined);
    expect(idle).toBe(0);
    await Promise.all([first, second]);
    expect(idle).toBe(1);
    await subject.run(() => undefined);
    expect(idle).toBe(2);
  });

  it('writes through a synchronous store without a promise per write, and publishes each event in order', async () => {
    const hub = createEventHub();
    const store = createInMemoryTaskStore();
    const subject = new TaskChannel({
      store,
      hub,
      taskId: 't1',
      contextId: 'c1',
      scope: {},
      state: undefined,
      onIdle: () => undefined,
    });
    const events: string[] = [];
    hub.listen('t1', (event, version) => events.push(`${Object.keys(event)[0]}@${version}`));
    const created = subject.create({ messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'hi' }] });
    const written = subject.writeArtifact(
      { artifactId: 'a1', parts: [{ text: 'x' }] },
      { append: false, lastChunk: true },
    );
    const completed = subject.setStatus('TASK_STATE_COMPLETED');
    // Nothing to wait for: each write was applied when it was made.
    expect([created, written, completed]).toEqual([undefined, undefined, undefined]);
    expect(events).toEqual(['task@1', 'artifactUpdate@2', 'statusUpdate@3']);
    expect(store.sync.get('t1')?.task.status.state).toBe('TASK_STATE_COMPLETED');
  });
});
