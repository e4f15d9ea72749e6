import { describe, expect, expectTypeOf, it } from 'vitest';
import { type OAuthFlows, OAuthFlowsSchema } from './oauth-flows.ts';
import { SecurityRequirementSchema } from './security-requirement.ts';
import { type HTTPAuthSecurityScheme, type SecurityScheme, SecuritySchemeSchema } from './security-scheme.ts';

function issuesOf(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } | undefined }) {
  return result.error?.issues.map(({ path, message }) => ({ path, message }));
}

describe('SecuritySchemeSchema', () => {
  it.each([
    ['an API key', { apiKeySecurityScheme: { location: 'header', name: 'X-API-Key', description: 'key' } }],
    ['HTTP bearer', { httpAuthSecurityScheme: { scheme: 'Bearer', bearerFormat: 'JWT' } }],
    [
      'OAuth 2.0',
      {
        oauth2SecurityScheme: {
          flows: { clientCredentials: { tokenUrl: 'https://auth/token', scopes: { read: 'Read' } } },
          oauth2MetadataUrl: 'https://auth/.well-known/oauth-authorization-server',
        },
      },
    ],
    [
      'OpenID Connect',
      { openIdConnectSecurityScheme: { openIdConnectUrl: 'https://id/.well-known/openid-configuration' } },
    ],
    ['mutual TLS', { mtlsSecurityScheme: {} }],
  ])('accepts %s unchanged', (_, input) => {
    expect(SecuritySchemeSchema.parse(input)).toEqual(input);
  });

  it('reads snake_case member and field names', () => {
    expect(
      SecuritySchemeSchema.parse({
        oauth2_security_scheme: {
          flows: {
            device_code: { device_authorization_url: 'https://a/d', token_url: 'https://a/t', scopes: {} },
          },
          oauth2_metadata_url: 'https://a/m',
        },
      }),
    ).toEqual({
      oauth2SecurityScheme: {
        flows: { deviceCode: { deviceAuthorizationUrl: 'https://a/d', tokenUrl: 'https://a/t', scopes: {} } },
        oauth2MetadataUrl: 'https://a/m',
      },
    });
    expect(
      SecuritySchemeSchema.parse({ open_id_connect_security_scheme: { open_id_connect_url: 'u' } }),
    ).toEqual({
      openIdConnectSecurityScheme: { openIdConnectUrl: 'u' },
    });
  });

  it('rejects a scheme with two members', () => {
    const result = SecuritySchemeSchema.safeParse({
      mtlsSecurityScheme: {},
      httpAuthSecurityScheme: { scheme: 'Basic' },
    });
    expect(issuesOf(result)).toEqual([
      {
        path: [],
        message:
          'expected exactly one of apiKeySecurityScheme, httpAuthSecurityScheme, oauth2SecurityScheme, openIdConnectSecurityScheme, mtlsSecurityScheme, got httpAuthSecurityScheme and mtlsSecurityScheme',
      },
    ]);
  });

  it('rejects the 0.3 type-tagged shape', () => {
    const result = SecuritySchemeSchema.safeParse({ type: 'http', scheme: 'bearer' });
    expect(result.error?.issues[0]?.message).toMatch(/^expected exactly one of .*, got none$/);
  });

  it('rejects an API key scheme without location, naming the field', () => {
    const result = SecuritySchemeSchema.safeParse({ apiKeySecurityScheme: { in: 'header', name: 'k' } });
    expect(issuesOf(result)).toEqual([
      { path: ['apiKeySecurityScheme', 'location'], message: 'is required' },
    ]);
  });

  it('narrows by key presence', () => {
    const scheme: SecurityScheme = SecuritySchemeSchema.parse({
      httpAuthSecurityScheme: { scheme: 'Bearer' },
    });
    if (!('httpAuthSecurityScheme' in scheme)) return expect.unreachable('expected the HTTP variant');
    expectTypeOf(scheme.httpAuthSecurityScheme).toEqualTypeOf<HTTPAuthSecurityScheme>();
    expect(scheme.httpAuthSecurityScheme.scheme).toBe('Bearer');
  });
});

describe('OAuthFlowsSchema', () => {
  it.each([
    [
      'authorization code with PKCE',
      {
        authorizationCode: {
          authorizationUrl: 'https://a/authorize',
          tokenUrl: 'https://a/token',
          refreshUrl: 'https://a/refresh',
          scopes: { openid: 'OpenID' },
          pkceRequired: true,
        },
      },
    ],
    ['client credentials', { clientCredentials: { tokenUrl: 'https://a/token', scopes: {} } }],
    ['implicit (deprecated)', { implicit: { authorizationUrl: 'https://a/authorize', scopes: {} } }],
    ['password (deprecated)', { password: { tokenUrl: 'https://a/token' } }],
    [
      'device code',
      { deviceCode: { deviceAuthorizationUrl: 'https://a/device', tokenUrl: 'https://a/token', scopes: {} } },
    ],
  ])('accepts %s unchanged', (_, input) => {
    expect(OAuthFlowsSchema.parse(input)).toEqual(input);
  });

  it('reads omitted REQUIRED scopes as an empty map, as ProtoJSON writers omit empty maps', () => {
    expect(OAuthFlowsSchema.parse({ clientCredentials: { tokenUrl: 'https://a/token' } })).toEqual({
      clientCredentials: { tokenUrl: 'https://a/token', scopes: {} },
    });
  });

  it('rejects two flows at the flows path of a scheme', () => {
    const result = SecuritySchemeSchema.safeParse({
      oauth2SecurityScheme: {
        flows: {
          clientCredentials: { tokenUrl: 'https://a/token' },
          password: { tokenUrl: 'https://a/token' },
        },
      },
    });
    expect(issuesOf(result)).toEqual([
      {
        path: ['oauth2SecurityScheme', 'flows'],
        message:
          'expected exactly one of authorizationCode, clientCredentials, implicit, password, deviceCode, got clientCredentials and password',
      },
    ]);
  });

  it('rejects an authorization code flow without a token URL', () => {
    const result = OAuthFlowsSchema.safeParse({
      authorizationCode: { authorizationUrl: 'https://a/authorize' },
    });
    expect(issuesOf(result)).toEqual([{ path: ['authorizationCode', 'tokenUrl'], message: 'is required' }]);
  });

  it('narrows by key presence', () => {
    const flows: OAuthFlows = OAuthFlowsSchema.parse({
      deviceCode: { deviceAuthorizationUrl: 'd', tokenUrl: 't' },
    });
    if (!('deviceCode' in flows)) return expect.unreachable('expected the device code variant');
    expectTypeOf(flows.deviceCode.scopes).toEqualTypeOf<Record<string, string>>();
    expect(flows.deviceCode.scopes).toEqual({});
  });
});

describe('SecurityRequirementSchema', () => {
  it('accepts scopes per scheme, and an empty scope list sent as {}', () => {
    const input = { schemes: { google: { list: ['openid', 'profile'] }, apiKey: {} } };
    expect(SecurityRequirementSchema.parse(input)).toEqual(input);
  });

  it('rejects a scope list in the 0.3 shape, naming the scheme', () => {
    const result = SecurityRequirementSchema.safeParse({ schemes: { google: ['openid'] } });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['schemes', 'google']]);
  });
});
