import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod/mini';
import { protoObject } from './proto-json.ts';
import { protoOneof } from './proto-oneof.ts';

const Shape = protoOneof(
  protoObject({
    circleRadius: z.optional(z.number()),
    squareSide: z.optional(z.number()),
    label: z.optional(z.string()),
  }),
  ['circleRadius', 'squareSide'],
);
const Drawing = protoObject({ shapes: z.array(Shape) });

describe('protoOneof', () => {
  it('accepts exactly one member and keeps the other fields', () => {
    expect(Shape.parse({ circleRadius: 2, label: 'sun' })).toEqual({ circleRadius: 2, label: 'sun' });
  });

  it("reads a oneof leaked in ts-proto's in-memory form, as a2a-js 1.3.0 serves its card", () => {
    expect(Shape.parse({ shape: { $case: 'squareSide', value: 3 }, label: 'box' })).toEqual({
      squareSide: 3,
      label: 'box',
    });
  });

  it('leaves a $case that names no member to fail as usual', () => {
    expect(Shape.safeParse({ shape: { $case: 'triangle', value: 3 } }).error?.issues[0]?.message).toBe(
      'expected exactly one of circleRadius, squareSide, got none',
    );
  });

  it('accepts a member sent in snake_case', () => {
    expect(Shape.parse({ square_side: 3 })).toEqual({ squareSide: 3 });
  });

  it('rejects an object with no member, naming the allowed members', () => {
    const result = Shape.safeParse({ label: 'empty' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: [],
        message: 'expected exactly one of circleRadius, squareSide, got none',
      }),
    ]);
  });

  it('rejects an object with two members, naming the ones it got', () => {
    const result = Shape.safeParse({ circleRadius: 1, squareSide: 2 });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'expected exactly one of circleRadius, squareSide, got circleRadius and squareSide',
    ]);
  });

  it('treats a null member as absent', () => {
    expect(Shape.parse({ circleRadius: null, squareSide: 2 })).toEqual({ squareSide: 2 });
  });

  it('reports the failure at the path of the nested object', () => {
    const result = Drawing.safeParse({ shapes: [{ circleRadius: 1 }, {}] });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['shapes', 1]]);
  });

  it('types the result as a union that narrows by key presence', () => {
    const shape = Shape.parse({ squareSide: 4 });
    expectTypeOf(shape).toEqualTypeOf<
      | { circleRadius: number; label?: string | undefined }
      | { squareSide: number; label?: string | undefined }
    >();
    if ('squareSide' in shape) {
      expectTypeOf(shape.squareSide).toEqualTypeOf<number>();
      expect(shape.squareSide).toBe(4);
    } else {
      expect.unreachable('a squareSide shape narrowed to the circle variant');
    }
  });
});
