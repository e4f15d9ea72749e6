import { describe, expect, it } from 'vitest';
import { isJsonContentType, mediaTypeOf } from './media-type.ts';

describe('isJsonContentType', () => {
  it.each([
    [undefined, false],
    [null, false],
    ['', false],
    ['application/json', true],
    ['application/json; charset=utf-8', true],
    ['APPLICATION/JSON', true],
    ['application/a2a+json', true],
    [' application/a2a+json ; charset=UTF-8', true],
    ['text/plain', false],
    ['application/x-www-form-urlencoded', false],
    ['multipart/form-data; boundary=x', false],
    ['application/jsonp', false],
  ])('%j → %s', (contentType, expected) => {
    expect(isJsonContentType(contentType)).toBe(expected);
  });
});

describe('mediaTypeOf', () => {
  it('drops parameters and case', () => {
    expect(mediaTypeOf('Application/A2A+JSON; charset=utf-8')).toBe('application/a2a+json');
  });
});
