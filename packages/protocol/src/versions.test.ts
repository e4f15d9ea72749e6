import { describe, expect, it } from 'vitest';
import { isA2AError } from './errors/a2a-error.ts';
import {
  A2A_EXTENSIONS_HEADER,
  A2A_MEDIA_TYPE,
  A2A_VERSION_HEADER,
  formatExtensionsHeader,
  LEGACY_EXTENSIONS_HEADER,
  negotiateVersion,
  parseExtensionsHeader,
  SUPPORTED_VERSIONS,
  toMajorMinor,
} from './versions.ts';

describe('constants', () => {
  it('spells the headers and media types as the spec does', () => {
    expect([A2A_VERSION_HEADER, A2A_EXTENSIONS_HEADER, LEGACY_EXTENSIONS_HEADER, A2A_MEDIA_TYPE]).toEqual([
      'A2A-Version',
      'A2A-Extensions',
      'X-A2A-Extensions',
      'application/a2a+json',
    ]);
    expect(SUPPORTED_VERSIONS).toEqual(['1.0', '0.3']);
  });
});

describe('negotiateVersion', () => {
  it.each([
    [undefined, '0.3'],
    [null, '0.3'],
    ['', '0.3'],
    ['   ', '0.3'],
    ['1.0', '1.0'],
    [' 1.0 ', '1.0'],
    ['1.0.2', '1.0'],
    ['1.0.0-rc', '1.0'],
    ['0.3', '0.3'],
    ['0.3.0', '0.3'],
    ['2.0, 1.0', '1.0'],
    ['1.0, 1.0', '1.0'],
  ] as const)('reads %j as %s', (header, expected) => {
    expect(negotiateVersion(header)).toBe(expected);
  });

  it.each(['2.0', '0.2', '1', 'v1.0', '1.0.x', 'latest'])('rejects %j with VersionNotSupported', (header) => {
    let thrown: unknown;
    try {
      negotiateVersion(header);
    } catch (error) {
      thrown = error;
    }
    expect(isA2AError(thrown, 'VersionNotSupportedError')).toBe(true);
  });

  it('names the requested and the supported versions in the error', () => {
    expect(() => negotiateVersion('2.0')).toThrow(
      'A2A protocol version "2.0" is not supported; supported versions: 1.0, 0.3',
    );
  });

  it('rejects a missing header when the server only speaks 1.0', () => {
    expect(() => negotiateVersion(undefined, ['1.0'])).toThrow(
      /"0.3" is not supported; supported versions: 1.0$/,
    );
  });
});

describe('toMajorMinor', () => {
  it.each([
    ['1.0.2', '1.0'],
    ['01.00', '1.0'],
    ['0.3', '0.3'],
    ['1', undefined],
    ['one.two', undefined],
  ] as const)('reduces %j to %s', (input, expected) => {
    expect(toMajorMinor(input)).toBe(expected);
  });
});

describe('parseExtensionsHeader', () => {
  it('splits, trims, drops empties and dedupes', () => {
    expect(
      parseExtensionsHeader(' https://a.example/x/v1 ,https://b.example/y/v1,, https://a.example/x/v1 '),
    ).toEqual(['https://a.example/x/v1', 'https://b.example/y/v1']);
  });

  it('reads a repeated header given as a list', () => {
    expect(
      parseExtensionsHeader(['https://a.example/x/v1', 'https://b.example/y/v1, https://a.example/x/v1']),
    ).toEqual(['https://a.example/x/v1', 'https://b.example/y/v1']);
  });

  it.each([undefined, null, '', ' , '])('reads %j as no extensions', (value) => {
    expect(parseExtensionsHeader(value)).toEqual([]);
  });

  it('formats a header value without duplicates', () => {
    expect(
      formatExtensionsHeader(['https://a.example/x/v1', 'https://a.example/x/v1', 'https://b.example/y/v1']),
    ).toBe('https://a.example/x/v1, https://b.example/y/v1');
  });
});
