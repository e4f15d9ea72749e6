import { describe, expect, it } from 'vitest';
import { expectValid, recording } from '../../test/fixtures/translate/helpers.ts';
import { SecuritySchemeSchema } from '../v1/security-scheme.ts';
import * as v03 from '../v03/index.ts';
import { agentCardFromV03 } from './agent-card.ts';
import { TranslationError } from './loss.ts';
import { oauthFlowsFromV03, oauthFlowsToV03 } from './oauth-flows.ts';
import {
  securityRequirementFromV03,
  securityRequirementToV03,
  securitySchemeFromV03,
  securitySchemeToV03,
} from './security.ts';

const token = 'https://auth/token';
const authorize = 'https://auth/authorize';

describe('OAuth flows, 0.3 → 1.0', () => {
  it('keeps the first of several flows (authorizationCode, clientCredentials, implicit, password) and reports the rest', () => {
    const { losses, options } = recording();
    const result = oauthFlowsFromV03(
      {
        password: { tokenUrl: token, scopes: {} },
        clientCredentials: { tokenUrl: token, scopes: { a: 'A' } },
        implicit: { authorizationUrl: authorize, scopes: {} },
      },
      { ...options, path: 'flows' },
    );
    expect(result).toStrictEqual({ clientCredentials: { tokenUrl: token, scopes: { a: 'A' } } });
    expect(losses).toEqual([
      {
        path: 'flows.implicit',
        reason: '1.0 allows one OAuth flow per scheme; kept clientCredentials, dropped implicit',
      },
      {
        path: 'flows.password',
        reason: '1.0 allows one OAuth flow per scheme; kept clientCredentials, dropped password',
      },
    ]);
  });

  it('drops an OAuth scheme without flows from the card and reports it', () => {
    const { losses, options } = recording();
    const card: v03.AgentCard = {
      protocolVersion: '0.3.0',
      name: 'A',
      description: 'd',
      url: 'https://a',
      version: '1',
      capabilities: {},
      securitySchemes: {
        empty: { type: 'oauth2', flows: {} },
        mtls: { type: 'mutualTLS' },
      },
      security: [{ empty: [] }],
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/plain'],
      skills: [],
    };
    const result = agentCardFromV03(card, options);
    expect(result.securitySchemes).toStrictEqual({ mtls: { mtlsSecurityScheme: {} } });
    expect(result.securityRequirements).toStrictEqual([{ schemes: { empty: { list: [] } } }]);
    expect(losses).toEqual([
      {
        path: 'securitySchemes.empty.flows',
        reason: '1.0 REQUIRES exactly one OAuth flow and this 0.3 scheme has none; scheme dropped',
      },
    ]);
    expect(() => agentCardFromV03(card, { strict: true })).toThrow(TranslationError);
  });

  it('leaves an empty implicit authorizationUrl or password tokenUrl out', () => {
    expect(oauthFlowsFromV03({ implicit: { authorizationUrl: '', scopes: {} } })).toStrictEqual({
      implicit: { scopes: {} },
    });
    expect(oauthFlowsFromV03({ password: { tokenUrl: '', scopes: {} } })).toStrictEqual({
      password: { scopes: {} },
    });
  });

  it('throws on an empty authorization code URL', () => {
    expect(() =>
      oauthFlowsFromV03(
        { authorizationCode: { authorizationUrl: authorize, tokenUrl: '', scopes: {} } },
        { path: 'flows' },
      ),
    ).toThrow('A2A 1.0 cannot express flows.authorizationCode.tokenUrl: is empty');
  });
});

describe('OAuth flows, 1.0 → 0.3', () => {
  it('writes a device code flow as no flows and reports it', () => {
    const { losses, options } = recording();
    const result = oauthFlowsToV03(
      { deviceCode: { deviceAuthorizationUrl: 'https://auth/device', tokenUrl: token, scopes: {} } },
      options,
    );
    expect(result).toStrictEqual({});
    expect(losses).toEqual([
      { path: 'deviceCode', reason: '0.3 has no device code flow; the 0.3 scheme lists no flows' },
    ]);
    expect(() =>
      oauthFlowsToV03(
        { deviceCode: { deviceAuthorizationUrl: 'd', tokenUrl: token, scopes: {} } },
        { strict: true },
      ),
    ).toThrow(
      new TranslationError('0.3', 'deviceCode', '0.3 has no device code flow; the 0.3 scheme lists no flows'),
    );
  });

  it('drops pkceRequired: true and reports it; false is dropped silently', () => {
    const { losses, options } = recording();
    const flow = { authorizationUrl: authorize, tokenUrl: token, scopes: { r: 'R' } };
    expect(oauthFlowsToV03({ authorizationCode: { ...flow, pkceRequired: true } }, options)).toStrictEqual({
      authorizationCode: flow,
    });
    expect(oauthFlowsToV03({ authorizationCode: { ...flow, pkceRequired: false } }, options)).toStrictEqual({
      authorizationCode: flow,
    });
    expect(losses).toEqual([
      { path: 'authorizationCode.pkceRequired', reason: '0.3 cannot require PKCE; dropped' },
    ]);
  });

  it('writes a missing implicit authorizationUrl or password tokenUrl as "" and reports it', () => {
    const { losses, options } = recording();
    expect(oauthFlowsToV03({ implicit: {} }, options)).toStrictEqual({
      implicit: { authorizationUrl: '', scopes: {} },
    });
    expect(oauthFlowsToV03({ password: { refreshUrl: 'https://r' } }, options)).toStrictEqual({
      password: { tokenUrl: '', refreshUrl: 'https://r', scopes: {} },
    });
    expect(losses.map((loss) => loss.path)).toEqual(['implicit.authorizationUrl', 'password.tokenUrl']);
  });
});

describe('security schemes', () => {
  it.each<[string, v03.SecurityScheme, unknown]>([
    [
      'apiKey',
      { type: 'apiKey', in: 'query', name: 'k', description: 'd' },
      { apiKeySecurityScheme: { description: 'd', location: 'query', name: 'k' } },
    ],
    ['http', { type: 'http', scheme: 'Basic' }, { httpAuthSecurityScheme: { scheme: 'Basic' } }],
    [
      'openIdConnect',
      { type: 'openIdConnect', openIdConnectUrl: 'https://o' },
      { openIdConnectSecurityScheme: { openIdConnectUrl: 'https://o' } },
    ],
    ['mutualTLS', { type: 'mutualTLS' }, { mtlsSecurityScheme: {} }],
    [
      'oauth2',
      {
        type: 'oauth2',
        flows: { clientCredentials: { tokenUrl: token, scopes: {} } },
        oauth2MetadataUrl: 'https://m',
      },
      {
        oauth2SecurityScheme: {
          flows: { clientCredentials: { tokenUrl: token, scopes: {} } },
          oauth2MetadataUrl: 'https://m',
        },
      },
    ],
  ])('maps %s both ways', (_, scheme, expected) => {
    const result = securitySchemeFromV03(scheme);
    expect(result).toStrictEqual(expected);
    expectValid(SecuritySchemeSchema, result);
    if (result === undefined) throw new Error('expected a scheme');
    const back = securitySchemeToV03(result);
    expect(back).toStrictEqual(scheme);
    expectValid(v03.SecuritySchemeSchema, back);
  });

  it('writes an unknown API key location as header and reports it', () => {
    const { losses, options } = recording();
    expect(
      securitySchemeToV03({ apiKeySecurityScheme: { location: 'body', name: 'k' } }, options),
    ).toStrictEqual({
      type: 'apiKey',
      in: 'header',
      name: 'k',
    });
    expect(losses).toEqual([
      {
        path: 'apiKeySecurityScheme.location',
        reason: '0.3 API keys go in query, header or cookie; "body" written as header',
      },
    ]);
  });

  it('reports flow losses under oauth2SecurityScheme.flows', () => {
    const { losses, options } = recording();
    securitySchemeToV03(
      {
        oauth2SecurityScheme: {
          flows: { deviceCode: { deviceAuthorizationUrl: 'd', tokenUrl: 't', scopes: {} } },
        },
      },
      { ...options, path: 'securitySchemes.dev' },
    );
    expect(losses.map((loss) => loss.path)).toEqual([
      'securitySchemes.dev.oauth2SecurityScheme.flows.deviceCode',
    ]);
  });

  it('throws on an empty HTTP scheme', () => {
    expect(() => securitySchemeFromV03({ type: 'http', scheme: '' })).toThrow(
      'cannot express scheme: is empty',
    );
  });
});

describe('security requirements', () => {
  it('wraps scope lists both ways', () => {
    expect(securityRequirementFromV03({ a: ['x', 'y'], b: [] })).toStrictEqual({
      schemes: { a: { list: ['x', 'y'] }, b: { list: [] } },
    });
    expect(securityRequirementToV03({ schemes: { a: { list: ['x'] }, b: { list: [] } } })).toStrictEqual({
      a: ['x'],
      b: [],
    });
  });

  it('reads ProtoJSON empty forms as empty and writes them explicitly', () => {
    expect(securityRequirementToV03({ schemes: { a: {} } })).toStrictEqual({ a: [] });
    expect(securityRequirementToV03({})).toStrictEqual({});
    expect(securityRequirementFromV03({})).toStrictEqual({ schemes: {} });
  });

  it('keeps a scheme named __proto__ as data', () => {
    const requirement = JSON.parse('{"__proto__": ["s"]}') as v03.SecurityRequirement;
    const result = securityRequirementFromV03(requirement);
    expect(Object.getPrototypeOf(result.schemes)).toBe(Object.prototype);
    expect(Object.keys(result.schemes ?? {})).toEqual(['__proto__']);
    expect(securityRequirementToV03(result)).toStrictEqual(requirement);
  });
});
