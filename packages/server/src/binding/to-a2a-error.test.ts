import { A2AError } from '@baton/protocol';
import { describe, expect, it, vi } from 'vitest';
import { toA2AError } from './to-a2a-error.ts';

describe('toA2AError', () => {
  it('passes an A2AError through without logging it', () => {
    const logger = { error: vi.fn() };
    const error = A2AError.taskNotFound('t1');
    expect(toA2AError(error, { logger })).toBe(error);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it.each([new Error('secret detail'), 'a thrown string', { weird: true }])(
    'turns %j into a generic InternalError and logs the original with the call details',
    (thrown) => {
      const logger = { error: vi.fn() };
      const error = toA2AError(thrown, { logger, details: { binding: 'JSONRPC', method: 'GetTask' } });
      expect(error.code).toBe(-32603);
      expect(error.message).toBe('Internal error');
      expect(error.cause).toBe(thrown);
      expect(logger.error).toHaveBeenCalledWith(expect.any(String), {
        binding: 'JSONRPC',
        method: 'GetTask',
        error: thrown,
      });
    },
  );
});
