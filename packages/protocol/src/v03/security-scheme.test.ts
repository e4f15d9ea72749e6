import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { SecuritySchemeSchema } from './security-scheme.ts';

function issues(schema: z.ZodMiniType, input: unknown) {
  return schema.safeParse(input).error?.issues.map(({ path, message }) => ({ path, message }));
}

describe('SecuritySchemeSchema', () => {
  it.each([
    { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'key' },
    { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    {
      type: 'openIdConnect',
      openIdConnectUrl: 'https://accounts.example.com/.well-known/openid-configuration',
    },
    { type: 'mutualTLS' },
    {
      type: 'oauth2',
      oauth2MetadataUrl: 'https://auth.example.com/.well-known/oauth-authorization-server',
      flows: {
        authorizationCode: {
          authorizationUrl: 'https://auth.example.com/authorize',
          tokenUrl: 'https://auth.example.com/token',
          refreshUrl: 'https://auth.example.com/refresh',
          scopes: { read: 'Read things' },
        },
        clientCredentials: { tokenUrl: 'https://auth.example.com/token', scopes: {} },
        implicit: { authorizationUrl: 'https://auth.example.com/authorize', scopes: { a: 'b' } },
        password: { tokenUrl: 'https://auth.example.com/token', scopes: {} },
      },
    },
  ])('parses a $type scheme unchanged', (scheme) => {
    expect(SecuritySchemeSchema.parse(scheme)).toEqual(scheme);
  });

  it('treats null optional fields as absent', () => {
    expect(
      SecuritySchemeSchema.parse({ type: 'http', scheme: 'basic', bearerFormat: null, description: null }),
    ).toEqual({
      type: 'http',
      scheme: 'basic',
    });
  });

  it('rejects an api key in an unknown location', () => {
    expect(issues(SecuritySchemeSchema, { type: 'apiKey', in: 'body', name: 'k' })?.[0]?.path).toEqual([
      'in',
    ]);
  });

  it('names a missing token URL inside an OAuth flow', () => {
    const scheme = { type: 'oauth2', flows: { clientCredentials: { scopes: {} } } };
    expect(issues(SecuritySchemeSchema, scheme)?.map((issue) => issue.path)).toEqual([
      ['flows', 'clientCredentials', 'tokenUrl'],
    ]);
  });

  it('rejects an unknown type, such as the 1.0 wrapper form', () => {
    expect(issues(SecuritySchemeSchema, { httpAuthSecurityScheme: { scheme: 'Bearer' } })).toEqual([
      {
        path: ['type'],
        message:
          'security scheme type is missing; expected one of apiKey, http, oauth2, openIdConnect, mutualTLS',
      },
    ]);
    expect(issues(SecuritySchemeSchema, { type: 'mtls' })?.[0]?.message).toBe(
      'security scheme type "mtls" is unknown; expected one of apiKey, http, oauth2, openIdConnect, mutualTLS',
    );
  });
});
