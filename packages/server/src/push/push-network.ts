import type { PushFetch } from './push-delivery.ts';
import type { ResolveHost } from './webhook-url-policy.ts';

/** Says why `address` (which `hostname` resolved to) may not receive webhooks, or `undefined` when it may. */
export type AddressGuard = (hostname: string, address: string) => string | undefined;

/** How deliveries reach webhooks on this runtime. */
export interface PushNetwork {
  /** Sends one delivery. */
  readonly fetch: PushFetch;
  /** Resolves host names for the check at registration; `undefined` when the runtime cannot. */
  readonly resolveHost: ResolveHost | undefined;
  /**
   * Whether `fetch` checks, on the socket it connects, the address a host name resolved to (so DNS rebinding
   * between a check and the connection has nothing to win).
   */
  readonly guardsConnections: boolean;
}

/** What a runtime's push network is built from. */
export interface PushNetworkOptions {
  /** Refuses forbidden addresses at connect time. */
  readonly guard: AddressGuard;
  /** Resolves names instead of the runtime's resolver (tests, custom DNS). */
  readonly resolveHost?: ResolveHost | undefined;
}
