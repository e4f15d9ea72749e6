import { Buffer } from 'node:buffer';
import { BytesSchema } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import { encodeBase64 } from './base64.ts';

describe('encodeBase64', () => {
  it.each([
    ['', ''],
    ['f', 'Zg=='],
    ['fo', 'Zm8='],
    ['foo', 'Zm9v'],
    ['foob', 'Zm9vYg=='],
    ['fooba', 'Zm9vYmE='],
    ['foobar', 'Zm9vYmFy'],
  ])('encodes %j as the RFC 4648 test vector %j', (input, expected) => {
    expect(encodeBase64(new TextEncoder().encode(input))).toBe(expected);
  });

  it('encodes every byte value and every tail length exactly as Buffer does', () => {
    const all = Uint8Array.from({ length: 256 }, (_, index) => index);
    for (let length = 0; length <= all.length; length += 1) {
      const bytes = all.subarray(all.length - length);
      const encoded = encodeBase64(bytes);
      expect(encoded).toBe(Buffer.from(bytes).toString('base64'));
      expect(BytesSchema.safeParse(encoded).success).toBe(true);
    }
  });

  it('encodes a view into a larger buffer, not the whole buffer', () => {
    const backing = new Uint8Array([0, 1, 2, 104, 105, 9]);
    expect(encodeBase64(backing.subarray(3, 5))).toBe('aGk=');
  });
});
