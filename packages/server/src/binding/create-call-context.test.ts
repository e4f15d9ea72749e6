import { describe, expect, it } from 'vitest';
import { createCallContext, readRequestedExtensions } from './create-call-context.ts';

const request = (headers: Record<string, string> = {}) => new Request('http://127.0.0.1/', { headers });

describe('createCallContext', () => {
  it('carries version, binding, tenant, user, extensions, the request signal and its headers', () => {
    const incoming = request({ 'A2A-Extensions': 'https://ext/a' });
    const context = createCallContext({
      request: incoming,
      version: '1.0',
      binding: 'HTTP+JSON',
      tenant: 'acme',
      user: { id: 'alice' },
    });
    const { version, binding, tenant, user, requestedExtensions, signal, headers, agentUrl } = context;
    expect({ version, binding, tenant, user, requestedExtensions, agentUrl }).toEqual({
      version: '1.0',
      binding: 'HTTP+JSON',
      tenant: 'acme',
      user: { id: 'alice' },
      requestedExtensions: ['https://ext/a'],
      agentUrl: undefined,
    });
    expect(signal).toBe(incoming.signal);
    expect(headers).toBe(incoming.headers);
  });

  it('works out the agent URL only when asked', () => {
    let asked = 0;
    const context = createCallContext({
      request: request(),
      version: '1.0',
      binding: 'JSONRPC',
      agentUrlOf: (incoming) => {
        asked += 1;
        return new URL(incoming.url).origin;
      },
    });
    expect(asked).toBe(0);
    expect(context.agentUrl).toBe('http://127.0.0.1');
    expect(asked).toBe(1);
  });

  it.each([undefined, ''])('has no tenant for %j and no user when none is given', (tenant) => {
    const context = createCallContext({
      request: request(),
      version: '0.3',
      binding: 'JSONRPC',
      tenant,
      user: undefined,
    });
    expect(context.tenant).toBeUndefined();
    expect(context.user).toBeUndefined();
    expect(context.waitUntil).toBeUndefined();
  });

  it('uses the given signal over the request signal', () => {
    const controller = new AbortController();
    const context = createCallContext({
      request: request(),
      version: '1.0',
      binding: 'JSONRPC',
      signal: controller.signal,
    });
    expect(context.signal).toBe(controller.signal);
  });
});

describe('readRequestedExtensions', () => {
  const headers = {
    'A2A-Extensions': 'https://ext/a, https://ext/b',
    'X-A2A-Extensions': 'https://ext/b,https://ext/c',
  };

  it('reads only A2A-Extensions for 1.0', () => {
    expect(readRequestedExtensions(request(headers), '1.0')).toEqual(['https://ext/a', 'https://ext/b']);
  });

  it('reads both spellings for 0.3, deduplicated', () => {
    expect(readRequestedExtensions(request(headers), '0.3')).toEqual([
      'https://ext/a',
      'https://ext/b',
      'https://ext/c',
    ]);
  });

  it('reads nothing from a request without the headers', () => {
    expect(readRequestedExtensions(request(), '0.3')).toEqual([]);
  });
});
