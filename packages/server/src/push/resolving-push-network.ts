import { lookup } from 'node:dns/promises';
import type { PushNetwork, PushNetworkOptions } from './push-network.ts';
import type { ResolveHost } from './webhook-url-policy.ts';

/** Resolves a host name with the runtime's `node:dns` (every address), as Bun and Deno provide it. */
const resolveWithNodeDns: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * The push network on Bun and Deno: the platform `fetch`, with host names resolved through their `node:dns`
 * and checked at registration and before each attempt. Their `fetch` takes no custom lookup, so the address a
 * connection finally uses is not checked again (Node's network does that: see node-push-network.ts).
 */
export function createPushNetwork(options: PushNetworkOptions): PushNetwork {
  return {
    fetch: (url, init) => fetch(url, init),
    resolveHost: options.resolveHost ?? resolveWithNodeDns,
    guardsConnections: false,
  };
}
