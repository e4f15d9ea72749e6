import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { readInstanceId } from './instance-id.ts';

describe('readInstanceId', () => {
  it('is BATON_INSTANCE_ID, else the host name and a fixed port, else none (a fresh id per process)', () => {
    expect(readInstanceId('outline-0', 4101)).toBe('outline-0');
    expect(readInstanceId(undefined, 4101)).toBe(`${hostname()}:4101`);
    expect(readInstanceId('  ', 4101)).toBe(`${hostname()}:4101`);
    expect(readInstanceId(undefined, 0)).toBeUndefined();
  });

  it('refuses an id that could not be a name', () => {
    expect(() => readInstanceId('two words', 1)).toThrow(
      'BATON_INSTANCE_ID must be 1 to 128 letters, digits or . _ : @ / -, got "two words"',
    );
  });
});
