import { PartSchema } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import { dataPart, filePart, textPart } from './parts.ts';

describe('textPart', () => {
  it('builds a bare text part that parses as a 1.0 Part unchanged', () => {
    const part = textPart('Plan a trip to Lisbon');
    expect(part).toStrictEqual({ text: 'Plan a trip to Lisbon' });
    expect(PartSchema.parse(part)).toStrictEqual(part);
  });

  it('carries the extras that are set and no undefined keys', () => {
    const part = textPart('# Notes', { mediaType: 'text/markdown', metadata: { lang: 'en' } });
    expect(part).toStrictEqual({ text: '# Notes', mediaType: 'text/markdown', metadata: { lang: 'en' } });
    expect(Object.keys(part)).toEqual(['text', 'metadata', 'mediaType']);
    expect(PartSchema.parse(part)).toStrictEqual(part);
  });
});

describe('dataPart', () => {
  it.each([[{ city: 'Lisbon', days: 3 }], [[1, 'two', null]], [null], [0], ['']])(
    'wraps %j as data and parses as a 1.0 Part',
    (value) => {
      const part = dataPart(value, { mediaType: 'application/json' });
      expect(part).toStrictEqual({ data: value, mediaType: 'application/json' });
      expect(PartSchema.parse(part)).toStrictEqual(part);
    },
  );
});

describe('filePart', () => {
  it('encodes Uint8Array bytes as base64 raw with filename and media type', () => {
    const part = filePart({
      bytes: new TextEncoder().encode('hello'),
      filename: 'hi.txt',
      mediaType: 'text/plain',
    });
    expect(part).toStrictEqual({ raw: 'aGVsbG8=', filename: 'hi.txt', mediaType: 'text/plain' });
    expect(PartSchema.parse(part)).toStrictEqual(part);
  });

  it('keeps a base64 string exactly as given', () => {
    expect(filePart({ bytes: 'aGVsbG8' })).toStrictEqual({ raw: 'aGVsbG8' });
  });

  it('rejects a string that is not base64', () => {
    expect(() => filePart({ bytes: 'not base64!' })).toThrow(
      new TypeError('filePart: bytes given as a string must be base64'),
    );
  });

  it('builds a url part', () => {
    const part = filePart({ url: 'https://example.com/a.pdf', mediaType: 'application/pdf' });
    expect(part).toStrictEqual({ url: 'https://example.com/a.pdf', mediaType: 'application/pdf' });
    expect(PartSchema.parse(part)).toStrictEqual(part);
  });

  it('rejects both bytes and url, and neither', () => {
    const both = { bytes: 'aGk=', url: 'https://example.com/a' } as unknown as Parameters<typeof filePart>[0];
    const neither = {} as unknown as Parameters<typeof filePart>[0];
    expect(() => filePart(both)).toThrow('filePart: give exactly one of bytes or url');
    expect(() => filePart(neither)).toThrow('filePart: give exactly one of bytes or url');
  });
});
