import { describe, expect, it } from 'vitest';
import { apiKey, createA2AServer, createAuthenticator } from '../src/index.ts';
import { startA2AServer } from '../src/node.ts';

const CARD = {
  name: 'Browser-facing',
  description: 'Called from pages on other origins',
  version: '1.0.0',
  skills: [],
  securitySchemes: { key: { apiKeySecurityScheme: { location: 'header', name: 'X-API-Key' } } },
  securityRequirements: [{ schemes: { key: { list: [] } } }],
};

function server(cors?: true | readonly string[]) {
  return createA2AServer({
    card: CARD,
    executor: () => 'hi',
    auth: createAuthenticator({ card: CARD, schemes: { key: apiKey({ keys: { k: { id: 'ann' } } }) } }),
    ...(cors ? { cors } : {}),
  });
}

const preflight = (origin = 'http://console.example') => ({
  method: 'OPTIONS',
  headers: {
    Origin: origin,
    'Access-Control-Request-Method': 'POST',
    'Access-Control-Request-Headers': 'content-type, a2a-version, x-api-key',
  },
});

describe('CORS on the bindings', () => {
  it('answers a preflight before authentication, allowing the headers asked for, on both bindings', async () => {
    const app = server(true);
    for (const path of ['/a2a/jsonrpc', '/a2a/rest/message:send']) {
      const response = await app.request(path, preflight());
      expect(response.status, path).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-headers')).toContain('a2a-version');
      expect(response.headers.get('access-control-allow-headers')).toContain('x-api-key');
    }
  });

  it('lets a page read the answer and its exposed headers, and a refusal too', async () => {
    const app = server(true);
    const refused = await app.request('/a2a/jsonrpc', {
      method: 'POST',
      headers: { Origin: 'http://console.example', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect(refused.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate');
  });

  it('allows only the listed origins when given a list, and sends no CORS headers by default', async () => {
    const listed = server(['http://console.example']);
    const allowed = await listed.request('/a2a/jsonrpc', preflight());
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://console.example');
    const other = await listed.request('/a2a/jsonrpc', preflight('http://evil.example'));
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const none = await server().request('/a2a/jsonrpc', preflight());
    expect(none.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('puts the CORS headers on a stream written straight to the socket, on both bindings', async () => {
    const running = await startA2AServer(
      createA2AServer({
        card: { ...CARD, securitySchemes: {}, securityRequirements: [] },
        executor: () => 'hi',
        cors: true,
      }),
    );
    try {
      const message = { messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'hi' }] };
      const calls = [
        [`${running.url}/a2a/rest/message:stream`, { message }],
        [
          `${running.url}/a2a/jsonrpc`,
          { jsonrpc: '2.0', id: 1, method: 'SendStreamingMessage', params: { message } },
        ],
      ] as const;
      for (const [url, body] of calls) {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            Origin: 'http://console.example',
            'Content-Type': 'application/json',
            'A2A-Version': '1.0',
          },
          body: JSON.stringify(body),
        });
        expect(response.headers.get('content-type'), url).toBe('text/event-stream');
        expect(response.headers.get('access-control-allow-origin'), url).toBe('*');
        expect(await response.text()).toContain('hi');
      }
    } finally {
      await running.close();
    }
  });
});
