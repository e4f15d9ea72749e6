/** Builds the conformance agent: the kit's scenarios on @baton/server, every binding and version. */
import { type A2AServer, createA2AServer, type Logger, type PushOptions } from '@baton/server';
import { CONFORMANCE_CARD, EXTENDED_CARD } from './conformance-card.ts';
import { createConformanceExecutor, DEFAULT_TIMING } from './conformance-executor.ts';

/**
 * The kit's webhook receivers listen on localhost, so loopback webhooks are allowed; everything else keeps
 * the server's SSRF checks.
 */
export const LOOPBACK_WEBHOOKS: readonly string[] = ['127.0.0.1', 'localhost', '::1'];

/** Options of {@link createConformanceAgent}. */
export interface ConformanceAgentOptions {
  /** Public base URL the card advertises; default each request's own origin. */
  readonly url?: string;
  /** How long `test-resubscribe-message-id` stays WORKING; default 10 s (the kit needs ≥ 2 × its streaming timeout). */
  readonly resubscribeWorkMs?: number;
  /** How long `tck-delayed-complete` stays WORKING; default 2 s (1 × the kit's default streaming timeout). */
  readonly delayedCompleteMs?: number;
  /** Resolves webhook host names for the SSRF check (on Node: `nodeResolveHost`). */
  readonly resolveHost?: PushOptions['resolveHost'];
  /** Where server failures are reported; default the console. */
  readonly logger?: Logger;
}

/** Creates the conformance agent: JSON-RPC and HTTP+JSON, A2A 1.0 and 0.3, streaming, push, extended card. */
export function createConformanceAgent(options: ConformanceAgentOptions = {}): A2AServer {
  const executor = createConformanceExecutor({
    resubscribeWorkMs: options.resubscribeWorkMs ?? DEFAULT_TIMING.resubscribeWorkMs,
    delayedCompleteMs: options.delayedCompleteMs ?? DEFAULT_TIMING.delayedCompleteMs,
  });
  return createA2AServer({
    card: CONFORMANCE_CARD,
    executor,
    versions: ['1.0', '0.3'],
    streaming: true,
    push: {
      allowlist: LOOPBACK_WEBHOOKS,
      ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
    },
    extendedCard: EXTENDED_CARD,
    ...(options.url ? { url: options.url } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
}
