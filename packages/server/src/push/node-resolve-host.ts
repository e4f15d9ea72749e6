import { lookup } from 'node:dns/promises';
import type { ResolveHost } from './webhook-url-policy.ts';

/** Resolves a host name with the operating system's resolver (`dns.lookup`, every address). Node only. */
export const nodeResolveHost: ResolveHost = async (hostname) => {
  const results = await lookup(hostname, { all: true, verbatim: true });
  return results.map((result) => result.address);
};
