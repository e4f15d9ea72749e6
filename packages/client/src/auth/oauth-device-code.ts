/**
 * OAuth 2 access tokens for a user on a device without a browser (RFC 8628): the client asks for a user code,
 * the app shows it (`prompt`), and the client polls the token endpoint until the user has approved on another
 * device, waiting as long as the server says between polls.
 */
import * as oauth from 'oauth4webapi';
import { A2AClientError } from '../errors/client-error.ts';
import type { OAuthCredential } from './oauth-credential.ts';
import {
  appCallback,
  type OAuthGrantOptions,
  oauthErrorCode,
  oauthTokenSource,
  tokenAnswer,
} from './oauth-token-source.ts';

/** What the app shows its user. */
export interface DeviceCodePrompt {
  /** The code the user types at `verificationUri`. */
  readonly userCode: string;
  readonly verificationUri: string;
  /** The verification URI with the code in it, when the server gives one (for a QR code or a link). */
  readonly verificationUriComplete: string | undefined;
  /** Seconds until the code expires. */
  readonly expiresIn: number;
  /** The scopes asked for. */
  readonly scopes: readonly string[];
}

/** Options of {@link oauthDeviceCode}. */
export interface DeviceCodeOptions extends OAuthGrantOptions {
  /**
   * Shows the user their code and where to enter it. Polling starts when it resolves: resolve at once, or once
   * the user says they are done (the first poll then comes without waiting).
   */
  readonly prompt: (prompt: DeviceCodePrompt) => void | Promise<void>;
  /** Stops waiting for the user; the token request rejects with an ABORTED error. */
  readonly signal?: AbortSignal;
}

/** RFC 8628 §3.5: 5 s between polls unless the server says otherwise, 5 s more after each `slow_down`. */
const DEFAULT_INTERVAL_SECONDS = 5;
const SLOW_DOWN_SECONDS = 5;

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const stopped = () => {
      clearTimeout(timer);
      reject(new A2AClientError('ABORTED', 'Waiting for the device authorization was aborted'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stopped);
      resolve();
    }, ms);
    if (signal?.aborted) stopped();
    else signal?.addEventListener('abort', stopped, { once: true });
  });
}

/**
 * Access tokens by the device authorization grant (RFC 8628), from the device authorization and token endpoints
 * the card declares (`oauth2MetadataUrl`, `flows.deviceCode`, or OpenID discovery). A refresh token, when the
 * server gives one, renews the access token without asking the user again.
 *
 * @example
 * oauthDeviceCode({
 *   clientId: 'my-cli',
 *   scopes: ['a2a:send'],
 *   prompt: ({ userCode, verificationUri }) => console.log(`Open ${verificationUri} and enter ${userCode}`),
 * });
 */
export function oauthDeviceCode(options: DeviceCodeOptions): OAuthCredential {
  return oauthTokenSource(
    options,
    'deviceCode',
    async ({ server, client, auth, scopes, parameters, http }) => {
      const endpoint = server.device_authorization_endpoint as string;
      const device = await tokenAnswer('the device authorization', async () =>
        oauth.processDeviceAuthorizationResponse(
          server,
          client,
          await oauth.deviceAuthorizationRequest(server, client, auth, parameters, http(endpoint)),
        ),
      );
      const expiresAt = Date.now() + device.expires_in * 1000;
      await appCallback('prompt()', async () =>
        options.prompt({
          userCode: device.user_code,
          verificationUri: device.verification_uri,
          verificationUriComplete: device.verification_uri_complete,
          expiresIn: device.expires_in,
          scopes,
        }),
      );
      let interval = device.interval ?? DEFAULT_INTERVAL_SECONDS;
      for (;;) {
        if (options.signal?.aborted) {
          throw new A2AClientError('ABORTED', 'Waiting for the device authorization was aborted');
        }
        try {
          return await tokenAnswer('the device authorization', async () =>
            oauth.processDeviceCodeResponse(
              server,
              client,
              await oauth.deviceCodeGrantRequest(
                server,
                client,
                auth,
                device.device_code,
                http(server.token_endpoint ?? ''),
              ),
            ),
          );
        } catch (error) {
          const code = oauthErrorCode(error);
          if (code === 'slow_down') interval += SLOW_DOWN_SECONDS;
          else if (code !== 'authorization_pending') throw error;
        }
        if (Date.now() + interval * 1000 > expiresAt) {
          throw new A2AClientError(
            'PROTOCOL',
            'The user did not approve the device authorization before it expired',
          );
        }
        await pause(interval * 1000, options.signal);
      }
    },
  );
}
