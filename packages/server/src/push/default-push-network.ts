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
  if (options.fetch) {
    return { fetch: options.fetch, resolveHost: options.resolveHost, guardsConnections: false };
  }
  const { guard } = createWebhookUrlPolicy({
    ...(options.allowlist ? { allowlist: options.allowlist } : {}),
  });
  return createPushNetwork({ guard, resolveHost: options.resolveHost });
}
