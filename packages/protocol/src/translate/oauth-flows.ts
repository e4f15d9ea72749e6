import type { OAuthFlows } from '../v1/oauth-flows.ts';
import type * as v03 from '../v03/index.ts';
import { optional } from './copy.ts';
import { at, lossTo1, lossTo03, requiredString, type TranslateOptions } from './loss.ts';

/** The order a flow is kept in when a 0.3 scheme lists several (as a2a-js; a2a-python keeps the last). */
export const V03_FLOWS = ['authorizationCode', 'clientCredentials', 'implicit', 'password'] as const;

// Converts the first present flow, in V03_FLOWS order.
function firstFlowFromV03(flows: v03.OAuthFlows, options: TranslateOptions): OAuthFlows | undefined {
  const { authorizationCode, clientCredentials, implicit, password } = flows;
  if (authorizationCode !== undefined) {
    const flowOptions = at(options, 'authorizationCode');
    return {
      authorizationCode: {
        authorizationUrl: requiredString(flowOptions, 'authorizationUrl', authorizationCode.authorizationUrl),
        tokenUrl: requiredString(flowOptions, 'tokenUrl', authorizationCode.tokenUrl),
        ...optional('refreshUrl', authorizationCode.refreshUrl),
        scopes: { ...authorizationCode.scopes },
      },
    };
  }
  if (clientCredentials !== undefined) {
    return {
      clientCredentials: {
        tokenUrl: requiredString(at(options, 'clientCredentials'), 'tokenUrl', clientCredentials.tokenUrl),
        ...optional('refreshUrl', clientCredentials.refreshUrl),
        scopes: { ...clientCredentials.scopes },
      },
    };
  }
  if (implicit !== undefined) {
    const authorizationUrl = implicit.authorizationUrl === '' ? undefined : implicit.authorizationUrl;
    return {
      implicit: {
        ...optional('authorizationUrl', authorizationUrl),
        ...optional('refreshUrl', implicit.refreshUrl),
        scopes: { ...implicit.scopes },
      },
    };
  }
  if (password !== undefined) {
    const tokenUrl = password.tokenUrl === '' ? undefined : password.tokenUrl;
    return {
      password: {
        ...optional('tokenUrl', tokenUrl),
        ...optional('refreshUrl', password.refreshUrl),
        scopes: { ...password.scopes },
      },
    };
  }
  return undefined;
}

/**
 * 0.3 OAuth flows → the 1.0 one-flow oneof. Of several flows the first of authorizationCode, clientCredentials,
 * implicit, password is kept; with none the result is `undefined` (the caller drops the scheme). Both are reported.
 */
export function oauthFlowsFromV03(
  flows: v03.OAuthFlows,
  options: TranslateOptions = {},
): OAuthFlows | undefined {
  const present = V03_FLOWS.filter((name) => flows[name] !== undefined);
  const [kept, ...dropped] = present;
  if (kept === undefined) {
    lossTo1(
      options,
      undefined,
      '1.0 REQUIRES exactly one OAuth flow and this 0.3 scheme has none; scheme dropped',
    );
    return undefined;
  }
  for (const name of dropped) {
    lossTo1(options, name, `1.0 allows one OAuth flow per scheme; kept ${kept}, dropped ${name}`);
  }
  return firstFlowFromV03(flows, options);
}

/**
 * 1.0 OAuth flow → 0.3 flows. `deviceCode` has no 0.3 form (the result is `{}`, as a2a-js and a2a-python do) and
 * `pkceRequired: true` is dropped; a missing implicit `authorizationUrl` or password `tokenUrl`, REQUIRED in 0.3, is
 * written as `""`. All reported.
 */
export function oauthFlowsToV03(flows: OAuthFlows, options: TranslateOptions = {}): v03.OAuthFlows {
  if ('authorizationCode' in flows) {
    const flow = flows.authorizationCode;
    if (flow.pkceRequired === true) {
      lossTo03(at(options, 'authorizationCode'), 'pkceRequired', '0.3 cannot require PKCE; dropped');
    }
    const { authorizationUrl, tokenUrl, refreshUrl, scopes } = flow;
    return {
      authorizationCode: {
        authorizationUrl,
        tokenUrl,
        ...optional('refreshUrl', refreshUrl),
        scopes: { ...scopes },
      },
    };
  }
  if ('clientCredentials' in flows) {
    const { tokenUrl, refreshUrl, scopes } = flows.clientCredentials;
    return { clientCredentials: { tokenUrl, ...optional('refreshUrl', refreshUrl), scopes: { ...scopes } } };
  }
  if ('implicit' in flows) {
    const { authorizationUrl, refreshUrl, scopes } = flows.implicit;
    if (authorizationUrl === undefined) {
      lossTo03(
        at(options, 'implicit'),
        'authorizationUrl',
        '0.3 REQUIRES it; the missing one is written as ""',
      );
    }
    const implicit = { authorizationUrl: authorizationUrl ?? '', ...optional('refreshUrl', refreshUrl) };
    return { implicit: { ...implicit, scopes: { ...scopes } } };
  }
  if ('password' in flows) {
    const { tokenUrl, refreshUrl, scopes } = flows.password;
    if (tokenUrl === undefined) {
      lossTo03(at(options, 'password'), 'tokenUrl', '0.3 REQUIRES it; the missing one is written as ""');
    }
    return {
      password: { tokenUrl: tokenUrl ?? '', ...optional('refreshUrl', refreshUrl), scopes: { ...scopes } },
    };
  }
  lossTo03(options, 'deviceCode', '0.3 has no device code flow; the 0.3 scheme lists no flows');
  return {};
}
