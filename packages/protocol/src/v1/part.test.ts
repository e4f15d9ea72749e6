import { describe, expect, expectTypeOf, it } from 'vitest';
import type { JsonValue } from '../wire/proto-scalars.ts';
import { type Part, PartSchema } from './part.ts';

function issuesOf(input: unknown) {
  return PartSchema.safeParse(input).error?.issues.map(({ path, message }) => ({ path, message }));
}

describe('PartSchema', () => {
  it.each([
    ['a text part', { text: 'Hello' }],
    [
      'a raw part with a filename and media type',
      { raw: 'iVBORw0KGgo=', filename: 'a.png', mediaType: 'image/png' },
    ],
    ['a url part', { url: 'https://host/doc.pdf', mediaType: 'application/pdf' }],
    ['a data part holding an object', { data: { k: 'v' }, mediaType: 'application/json' }],
    ['a data part holding an array', { data: [1, 'two'] }],
    ['a data part holding null', { data: null }],
    ['a part with metadata', { text: 'x', metadata: { 'https://ext/v1': { a: 1 } } }],
  ])('accepts %s unchanged and round-trips it', (_, input) => {
    const parsed = PartSchema.parse(input);
    expect(parsed).toEqual(input);
    expect(PartSchema.parse(JSON.parse(JSON.stringify(parsed)))).toEqual(parsed);
  });

  it('reads media_type in snake_case and outputs mediaType', () => {
    expect(PartSchema.parse({ url: 'https://x/y.png', media_type: 'image/png' })).toEqual({
      url: 'https://x/y.png',
      mediaType: 'image/png',
    });
  });

  it('drops a 0.3-style kind field it does not know', () => {
    expect(PartSchema.parse({ kind: 'text', text: 'hi' })).toEqual({ text: 'hi' });
  });

  it('rejects a part with both text and url', () => {
    expect(issuesOf({ text: 'a', url: 'https://x' })).toEqual([
      { path: [], message: 'expected exactly one of text, raw, url, data, got text and url' },
    ]);
  });

  it('rejects a part with no content, such as a 0.3 file part', () => {
    expect(issuesOf({ kind: 'file', file: { uri: 'https://x' } })).toEqual([
      { path: [], message: 'expected exactly one of text, raw, url, data, got none' },
    ]);
  });

  it('treats text: null as absent, so a null text beside a url is fine', () => {
    expect(PartSchema.parse({ text: null, url: 'https://x' })).toEqual({ url: 'https://x' });
  });

  it('rejects raw content that is not base64, at the raw field', () => {
    expect(issuesOf({ raw: 'not base64!' })).toEqual([
      {
        path: ['raw'],
        message: 'must be base64 (standard or URL-safe alphabet, = padding optional, no whitespace)',
      },
    ]);
  });

  it('rejects a text part whose text is not a string', () => {
    expect(issuesOf({ text: 42 })?.[0]?.path).toEqual(['text']);
  });

  it('narrows by key presence', () => {
    const parts: Part[] = [{ text: 'a' }, { raw: 'AA==' }, { url: 'u' }, { data: { n: 1 } }];
    const kinds = parts.map((part) => {
      if ('text' in part) {
        expectTypeOf(part.text).toEqualTypeOf<string>();
        return `text:${part.text}`;
      }
      if ('raw' in part) {
        expectTypeOf(part.raw).toEqualTypeOf<string>();
        return `raw:${part.raw}`;
      }
      if ('url' in part) {
        expectTypeOf(part.url).toEqualTypeOf<string>();
        return `url:${part.url}`;
      }
      expectTypeOf(part.data).toEqualTypeOf<JsonValue>();
      return `data:${JSON.stringify(part.data)}`;
    });
    expect(kinds).toEqual(['text:a', 'raw:AA==', 'url:u', 'data:{"n":1}']);
  });

  it('types every variant with the shared optional fields', () => {
    expectTypeOf<Extract<Part, { text: string }>>().toEqualTypeOf<{
      text: string;
      metadata?: Record<string, unknown> | undefined;
      filename?: string | undefined;
      mediaType?: string | undefined;
    }>();
  });
});
