import { describe, expect, it } from 'vitest';
import { errorVersionFor, negotiateRequestVersion, readRequestedVersion } from './request-version.ts';

const request = (headers: Record<string, string> = {}, query = '') =>
  new Request(`http://127.0.0.1/rpc${query}`, { method: 'POST', headers });

describe('readRequestedVersion', () => {
  it.each([
    ['the header', request({ 'A2A-Version': '1.0' }), '1.0'],
    ['the header in any case', request({ 'a2a-version': '1.0' }), '1.0'],
    ['the query parameter', request({}, '?A2A-Version=1.0'), '1.0'],
    ['the header over the query parameter', request({ 'A2A-Version': '0.3' }, '?A2A-Version=1.0'), '0.3'],
    [
      'the query parameter when the header is empty',
      request({ 'A2A-Version': ' ' }, '?A2A-Version=1.0'),
      '1.0',
    ],
    ['nothing', request(), undefined],
  ])('reads %s', (_, input, expected) => {
    expect(readRequestedVersion(input)).toBe(expected);
  });
});

describe('errorVersionFor', () => {
  it.each([
    [undefined, '0.3'],
    ['', '0.3'],
    ['0.2', '0.3'],
    ['0.3', '0.3'],
    ['latest', '0.3'],
    ['1', '1.0'],
    ['1.0', '1.0'],
    ['1.1', '1.0'],
    ['2.0', '1.0'],
    ['0.2, 2.0', '1.0'],
    ['10abc', '0.3'],
  ])('answers a request for %j in the %s error format', (requested, expected) => {
    expect(errorVersionFor(requested)).toBe(expected);
  });
});

describe('negotiateRequestVersion', () => {
  it('serves 1.0.3 as 1.0', () => {
    expect(negotiateRequestVersion(request({ 'A2A-Version': '1.0.3' }))).toEqual({
      ok: true,
      requested: '1.0.3',
      version: '1.0',
    });
  });

  it('serves a request without a version as 0.3', () => {
    expect(negotiateRequestVersion(request())).toEqual({ ok: true, requested: undefined, version: '0.3' });
  });

  it('refuses a version outside the supported list with VersionNotSupported', () => {
    const negotiated = negotiateRequestVersion(request(), ['1.0']);
    expect(negotiated).toMatchObject({ ok: false, requested: undefined, errorVersion: '0.3' });
    expect(negotiated.ok ? undefined : negotiated.error.code).toBe(-32009);
  });

  it('refuses 2.0 and says to answer in the 1.0 format', () => {
    const negotiated = negotiateRequestVersion(request({ 'A2A-Version': '2.0' }));
    expect(negotiated).toMatchObject({ ok: false, errorVersion: '1.0', error: { code: -32009 } });
  });
});
