import { describe, expect, it } from 'vitest';
import { expectValid, recording } from '../../test/fixtures/translate/helpers.ts';
import { type Part, PartSchema } from '../v1/part.ts';
import * as v03 from '../v03/index.ts';
import type { JsonValue } from '../wire/proto-scalars.ts';
import { TranslationError } from './loss.ts';
import { partFromV03, partToV03 } from './parts.ts';

function toV03(part: Part) {
  const { losses, options } = recording();
  const result = partToV03(part, options);
  expectValid(v03.PartSchema, result);
  return { result, losses };
}

function fromV03(part: v03.Part): Part {
  const result = partFromV03(part);
  expectValid(PartSchema, result);
  return result;
}

describe('partFromV03', () => {
  it('maps a text part and copies its metadata', () => {
    const metadata = { nested: { a: 1 } };
    const result = fromV03({ kind: 'text', text: 'hi', metadata });
    expect(result).toStrictEqual({ text: 'hi', metadata: { nested: { a: 1 } } });
    expect(result.metadata).not.toBe(metadata);
    expect(result.metadata?.nested).not.toBe(metadata.nested);
  });

  it('maps file bytes to raw, name to filename and mimeType to mediaType', () => {
    expect(
      fromV03({
        kind: 'file',
        file: { bytes: 'aGk=', name: 'n.txt', mimeType: 'text/plain' },
        metadata: { k: 1 },
      }),
    ).toStrictEqual({ raw: 'aGk=', filename: 'n.txt', mediaType: 'text/plain', metadata: { k: 1 } });
  });

  it('maps a file uri to url', () => {
    expect(fromV03({ kind: 'file', file: { uri: 'https://x/a.pdf' } })).toStrictEqual({
      url: 'https://x/a.pdf',
    });
  });

  it('keeps object data as is', () => {
    expect(fromV03({ kind: 'data', data: { k: ['v'] } })).toStrictEqual({ data: { k: ['v'] } });
  });

  it('unwraps a data_part_compat wrap and removes the flag (dropping metadata it leaves empty)', () => {
    expect(
      fromV03({ kind: 'data', data: { value: [1, 2] }, metadata: { data_part_compat: true } }),
    ).toStrictEqual({
      data: [1, 2],
    });
    expect(
      fromV03({ kind: 'data', data: { value: null }, metadata: { data_part_compat: true, trace: 't' } }),
    ).toStrictEqual({ data: null, metadata: { trace: 't' } });
  });

  it('does not unwrap anything that is not exactly the wrap convention', () => {
    const notWraps: v03.Part[] = [
      { kind: 'data', data: { value: 1 }, metadata: { data_part_compat: 'yes' } },
      { kind: 'data', data: { value: 1, other: 2 }, metadata: { data_part_compat: true } },
      { kind: 'data', data: { value: { a: 1 } }, metadata: { data_part_compat: true } },
      { kind: 'data', data: { value: 1 } },
    ];
    for (const part of notWraps) {
      if (part.kind !== 'data') throw new Error('fixture');
      expect(fromV03(part)).toStrictEqual({
        data: part.data,
        ...(part.metadata && { metadata: part.metadata }),
      });
    }
  });
});

describe('partToV03', () => {
  it('maps raw to file bytes with name and mimeType, without losses', () => {
    expect(toV03({ raw: 'aGk=', filename: 'n.txt', mediaType: 'text/plain' })).toStrictEqual({
      result: { kind: 'file', file: { bytes: 'aGk=', name: 'n.txt', mimeType: 'text/plain' } },
      losses: [],
    });
  });

  it('writes URL-safe base64 in the standard alphabet 0.3 requires (same bytes, not a loss)', () => {
    expect(toV03({ raw: '-_8' })).toStrictEqual({
      result: { kind: 'file', file: { bytes: '+/8' } },
      losses: [],
    });
  });

  it('maps url to file uri', () => {
    expect(
      toV03({ url: 'https://x/a.pdf', mediaType: 'application/pdf', metadata: { m: 1 } }).result,
    ).toStrictEqual({
      kind: 'file',
      file: { uri: 'https://x/a.pdf', mimeType: 'application/pdf' },
      metadata: { m: 1 },
    });
  });

  it('drops filename and mediaType on a text part and reports both', () => {
    expect(toV03({ text: 'hi', filename: 'a.txt', mediaType: 'text/plain' })).toStrictEqual({
      result: { kind: 'text', text: 'hi' },
      losses: [
        { path: 'filename', reason: '0.3 text parts have no filename; dropped' },
        { path: 'mediaType', reason: '0.3 text parts have no mediaType; dropped' },
      ],
    });
  });

  it('drops mediaType on a data part and reports it', () => {
    expect(toV03({ data: { k: 'v' }, mediaType: 'application/json' })).toStrictEqual({
      result: { kind: 'data', data: { k: 'v' } },
      losses: [{ path: 'mediaType', reason: '0.3 data parts have no mediaType; dropped' }],
    });
  });

  it.each<[string, JsonValue, string]>([
    ['a string', 'text', 'string'],
    ['a number', 42, 'number'],
    ['a boolean', false, 'boolean'],
    ['null', null, 'null'],
    ['an array', [1, { a: 2 }], 'array'],
  ])('wraps %s as { value } with the data_part_compat flag and reports it', (_, value, word) => {
    const { result, losses } = toV03({ data: value, metadata: { trace: 't' } });
    expect(result).toStrictEqual({
      kind: 'data',
      data: { value },
      metadata: { trace: 't', data_part_compat: true },
    });
    expect(losses).toStrictEqual([
      {
        path: 'data',
        reason: `0.3 data must be an object; the ${word} is wrapped as { value } with metadata.data_part_compat: true (a2a-js/a2a-python convention, unwrapped on the way back)`,
      },
    ]);
    expect(partFromV03(result)).toStrictEqual({ data: value, metadata: { trace: 't' } });
  });

  it('reports a data_part_compat flag already present when wrapping', () => {
    const { result, losses } = toV03({ data: 1, metadata: { data_part_compat: false } });
    expect(result).toStrictEqual({ kind: 'data', data: { value: 1 }, metadata: { data_part_compat: true } });
    expect(losses.map((loss) => loss.path)).toStrictEqual(['data', 'metadata.data_part_compat']);
    expect(losses[1]?.reason).toBe(
      'is reserved by the data wrap convention; overwritten with true and removed on the way back',
    );
  });

  it('reports object data shaped like a wrap, which would read back unwrapped', () => {
    const part: Part = { data: { value: 3 }, metadata: { data_part_compat: true } };
    const { result, losses } = toV03(part);
    expect(result).toStrictEqual({ kind: 'data', data: { value: 3 }, metadata: { data_part_compat: true } });
    expect(losses).toStrictEqual([
      {
        path: 'metadata',
        reason: 'data {"value":3} with data_part_compat: true reads back as the wrapped value; sent as is',
      },
    ]);
  });

  it('does not share the data value or metadata with the input', () => {
    const part = { data: { deep: { a: [1] } }, metadata: { m: { n: 1 } } };
    const result = partToV03(part);
    if (result.kind !== 'data') throw new Error('expected a data part');
    expect(result.data.deep).not.toBe(part.data.deep);
    expect(result.metadata?.m).not.toBe(part.metadata.m);
  });

  it('throws TranslationError naming the path in strict mode', () => {
    const attempt = () =>
      partToV03({ text: 'hi', mediaType: 'text/plain' }, { strict: true, path: 'parts[2]' });
    expect(attempt).toThrow(TranslationError);
    expect(attempt).toThrow(
      'A2A 0.3 cannot express parts[2].mediaType: 0.3 text parts have no mediaType; dropped',
    );
    expect(() => partToV03({ data: 'x' }, { strict: true })).toThrow(/^A2A 0\.3 cannot express data: /);
  });
});

describe('part round trips', () => {
  it.each<[string, Part]>([
    ['text', { text: 'a', metadata: { x: 1 } }],
    ['raw', { raw: 'aGVsbG8=', filename: 'h.txt', mediaType: 'text/plain' }],
    ['url', { url: 'https://x/y', filename: 'y' }],
    ['object data', { data: { a: { b: [1, null] } } }],
    ['string data', { data: 'plain' }],
    ['null data', { data: null, metadata: { keep: true } }],
  ])('1.0 → 0.3 → 1.0 gives back a %s part', (_, part) => {
    expect(partFromV03(partToV03(part))).toStrictEqual(part);
  });

  it.each<[string, v03.Part]>([
    ['text', { kind: 'text', text: 'a' }],
    [
      'bytes',
      { kind: 'file', file: { bytes: 'aGk=', name: 'n', mimeType: 'text/plain' }, metadata: { a: 1 } },
    ],
    ['uri', { kind: 'file', file: { uri: 'https://x', mimeType: 'image/png' } }],
    ['data', { kind: 'data', data: { a: 1 } }],
    ['wrapped data', { kind: 'data', data: { value: 'v' }, metadata: { data_part_compat: true } }],
    ['odd flagged data', { kind: 'data', data: { value: { a: 1 } }, metadata: { data_part_compat: true } }],
  ])('0.3 → 1.0 → 0.3 gives back a %s part', (_, part) => {
    expect(partToV03(partFromV03(part))).toStrictEqual(part);
  });
});
