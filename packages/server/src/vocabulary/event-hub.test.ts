import type { StreamResponse } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import { createEventHub } from './event-hub.ts';

const status = (state: 'TASK_STATE_WORKING' | 'TASK_STATE_COMPLETED'): StreamResponse => ({
  statusUpdate: { taskId: 't', contextId: 'c', status: { state } },
});

describe('event hub', () => {
  it('delivers the same event object, with its version, to every listener of the task, in order', () => {
    const hub = createEventHub();
    const a: StreamResponse[] = [];
    const b: StreamResponse[] = [];
    const versions: number[] = [];
    hub.listen('t', (event, version) => {
      a.push(event);
      versions.push(version);
    });
    hub.listen('t', (event) => b.push(event));
    hub.listen('other', () => expect.unreachable());
    const first = status('TASK_STATE_WORKING');
    const second = status('TASK_STATE_COMPLETED');
    hub.publish('t', first, 2);
    hub.publish('t', second, 3);
    expect(a).toEqual([first, second]);
    expect(versions).toEqual([2, 3]);
    expect(a[0]).toBe(first);
    expect(b[1]).toBe(second);
  });

  it('counts listeners per task and in total, and forgets a task with none left', () => {
    const hub = createEventHub();
    const stopA = hub.listen('t', () => undefined);
    const stopB = hub.listen('t', () => undefined);
    hub.listen('u', () => undefined);
    expect(hub.listenerCount('t')).toBe(2);
    expect(hub.listenerCount()).toBe(3);
    stopA();
    stopA();
    expect(hub.listenerCount('t')).toBe(1);
    stopB();
    expect(hub.listenerCount('t')).toBe(0);
    expect(hub.listenerCount()).toBe(1);
  });

  it('keeps delivering to the others when one listener throws', () => {
    const errors: unknown[] = [];
    const hub = createEventHub({ onListenerError: (error) => errors.push(error) });
    const got: StreamResponse[] = [];
    hub.listen('t', () => {
      throw new Error('boom');
    });
    hub.listen('t', (event) => got.push(event));
    hub.publish('t', status('TASK_STATE_WORKING'), 2);
    expect(got).toHaveLength(1);
    expect(errors).toHaveLength(1);
  });
});
