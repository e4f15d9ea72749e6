import { describe, expect, it } from 'vitest';
import { canonicalizeJson } from './canonicalize-json.ts';

function fromIeeeHex(hex: string): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt(`0x${hex}`));
  return view.getFloat64(0);
}

describe('canonicalizeJson (RFC 8785)', () => {
  it('matches the RFC §3.2.2 example: literals, numbers and string escapes', () => {
    // The RFC's input text, parsed as any JSON parser would.
    const input = JSON.parse(
      '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],' +
        '"string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/",' +
        '"literals": [null, true, false]}',
    );
    expect(canonicalizeJson(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],' +
        '"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it('sorts member names by UTF-16 code units, as in the RFC §3.2.3 example', () => {
    const input = {
      '\u20ac': 'Euro Sign',
      '\r': 'Carriage Return',
      '\ufb33': 'Hebrew Letter Dalet With Dagesh',
      '1': 'One',
      '\ud83d\ude00': 'Emoji: Grinning Face',
      '\u0080': 'Control',
      '\u00f6': 'Latin Small Letter O With Diaeresis',
    };
    const values = Object.values(JSON.parse(canonicalizeJson(input)) as Record<string, string>);
    expect(canonicalizeJson(input)).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","ö":"Latin Small Letter O With Diaeresis",' +
        '"€":"Euro Sign","😀":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
    // The emoji (surrogate pair D83D) sorts before U+FB33 by code units, though after it by code points.
    expect(values.indexOf('Emoji: Grinning Face')).toBeLessThan(
      values.indexOf('Hebrew Letter Dalet With Dagesh'),
    );
  });

  it.each([
    ['0000000000000000', '0'],
    ['8000000000000000', '0'],
    ['0000000000000001', '5e-324'],
    ['8000000000000001', '-5e-324'],
    ['7fefffffffffffff', '1.7976931348623157e+308'],
    ['ffefffffffffffff', '-1.7976931348623157e+308'],
    ['4340000000000000', '9007199254740992'],
    ['c340000000000000', '-9007199254740992'],
    ['4430000000000000', '295147905179352830000'],
    ['44b52d02c7e14af5', '9.999999999999997e+22'],
    ['44b52d02c7e14af6', '1e+23'],
    ['44b52d02c7e14af7', '1.0000000000000001e+23'],
    ['444b1ae4d6e2ef4e', '999999999999999700000'],
    ['444b1ae4d6e2ef4f', '999999999999999900000'],
    ['444b1ae4d6e2ef50', '1e+21'],
    ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
    ['3eb0c6f7a0b5ed8d', '0.000001'],
    ['41b3de4355555553', '333333333.3333332'],
    ['41b3de4355555554', '333333333.33333325'],
    ['41b3de4355555555', '333333333.3333333'],
    ['41b3de4355555556', '333333333.3333334'],
    ['41b3de4355555557', '333333333.33333343'],
    ['becbf647612f3696', '-0.0000033333333333333333'],
    ['43143ff3c1cb0959', '1424953923781206.2'],
  ])('writes the IEEE 754 value %s as %s (RFC Appendix B)', (hex, expected) => {
    expect(canonicalizeJson([fromIeeeHex(hex)])).toBe(`[${expected}]`);
  });

  it('rejects NaN and Infinity, which have no JSON form', () => {
    expect(() => canonicalizeJson({ a: Number.NaN })).toThrow(/a: NaN/);
    expect(() => canonicalizeJson([Number.POSITIVE_INFINITY])).toThrow(/Infinity/);
  });

  it('rejects a lone surrogate, which I-JSON forbids', () => {
    expect(() => canonicalizeJson({ name: 'bad \ud800 string' })).toThrow(/lone surrogate/);
    expect(canonicalizeJson('\ud83d\ude00')).toBe('"😀"');
  });

  it('removes whitespace, sorts nested objects and keeps array order', () => {
    expect(canonicalizeJson({ b: [3, 1, { z: 1, a: 2 }], a: { d: null, c: 'x' } })).toBe(
      '{"a":{"c":"x","d":null},"b":[3,1,{"a":2,"z":1}]}',
    );
  });

  it('leaves out members whose value is undefined, as JSON.stringify does', () => {
    expect(canonicalizeJson({ a: 1, b: undefined })).toBe('{"a":1}');
  });

  it('reproduces the spec §8.4.1 canonical card example', () => {
    const card = {
      name: 'Example Agent',
      description: '',
      capabilities: { streaming: false, pushNotifications: false },
      skills: [],
    };
    expect(canonicalizeJson(card)).toBe(
      '{"capabilities":{"pushNotifications":false,"streaming":false},"description":"","name":"Example Agent","skills":[]}',
    );
  });
});
