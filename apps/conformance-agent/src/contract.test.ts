import { describe, expect, it } from 'vitest';
import { behaviourFor, CONTRACT } from './contract.ts';

describe('the contract table', () => {
  it('matches the longest known prefix', () => {
    expect(behaviourFor('tck-artifact-file-url-123')).toEqual({
      kind: 'artifact',
      artifact: { type: 'file-url' },
    });
    expect(behaviourFor('tck-artifact-file-123')).toEqual({ kind: 'artifact', artifact: { type: 'file' } });
    expect(behaviourFor('tck-stream-artifact-chunked-9').kind).toBe('stream-chunked');
  });

  it('echoes anything else, and has one row per prefix', () => {
    expect(behaviourFor('no-such-prefix')).toEqual({ kind: 'echo' });
    expect(new Set(CONTRACT.map((row) => row.prefix)).size).toBe(CONTRACT.length);
  });
});
