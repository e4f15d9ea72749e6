import { A2AError } from '@baton/protocol';
import { forbiddenAddressReason, forbiddenNameReason } from './forbidden-addresses.ts';
import { type IpRange, inRange, parseIp, parseRange } from './ip-address.ts';
import type { AddressGuard } from './push-network.ts';

/** Resolves a host name to its IP addresses (as text), e.g. through DNS. */
export type ResolveHost = (hostname: string) => Promise<readonly string[]>;

/** Options of {@link createWebhookUrlPolicy}. */
export interface WebhookUrlPolicyOptions {
  /**
   * Host names (exact, e.g. `localhost`) and IP addresses or CIDR ranges (e.g. `127.0.0.1`, `10.0.0.0/8`)
   * that may receive webhooks even though they are loopback, private and so on. Default: none.
   */
  readonly allowlist?: readonly string[];
  /**
   * Resolves host names so names pointing at forbidden addresses are refused. `createA2AServer` passes the
   * runtime's resolver (on Node, the operating system's); on its own the policy resolves no names without it.
   */
  readonly resolveHost?: ResolveHost | undefined;
  /**
   * What to do with a name that does not resolve (yet): `'refuse'` (default; nothing could be delivered) or
   * `'accept'`, for registration: such a name cannot be shown to be internal, DNS may be down for a moment, and
   * the check before each delivery resolves it again.
   */
  readonly unresolvedNames?: 'refuse' | 'accept';
}

/** How {@link WebhookUrlPolicy.check} treats host names. */
export interface WebhookUrlCheckOptions {
  /**
   * Whether names are resolved and their addresses checked (when the policy has a resolver). Default `true`;
   * `false` where the connection checks the address itself (the Node push network).
   */
  readonly resolve?: boolean;
}

/** Decides whether a webhook URL may be called (SSRF protection). */
export interface WebhookUrlPolicy {
  /** Resolves when `url` may be called; rejects with an InvalidParams A2AError naming the URL and why not. */
  check(url: string, options?: WebhookUrlCheckOptions): Promise<void>;
  /** The same rules for one address a host name resolved to, for checking at connect time. */
  readonly guard: AddressGuard;
}

/** A URL for messages: no user info, query or fragment (they may carry secrets). */
function describeUrl(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

function refuse(url: string, reason: string): A2AError {
  return A2AError.invalidParams(`Push notification URL ${url} is not allowed: ${reason}`, [
    { field: 'url', description: reason },
  ]);
}

/**
 * Creates the webhook URL policy: http(s) only, and no loopback, private, link-local, CGNAT, unspecified,
 * multicast, broadcast, reserved or cloud metadata address, whether written as a literal (any IPv4 spelling
 * the WHATWG URL parser accepts, IPv4-mapped IPv6), a forbidden name (`localhost`, `*.localhost`,
 * `metadata.google.internal`) or a name that resolves to one; the allowlist overrides all of that.
 */
export function createWebhookUrlPolicy(options: WebhookUrlPolicyOptions = {}): WebhookUrlPolicy {
  const allowedNames = new Set<string>();
  const allowedRanges: IpRange[] = [];
  for (const entry of options.allowlist ?? []) {
    const range = parseRange(entry);
    if (range) allowedRanges.push(range);
    else allowedNames.add(entry.toLowerCase().replace(/\.$/, ''));
  }
  const acceptUnresolved = options.unresolvedNames === 'accept';
  const allowedAddress = (text: string) => {
    const bytes = parseIp(text);
    return bytes !== undefined && allowedRanges.some((range) => inRange(bytes, range));
  };

  const addressRefusal = (address: string): string | undefined => {
    if (allowedAddress(address)) return undefined;
    const bytes = parseIp(address);
    if (!bytes) return `${address}, which is not an IP address`;
    return forbiddenAddressReason(bytes);
  };

  return {
    guard: (hostname, address) =>
      allowedNames.has(hostname.toLowerCase().replace(/\.$/, '')) ? undefined : addressRefusal(address),
    async check(raw, checkOptions = {}) {
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        throw refuse(raw, 'it is not a valid absolute URL');
      }
      const shown = describeUrl(url);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw refuse(shown, `scheme ${url.protocol} is not supported (only http: and https:)`);
      }
      const host = url.hostname.toLowerCase().replace(/\.$/, '');
      if (host === '') throw refuse(shown, 'it has no host');
      if (allowedNames.has(host) || allowedAddress(host)) return;
      const literal = parseIp(host);
      if (literal) {
        const reason = forbiddenAddressReason(literal);
        if (reason) throw refuse(shown, reason);
        return;
      }
      const nameReason = forbiddenNameReason(host);
      if (nameReason) throw refuse(shown, nameReason);
      if (!options.resolveHost || checkOptions.resolve === false) return;
      let addresses: readonly string[];
      try {
        addresses = await options.resolveHost(host);
      } catch {
        if (acceptUnresolved) return;
        throw refuse(shown, `${host} could not be resolved`);
      }
      if (addresses.length === 0) {
        if (acceptUnresolved) return;
        throw refuse(shown, `${host} resolves to no address`);
      }
      for (const address of addresses) {
        const reason = addressRefusal(address);
        if (reason) throw refuse(shown, `${host} resolves to ${reason}`);
      }
    },
  };
}
