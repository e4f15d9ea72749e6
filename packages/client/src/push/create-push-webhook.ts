import { PushVerificationError } from './push-verification-error.ts';
import { createReplayCache } from './replay-cache.ts';
import {
  createPushVerifier,
  type PushVerifierOptions,
  type VerifiedPushNotification,
} from './verify-push-notification.ts';

/** Options of {@link createPushWebhook}. */
export interface PushWebhookOptions extends PushVerifierOptions {
  /** Called once per verified, new delivery; throw to answer 500 (the agent retries). */
  readonly onNotification: (notification: VerifiedPushNotification) => void | Promise<void>;
  /** Token ids remembered against replays; default 10,000. */
  readonly replayCacheSize?: number;
  /** Told about every refused delivery; default: nothing. */
  readonly onRefused?: (error: PushVerificationError) => void;
}

/** A webhook handler: takes a `Request`, or a Hono context (`c.req.raw`), and answers. */
export type PushWebhook = (input: Request | { readonly req: { readonly raw: Request } }) => Promise<Response>;

const refusal = (error: PushVerificationError) =>
  Response.json({ error: error.reason, message: error.message }, { status: error.status });

/**
 * A push webhook route: verifies each delivery (see {@link createPushVerifier}), refuses a token id it has
 * seen before (409), and answers 204 only for a verified, new delivery once `onNotification` has taken it.
 * Use it as a Hono handler or with any `Request` → `Response` server.
 *
 * @example
 * app.post('/hook', createPushWebhook({
 *   agentUrl: 'https://agent.example',
 *   webhookUrl: 'https://me.example/hook',
 *   onNotification: ({ event }) => console.log(event),
 * }));
 */
export function createPushWebhook(options: PushWebhookOptions): PushWebhook {
  const verify = createPushVerifier(options);
  const replays = createReplayCache(options.replayCacheSize);
  return async (input) => {
    const request = input instanceof Request ? input : input.req.raw;
    let notification: VerifiedPushNotification;
    try {
      notification = await verify(request);
      if (!replays.firstSighting(notification.jti, notification.expiresAt)) {
        throw new PushVerificationError('replayed', `Token ${notification.jti} was already delivered`);
      }
    } catch (error) {
      const refused =
        error instanceof PushVerificationError
          ? error
          : new PushVerificationError('bad-token', String(error));
      options.onRefused?.(refused);
      return refusal(refused);
    }
    try {
      await options.onNotification(notification);
    } catch {
      replays.forget(notification.jti);
      return Response.json(
        { error: 'handler-failed', message: 'The notification could not be handled' },
        { status: 500 },
      );
    }
    return new Response(null, { status: 204 });
  };
}
