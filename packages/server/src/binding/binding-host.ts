import type { ProtocolVersion } from '@baton/protocol';
import { type Context, Hono } from 'hono';
import type { A2ARequestHandler } from '../handler/request-handler.ts';
import type { CallUser } from '../vocabulary/call-context.ts';
import type { Logger } from '../vocabulary/logger.ts';

/**
 * What a binding served outside the Hono app (gRPC, from `@baton/grpc`) needs from an A2A server, so it shares
 * the request handler, authentication, limits and card with the HTTP bindings instead of a second lifecycle.
 */
export interface A2ABindingHost {
  /** The binding-neutral operations (with the server's telemetry). */
  readonly handler: A2ARequestHandler;
  /** Protocol versions the server serves. */
  readonly versions: readonly ProtocolVersion[];
  /** Where failures the caller must not see are reported. */
  readonly logger: Logger;
  /** Largest request accepted, in bytes. */
  readonly maxBodyBytes: number;
  /** The extension URIs the card declares: those a caller asks for are active, and echoed back. */
  readonly declaredExtensions: readonly string[];
  /**
   * The caller of a call that carries these headers, as the HTTP bindings work it out (`auth`, else `getUser`);
   * `undefined` for an anonymous caller. Rejects with an `AuthFailure` when the credentials are refused.
   */
  authenticate(headers: Headers): Promise<CallUser | undefined>;
  /**
   * `false` when `authenticate` answers every call anonymous (the server has neither `auth` nor `getUser`): a
   * binding may then skip building the headers it would pass. Unset: call `authenticate`.
   */
  readonly authenticates?: boolean;
  /** Tells the card the port the gRPC binding listens on (used when the server's `grpc.url` is not set). */
  grpcListening(port: number | undefined): void;
}

type GetUser = (c: Context) => CallUser | undefined | Promise<CallUser | undefined>;

/**
 * Runs the HTTP bindings' user hook (an `Authenticator` or `getUser`, both written against a Hono context) for a
 * call that did not come through Hono: a one-route app gets a request with the call's headers.
 */
export function createHeaderAuthenticator(getUser: GetUser | undefined): A2ABindingHost['authenticate'] {
  if (!getUser) return async () => undefined;
  type Slot = { user?: CallUser | undefined; failure?: unknown };
  const app = new Hono<{ Bindings: { slot: Slot } }>();
  app.all('*', async (c) => {
    try {
      c.env.slot.user = await getUser(c as unknown as Context);
    } catch (error) {
      c.env.slot.failure = error;
    }
    return c.body(null, 204);
  });
  return async (headers) => {
    const slot: Slot = {};
    await app.fetch(new Request('http://binding.invalid/', { headers }), { slot });
    if (slot.failure !== undefined) throw slot.failure;
    return slot.user;
  };
}
