import { createPushNetwork } from '#push-network';
import type { PushFetch } from './push-delivery.ts';
import type { PushNetwork } from './push-network.ts';
import { createWebhookUrlPolicy, type WebhookUrlPolicyOptions } from './webhook-url-policy.ts';

/** What picks the push network: the URL policy's options, and a `fetch` of the deployer's own. */
export interface DefaultPushNetworkOptions extends WebhookUrlPolicyOptions {
  /** Deliveries go through this instead; it must guard its own connections (see docs/server.md). */
  readonly fetch?: PushFetch;
}

/**
 * The runtime's push network (resolved through the `#push-network` import: on Node, connections that check
 * the address they connect to; elsewhere the platform `fetch`), or the deployer's own `fetch`.
 */
export function createDefaultPushNetwork(options: DefaultPushNetworkOptions): PushNetwork {
  const { guard } = createWebhookUrlPolicy({
    ...(options.allowlist ? { allowlist: options.allowlist } : {}),
  });
  const runtime = createPushNetwork({ guard, resolveHost: options.resolveHost });
  // A fetch of the deployer's own still gets names checked with the runtime's resolver, before each attempt.
  return options.fetch
    ? { fetch: options.fetch, resolveHost: runtime.resolveHost, guardsConnections: false }
    : runtime;
}
