import { describe, expect, it } from 'vitest';
import { createInMemoryTaskStore } from '../store/in-memory-task-store.ts';
import { createRepeatedMessages } from './repeated-messages.ts';

describe('createRepeatedMessages', () => {
  it('remembers at least the newest half of its limit, and never more than the limit', () => {
    const repeats = createRepeatedMessages({ store: createInMemoryTaskStore(), windowMs: 60_000, limit: 10 });
    for (let index = 0; index < 23; index += 1) repeats.remember({}, `message-${index}`, `task-${index}`);
    // The newest five are always found, whatever the generations hold.
    for (let index = 18; index < 23; index += 1)
      expect(repeats.find({}, `message-${index}`)).toBe(`task-${index}`);
    const found = Array.from({ length: 23 }, (_, index) => repeats.find({}, `message-${index}`)).filter(
      Boolean,
    );
    expect(found.length).toBeLessThanOrEqual(10);
    expect(repeats.find({}, 'message-0')).toBeUndefined();
  });

  it('keeps callers apart and forgets a message once the window has passed', () => {
    let now = 1_000;
    const repeats = createRepeatedMessages({
      store: createInMemoryTaskStore(),
      windowMs: 500,
      now: () => now,
    });
    repeats.remember({ ownerId: 'alice' }, 'm1', 'task-a');
    expect(repeats.find({ ownerId: 'alice' }, 'm1')).toBe('task-a');
    expect(repeats.find({ ownerId: 'bob' }, 'm1')).toBeUndefined();
    now += 501;
    expect(repeats.find({ ownerId: 'alice' }, 'm1')).toBeUndefined();
  });
});
