import { describe, expect, it } from 'vitest';
import { type FinishedLink, FinishedTasks } from './finished-tasks.ts';

interface Entry extends FinishedLink {
  readonly id: string;
}

const entry = (id: string): Entry => ({ id, usedAt: 0, finished: false, older: undefined, newer: undefined });

function order(list: FinishedTasks<Entry>): string[] {
  const ids: string[] = [];
  for (let link = list.oldest; link !== undefined; link = list.newerThan(link)) ids.push(link.id);
  return ids;
}

describe('FinishedTasks', () => {
  it('keeps tasks least recently used first, moving a used one to the end with its time', () => {
    const list = new FinishedTasks<Entry>();
    const [a, b, c] = [entry('a'), entry('b'), entry('c')];
    list.use(a, 1);
    list.use(b, 2);
    list.use(c, 3);
    expect(order(list)).toEqual(['a', 'b', 'c']);
    list.use(a, 4);
    expect(order(list)).toEqual(['b', 'c', 'a']);
    expect(a.usedAt).toBe(4);
    expect(list.size).toBe(3);
  });

  it('takes out the oldest, a middle and the newest, and ignores one not listed', () => {
    const list = new FinishedTasks<Entry>();
    const entries = ['a', 'b', 'c', 'd'].map(entry);
    for (const [index, listed] of entries.entries()) list.use(listed, index);
    list.remove(entries[0] as Entry);
    list.remove(entries[2] as Entry);
    list.remove(entries[3] as Entry);
    list.remove(entry('never listed'));
    expect(order(list)).toEqual(['b']);
    expect(list.size).toBe(1);
    list.remove(entries[1] as Entry);
    expect(list.oldest).toBeUndefined();
    expect(list.size).toBe(0);
    // A removed task can be listed again.
    list.use(entries[2] as Entry, 9);
    expect(order(list)).toEqual(['c']);
  });
});
