import type { SecurityScheme } from '@baton/protocol';
import type * as oauth from 'oauth4webapi';
import { A2AClientError } from '../errors/client-error.ts';
import type { FetchLike } from '../http/fetch-like.ts';
import { readCappedText } from '../http/read-capped-text.ts';

/** Authorization server metadata is a few kilobytes; more than this is refused before it is read. */
const MAX_METADATA_BYTES = 256 * 1024;

/** The OAuth flows a credential can run: the card's declared ones, and the JWT bearer grant (RFC 7523). */
export type OAuthFlowName = 'authorizationCode' | 'clientCredentials' | 'deviceCode' | 'jwtBearer';

/** The endpoint each flow needs besides the token endpoint, and the metadata field that names it. */
const FRONT_ENDPOINT: Partial<
  Record<OAuthFlowName, 'authorization_endpoint' | 'device_authorization_endpoint'>
> = {
  authorizationCode: 'authorization_endpoint',
  deviceCode: 'device_authorization_endpoint',
};

/**
 * The authorization server a card's scheme names for `flow`: read from its metadata URL (`oauth2MetadataUrl`, or an
 * OpenID Connect scheme's `openIdConnectUrl`), else built from the declared flow's URLs. Refused with a clear
 * error when neither names what the flow needs (a token endpoint; an authorization or device endpoint).
 */
export async function authorizationServerOf(
  scheme: SecurityScheme,
  flow: OAuthFlowName,
  fetchImpl: FetchLike,
  insecureOk: (url: string) => boolean,
): Promise<oauth.AuthorizationServer> {
  const metadataUrl =
    'openIdConnectSecurityScheme' in scheme
      ? scheme.openIdConnectSecurityScheme.openIdConnectUrl
      : 'oauth2SecurityScheme' in scheme
        ? scheme.oauth2SecurityScheme.oauth2MetadataUrl
        : undefined;
  const server = metadataUrl
    ? await fetchMetadata(new URL(metadataUrl), fetchImpl, insecureOk(metadataUrl))
    : fromDeclaredFlow(scheme, flow);
  const front = FRONT_ENDPOINT[flow];
  if (front && typeof server[front] !== 'string') {
    throw new A2AClientError(
      'INVALID_INPUT',
      `The authorization server ${server.issuer} names no ${front}, which the ${flow} flow needs`,
    );
  }
  return server;
}

function fromDeclaredFlow(scheme: SecurityScheme, flow: OAuthFlowName): oauth.AuthorizationServer {
  const flows = 'oauth2SecurityScheme' in scheme ? scheme.oauth2SecurityScheme.flows : undefined;
  let declared: oauth.AuthorizationServer | undefined;
  if (flows && flow === 'clientCredentials' && 'clientCredentials' in flows) {
    declared = { issuer: '', token_endpoint: flows.clientCredentials.tokenUrl };
  } else if (flows && flow === 'authorizationCode' && 'authorizationCode' in flows) {
    declared = {
      issuer: '',
      token_endpoint: flows.authorizationCode.tokenUrl,
      authorization_endpoint: flows.authorizationCode.authorizationUrl,
    };
  } else if (flows && flow === 'deviceCode' && 'deviceCode' in flows) {
    declared = {
      issuer: '',
      token_endpoint: flows.deviceCode.tokenUrl,
      device_authorization_endpoint: flows.deviceCode.deviceAuthorizationUrl,
    };
  }
  if (!declared?.token_endpoint) {
    throw new A2AClientError(
      'INVALID_INPUT',
      `The card's OAuth scheme names no token endpoint for the ${flow} flow (no oauth2MetadataUrl and no ${flow} flow declared)`,
    );
  }
  return { ...declared, issuer: new URL(declared.token_endpoint).origin };
}

/**
 * Which authorization server a scheme names, as a key: its metadata URL, else its declared flow's token URL. A
 * credential keeps the tokens of each apart, so one used for two agents never sends one's token to the other.
 */
export function authorizationServerKey(scheme: SecurityScheme): string {
  if ('openIdConnectSecurityScheme' in scheme) return scheme.openIdConnectSecurityScheme.openIdConnectUrl;
  if (!('oauth2SecurityScheme' in scheme)) return '';
  const { oauth2MetadataUrl, flows } = scheme.oauth2SecurityScheme;
  if (oauth2MetadataUrl) return oauth2MetadataUrl;
  const flow = Object.values(flows ?? {})[0] as { tokenUrl?: string } | undefined;
  return flow?.tokenUrl ?? '';
}

/** Reads RFC 8414 / OpenID metadata from the exact URL the card gives (it may be either well-known document). */
async function fetchMetadata(
  url: URL,
  fetchImpl: FetchLike,
  insecureOk: boolean,
): Promise<oauth.AuthorizationServer> {
  if (url.protocol !== 'https:' && !insecureOk) {
    throw new A2AClientError('INVALID_INPUT', `The authorization server metadata at ${url} is not on https`);
  }
  let response: Response;
  try {
    response = await fetchImpl(url.href, {
      method: 'GET',
      headers: { accept: 'application/json' },
      redirect: 'manual',
    });
  } catch (error) {
    throw new A2AClientError('NETWORK', `Could not read the authorization server metadata at ${url}`, {
      cause: error,
    });
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new A2AClientError(
      'PROTOCOL',
      `The authorization server metadata at ${url} answered HTTP ${response.status}`,
    );
  }
  const text = await readCappedText(
    response,
    MAX_METADATA_BYTES,
    `The authorization server metadata at ${url}`,
  );
  let metadata: oauth.AuthorizationServer | undefined;
  try {
    metadata = JSON.parse(text) as oauth.AuthorizationServer;
  } catch {
    metadata = undefined;
  }
  if (typeof metadata?.issuer !== 'string' || typeof metadata.token_endpoint !== 'string') {
    throw new A2AClientError(
      'PROTOCOL',
      `The authorization server metadata at ${url} has no issuer or token_endpoint`,
    );
  }
  return metadata;
}
