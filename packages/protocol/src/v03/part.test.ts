import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { DataPartSchema, FileContentSchema, FilePartSchema, PartSchema, TextPartSchema } from './part.ts';

function issues(schema: z.ZodMiniType, input: unknown) {
  return schema.safeParse(input).error?.issues.map(({ path, message }) => ({ path, message }));
}

describe('PartSchema', () => {
  it('fills in kind on a text part sent without one', () => {
    expect(PartSchema.parse({ text: 'hello' })).toEqual({ kind: 'text', text: 'hello' });
  });

  it('fills in kind on a file part sent without one', () => {
    expect(PartSchema.parse({ file: { uri: 'https://x.example/a.pdf' } })).toEqual({
      kind: 'file',
      file: { uri: 'https://x.example/a.pdf' },
    });
  });

  it('fills in kind on a data part sent without one', () => {
    expect(PartSchema.parse({ data: { a: 1 }, metadata: { m: true } })).toEqual({
      kind: 'data',
      data: { a: 1 },
      metadata: { m: true },
    });
  });

  it('keeps the kind the sender gave', () => {
    expect(PartSchema.parse({ kind: 'text', text: 'x' })).toEqual({ kind: 'text', text: 'x' });
  });

  it('rejects an unknown kind at the kind field', () => {
    expect(issues(PartSchema, { kind: 'image', text: 'x' })).toEqual([
      { path: ['kind'], message: 'part kind "image" is not one of text, file, data' },
    ]);
  });

  it('rejects a part without kind whose content field is ambiguous', () => {
    expect(issues(PartSchema, { text: 'x', data: {} })).toEqual([
      {
        path: ['kind'],
        message: 'part has no kind and its fields do not say which of text, file, data it is',
      },
    ]);
    expect(issues(PartSchema, {})?.[0]?.path).toEqual(['kind']);
  });

  it('rejects a part that is not an object', () => {
    expect(issues(PartSchema, 'hello')).toEqual([{ path: [], message: 'part must be a JSON object' }]);
  });

  it('checks the fields of the kind that was given', () => {
    expect(issues(PartSchema, { kind: 'file', text: 'x' })?.[0]?.path).toEqual(['file']);
    expect(issues(PartSchema, { kind: 'text', text: 7 })?.[0]?.path).toEqual(['text']);
  });

  it('treats null fields as absent', () => {
    expect(PartSchema.parse({ kind: 'text', text: 'x', metadata: null })).toEqual({
      kind: 'text',
      text: 'x',
    });
    expect(issues(PartSchema, { kind: 'text', text: null })?.[0]?.path).toEqual(['text']);
  });

  it('strips unknown fields', () => {
    expect(PartSchema.parse({ text: 'x', mimeType: 'text/plain' })).toEqual({ kind: 'text', text: 'x' });
  });
});

describe('FileContentSchema', () => {
  it('accepts inline base64 bytes with name and mime type', () => {
    expect(FileContentSchema.parse({ name: 'a.png', mimeType: 'image/png', bytes: 'iVBORw0KGgo=' })).toEqual({
      name: 'a.png',
      mimeType: 'image/png',
      bytes: 'iVBORw0KGgo=',
    });
  });

  it('accepts base64 without padding and the empty file', () => {
    expect(FileContentSchema.parse({ bytes: 'iVBORw0KGgo' })).toEqual({ bytes: 'iVBORw0KGgo' });
    expect(FileContentSchema.parse({ bytes: '' })).toEqual({ bytes: '' });
  });

  it('rejects a file with both bytes and uri', () => {
    expect(issues(FilePartSchema, { file: { bytes: 'AAAA', uri: 'https://x.example/a' } })).toEqual([
      { path: ['file'], message: 'file has both bytes and uri; send exactly one of them' },
    ]);
  });

  it('rejects a file with neither bytes nor uri', () => {
    expect(issues(FilePartSchema, { file: { name: 'a.png' } })).toEqual([
      { path: ['file'], message: 'file has neither bytes nor uri; send exactly one of them' },
    ]);
  });

  it('treats a null uri next to bytes as absent', () => {
    expect(FileContentSchema.parse({ bytes: 'AAAA', uri: null })).toEqual({ bytes: 'AAAA' });
  });

  it.each([
    ['a character outside the alphabet', 'iVBOR*0KGgo='],
    ['url-safe characters', 'ab-_'],
    ['a lone trailing character', 'AAAAA'],
    ['padding in the middle', 'AA==AAAA'],
    ['whitespace', 'AAAA AAAA'],
  ])('rejects bytes with %s', (_, bytes) => {
    expect(issues(FilePartSchema, { file: { bytes } })).toEqual([
      {
        path: ['file', 'bytes'],
        message: 'must be base64 (letters, digits, + and /, optionally padded with =)',
      },
    ]);
  });
});

describe('single-kind part schemas', () => {
  it('fill in their own kind and reject another one', () => {
    expect(TextPartSchema.parse({ text: 'x' })).toEqual({ kind: 'text', text: 'x' });
    expect(DataPartSchema.parse({ data: {} })).toEqual({ kind: 'data', data: {} });
    expect(issues(TextPartSchema, { kind: 'data', text: 'x' })?.[0]?.path).toEqual(['kind']);
  });

  it('require data to be an object in 0.3', () => {
    expect(issues(DataPartSchema, { data: [1, 2] })).toEqual([
      { path: ['data'], message: 'data must be a JSON object' },
    ]);
    expect(issues(DataPartSchema, { data: 'text' })?.[0]?.path).toEqual(['data']);
  });
});
