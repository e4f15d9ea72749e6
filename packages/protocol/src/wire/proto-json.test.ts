import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { protoEnum, protoObject, snakeToCamel } from './proto-json.ts';

const Color = protoEnum(['COLOR_UNSPECIFIED', 'COLOR_RED', 'COLOR_BLUE']);
const Thing = protoObject(
  {
    thingId: z.string(),
    color: z.optional(Color),
    metadata: z.optional(z.record(z.string(), z.unknown())),
    value: z.optional(z.unknown()),
  },
  { nullableValueFields: ['value'] },
);

describe('protoObject', () => {
  it('accepts snake_case field names and outputs camelCase', () => {
    expect(Thing.parse({ thing_id: 'a' })).toEqual({ thingId: 'a' });
  });
  it('prefers the camelCase spelling when a peer sends both', () => {
    expect(Thing.parse({ thing_id: 'snake', thingId: 'camel' })).toEqual({ thingId: 'camel' });
  });
  it('ignores unknown fields', () => {
    expect(Thing.parse({ thingId: 'a', futureField: 1 })).toEqual({ thingId: 'a' });
  });
  it('treats null as absent except for google.protobuf.Value fields', () => {
    expect(Thing.parse({ thingId: 'a', color: null, value: null })).toEqual({ thingId: 'a', value: null });
  });
  it('leaves keys inside nested free-form objects alone', () => {
    expect(Thing.parse({ thingId: 'a', metadata: { some_key: 1 } })).toEqual({
      thingId: 'a',
      metadata: { some_key: 1 },
    });
  });
  it('names the missing field in its error', () => {
    const result = Thing.safeParse({ color: 'COLOR_RED' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['thingId']);
  });
});

describe('protoEnum', () => {
  it('accepts names and integers and outputs names', () => {
    expect(Color.parse('COLOR_BLUE')).toBe('COLOR_BLUE');
    expect(Color.parse(1)).toBe('COLOR_RED');
  });
  it('rejects unknown names and out-of-range integers', () => {
    expect(Color.safeParse('COLOR_GREEN').success).toBe(false);
    expect(Color.safeParse(7).success).toBe(false);
  });
});

describe('snakeToCamel', () => {
  it('converts proto names to ProtoJSON names', () => {
    expect(snakeToCamel('reference_task_ids')).toBe('referenceTaskIds');
    expect(snakeToCamel('protocol_version')).toBe('protocolVersion');
  });
});
