import { describe, expect, it } from 'vitest';
import { isA2AError } from '../errors/a2a-error.ts';
import { assertJsonDepth, findTooDeep, MAX_JSON_DEPTH } from './json-depth.ts';

/** `{ a: { a: … { a: leaf } } }` with `levels` objects. */
const nested = (levels: number, leaf: unknown = 1): unknown => {
  let value = leaf;
  for (let level = 0; level < levels; level += 1) value = { a: value };
  return value;
};

describe('JSON depth', () => {
  it('accepts values up to the limit and scalars', () => {
    expect(MAX_JSON_DEPTH).toBe(100);
    expect(findTooDeep(nested(100))).toBeUndefined();
    expect(findTooDeep('text')).toBeUndefined();
    expect(findTooDeep(null)).toBeUndefined();
    expect(findTooDeep({ a: [1, { b: [] }], c: 'x' }, 4)).toBeUndefined();
    expect(findTooDeep({ a: [1, { b: [] }], c: 'x' }, 3)).toEqual(['a', 1, 'b']);
  });

  it('finds the path to the first value past the limit, through arrays too, at any depth', () => {
    expect(findTooDeep(nested(101))).toEqual(Array.from({ length: 100 }, () => 'a'));
    expect(findTooDeep({ ok: [1], deep: [{ x: [[]] }] }, 3)).toEqual(['deep', 0, 'x']);
    expect(findTooDeep(nested(1_000_000))?.length).toBe(100);
  });

  it('refuses with InvalidParams naming where and the limit', () => {
    const error = (() => {
      try {
        assertJsonDepth({ message: { metadata: nested(10_000) } }, 'params');
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(isA2AError(error, 'InvalidParamsError')).toBe(true);
    expect((error as Error).message).toBe(
      'Invalid params: params.message.metadata.a.a.a.a… nests objects or arrays deeper than 100 levels, the limit',
    );
    expect(() => assertJsonDepth(nested(50))).not.toThrow();
  });
});
