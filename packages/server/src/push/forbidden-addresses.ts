import { embeddedIpv4, formatIp, type IpBytes, type IpRange, inRange, parseRange } from './ip-address.ts';

function ranges(list: readonly (readonly [string, string])[]): readonly (readonly [IpRange, string])[] {
  return list.map(([cidr, reason]) => {
    const range = parseRange(cidr);
    if (!range) throw new Error(`Bad built-in range ${cidr}`);
    return [range, reason] as const;
  });
}

// Most specific first: the first match names the reason.
const FORBIDDEN = ranges([
  ['169.254.169.254/32', 'a cloud metadata address'],
  ['fd00:ec2::254/128', 'a cloud metadata address'],
  ['0.0.0.0/8', 'an unspecified ("this network") address'],
  ['127.0.0.0/8', 'a loopback address'],
  ['10.0.0.0/8', 'a private address'],
  ['172.16.0.0/12', 'a private address'],
  ['192.168.0.0/16', 'a private address'],
  ['100.64.0.0/10', 'a shared (CGNAT) address'],
  ['169.254.0.0/16', 'a link-local address'],
  ['192.0.0.0/24', 'a reserved (IETF protocol assignment) address'],
  ['198.18.0.0/15', 'a reserved (benchmarking) address'],
  ['224.0.0.0/4', 'a multicast address'],
  ['255.255.255.255/32', 'a broadcast address'],
  ['240.0.0.0/4', 'a reserved address'],
  ['192.0.2.0/24', 'a documentation address'],
  ['198.51.100.0/24', 'a documentation address'],
  ['203.0.113.0/24', 'a documentation address'],
  ['192.88.99.0/24', 'a reserved (6to4 relay) address'],
  ['::/128', 'an unspecified address'],
  ['::1/128', 'a loopback address'],
  ['fc00::/7', 'a private (unique local) address'],
  ['fe80::/10', 'a link-local address'],
  ['fec0::/10', 'a site-local address'],
  ['ff00::/8', 'a multicast address'],
  ['64:ff9b:1::/48', 'a local-use NAT64 address'],
  ['100::/64', 'a discard-only address'],
  ['2001::/32', 'a Teredo tunnel address'],
  ['2001:db8::/32', 'a documentation address'],
  ['2002::/16', 'a 6to4 tunnel address'],
]);

/** Host names that are never a webhook, whatever they resolve to. */
const FORBIDDEN_NAMES: ReadonlyMap<string, string> = new Map([
  ['localhost', 'a loopback host name'],
  ['metadata.google.internal', 'a cloud metadata host name'],
  ['metadata', 'a cloud metadata host name'],
]);

/** Why `bytes` must not receive webhooks (e.g. `127.0.0.1 is a loopback address`), or `undefined`. */
export function forbiddenAddressReason(bytes: IpBytes): string | undefined {
  const v4 = embeddedIpv4(bytes);
  const inner = v4 && forbiddenAddressReason(v4);
  if (inner) return `${formatIp(bytes)} embeds ${inner}`;
  // A tunnel prefix (6to4, Teredo) stays refused whatever it carries.
  const match = FORBIDDEN.find(([range]) => inRange(bytes, range));
  return match && `${formatIp(bytes)} is ${match[1]}`;
}

/** Why host name `name` (lower case, no trailing dot) must not receive webhooks, or `undefined`. */
export function forbiddenNameReason(name: string): string | undefined {
  if (name.endsWith('.localhost')) return `${name} is a loopback host name`;
  const reason = FORBIDDEN_NAMES.get(name);
  return reason && `${name} is ${reason}`;
}
