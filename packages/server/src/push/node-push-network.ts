import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { ForbiddenWebhookAddressError } from './forbidden-webhook-address-error.ts';
import type { PushNetwork, PushNetworkOptions } from './push-network.ts';
import type { ResolveHost } from './webhook-url-policy.ts';

/** Resolves a host name with the operating system's resolver (`dns.lookup`, every address). */
export const nodeResolveHost: ResolveHost = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses.map((entry) => entry.address)),
    );
  });

/**
 * The push network on Node: deliveries go through an undici agent whose connections resolve the host name
 * themselves and refuse, before any byte is sent, when any address it resolves to is forbidden. The address
 * checked is the address connected to, so a name that answers a public address to a check and an internal
 * one to the connection (DNS rebinding) gets nothing.
 */
export function createPushNetwork(options: PushNetworkOptions): PushNetwork {
  const resolveHost = options.resolveHost ?? nodeResolveHost;
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    resolveHost(hostname)
      .then((addresses) => {
        if (addresses.length === 0) throw new Error(`${hostname} resolves to no address`);
        for (const address of addresses) {
          const reason = options.guard(hostname, address);
          if (reason) throw new ForbiddenWebhookAddressError(`${hostname} resolves to ${reason}`);
        }
        const family =
          lookupOptions.family === 'IPv4' ? 4 : lookupOptions.family === 'IPv6' ? 6 : lookupOptions.family;
        const entries: LookupAddress[] = addresses
          .map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
          .filter((entry) => !family || entry.family === family);
        const first = entries[0];
        if (!first) throw new Error(`${hostname} has no IPv${family} address`);
        if (lookupOptions.all) callback(null, entries);
        else callback(null, first.address, first.family);
      })
      .catch((error: Error) => callback(error as NodeJS.ErrnoException, ''));
  };
  // undici is loaded with the first delivery, not at start: it is the largest module of a server on Node, and an
  // agent that never pushes never needs it.
  let client: Promise<{ fetch: typeof import('undici').fetch; agent: import('undici').Agent }> | undefined;
  const loadClient = () => {
    client ??= import('undici').then(({ Agent, fetch }) => ({
      fetch,
      agent: new Agent({ connect: { lookup } }),
    }));
    return client;
  };
  return {
    fetch: async (url, init) => {
      const { fetch, agent } = await loadClient();
      return (await fetch(url, { ...init, dispatcher: agent } as never)) as unknown as Response;
    },
    resolveHost,
    guardsConnections: true,
  };
}
