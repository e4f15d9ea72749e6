import { describe, expect, it } from 'vitest';
import { sha256Hex } from './push-signing.ts';

describe('sha256Hex', () => {
  it('hashes UTF-8 text to lower-case hex (the FIPS 180-2 "abc" vector, and a non-ASCII body)', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(await sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(await sha256Hex('thé')).toMatch(/^[0-9a-f]{64}$/);
    expect(await sha256Hex('thé')).not.toBe(await sha256Hex('the'));
  });
});
