import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { isA2AError } from '../errors/a2a-error.ts';
import {
  assertJsonDepth,
  assertJsonTextDepth,
  findTooDeep,
  jsonTextNestsDeeperThan,
  MAX_JSON_DEPTH,
  MAX_PARSED_JSON_DEPTH,
} from './json-depth.ts';

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

describe('jsonTextNestsDeeperThan', () => {
  const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it('counts objects and arrays, at the limit and one past it', () => {
    expect(jsonTextNestsDeeperThan(nestedArrays(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonTextNestsDeeperThan(nestedArrays(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonTextNestsDeeperThan('{"a":{"b":[{"c":1}]}}', 3)).toBe(true);
    expect(jsonTextNestsDeeperThan('{"a":{"b":[{"c":1}]}}', 4)).toBe(false);
  });

  it('skips brackets inside strings, escaped quotes included', () => {
    expect(jsonTextNestsDeeperThan(JSON.stringify({ text: '[[[[{{{{' }), 1)).toBe(false);
    expect(jsonTextNestsDeeperThan(JSON.stringify({ text: 'say \\"[[[[\\" twice' }), 1)).toBe(false);
    expect(jsonTextNestsDeeperThan(JSON.stringify({ a: 'x"', b: [[1]] }), 2)).toBe(true);
  });

  it('agrees with the parsed check on random JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), (value) => {
        const text = JSON.stringify(value);
        for (const limit of [1, 3, 5]) {
          expect(jsonTextNestsDeeperThan(text, limit)).toBe(findTooDeep(value, limit) !== undefined);
        }
      }),
    );
  });

  it('parses what is less than ten times the limit (so the field can be named), and refuses deeper text unparsed', () => {
    expect(() => assertJsonTextDepth(nestedArrays(MAX_PARSED_JSON_DEPTH))).not.toThrow();
    expect(() => assertJsonTextDepth(nestedArrays(MAX_PARSED_JSON_DEPTH + 1))).toThrow(
      'deeper than 100 levels',
    );
  });

  it('refuses a 1.9 million level body before it is parsed, as InvalidParams naming the limit', () => {
    const parse = vi.spyOn(JSON, 'parse');
    try {
      expect(() => assertJsonTextDepth(nestedArrays(1_950_000), 'params', 1)).toThrow(
        'Invalid params: params nests objects or arrays deeper than 100 levels, the limit',
      );
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });
});
