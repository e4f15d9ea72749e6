import type { PushNetwork, PushNetworkOptions } from './push-network.ts';

/**
 * The push network where no resolver is reachable (Workers, browsers): the platform `fetch`, names checked
 * against the forbidden list only, and no check of the address a name resolves to unless `resolveHost` is
 * given (then at registration and before each attempt). The server says so once at start.
 */
export function createPushNetwork(options: PushNetworkOptions): PushNetwork {
  return {
    fetch: (url, init) => fetch(url, init),
    resolveHost: options.resolveHost,
    guardsConnections: false,
  };
}
