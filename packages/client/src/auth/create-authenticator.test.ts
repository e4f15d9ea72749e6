import type { AgentCard } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import { createAuthenticator } from './create-authenticator.ts';

const schemes: AgentCard['securitySchemes'] = {
  headerKey: { apiKeySecurityScheme: { location: 'header', name: 'X-API-Key' } },
  queryKey: { apiKeySecurityScheme: { location: 'query', name: 'key' } },
  cookieKey: { apiKeySecurityScheme: { location: 'cookie', name: 'session' } },
  bearer: { httpAuthSecurityScheme: { scheme: 'Bearer' } },
  basic: { httpAuthSecurityScheme: { scheme: 'Basic' } },
  oauth: {
    oauth2SecurityScheme: {
      flows: { clientCredentials: { tokenUrl: 'https://auth.example/t', scopes: {} } },
    },
  },
};

async function run(credentials: Parameters<typeof createAuthenticator>[1]) {
  const url = new URL('https://agent.example/a2a');
  const headers = new Headers();
  await createAuthenticator(() => ({ securitySchemes: schemes }), credentials)({ url, headers });
  return { url, headers };
}

describe('createAuthenticator', () => {
  it.each([
    [{ headerKey: 'k1' }, 'x-api-key', 'k1'],
    [{ cookieKey: 'c 1' }, 'cookie', 'session=c%201'],
    [{ bearer: 'tok' }, 'authorization', 'Bearer tok'],
    [{ basic: 'ada:lovelace' }, 'authorization', `Basic ${btoa('ada:lovelace')}`],
    [{ oauth: () => 'access' }, 'authorization', 'Bearer access'],
  ])('applies %o as the card says', async (credentials, header, value) => {
    const { headers } = await run(credentials);
    expect(headers.get(header)).toBe(value);
  });

  it('puts a query API key in the URL and ignores unknown schemes', async () => {
    const { url, headers } = await run({ queryKey: 'q1', nope: 'x' });
    expect(url.searchParams.get('key')).toBe('q1');
    expect([...headers.keys()]).toEqual([]);
  });

  it('asks a credential function again on every request (token refresh)', async () => {
    let n = 0;
    const authenticate = createAuthenticator(() => ({ securitySchemes: schemes }), {
      bearer: async () => `t${++n}`,
    });
    const headers = new Headers();
    await authenticate({ url: new URL('https://a.example'), headers });
    await authenticate({ url: new URL('https://a.example'), headers });
    expect(headers.get('authorization')).toBe('Bearer t2');
  });
});
