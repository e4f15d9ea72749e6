/** An IP address as bytes: 4 for IPv4, 16 for IPv6. */
export type IpBytes = readonly number[];

/** An address range: a base address and how many leading bits must match. */
export interface IpRange {
  readonly bytes: IpBytes;
  readonly prefix: number;
}

/** Parses a dotted-quad IPv4 address (the form the WHATWG URL parser normalizes every IPv4 host to). */
export function parseIpv4(text: string): IpBytes | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const bytes: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return undefined;
    const value = Number(part);
    if (value > 255) return undefined;
    bytes.push(value);
  }
  return bytes;
}

/** Parses an IPv6 address (brackets allowed, zone ids refused), embedded IPv4 tails included. */
export function parseIpv6(text: string): IpBytes | undefined {
  let rest = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (!rest.includes(':') || rest.includes('%')) return undefined;
  const lastColon = rest.lastIndexOf(':');
  const last = rest.slice(lastColon + 1);
  if (last.includes('.')) {
    const v4 = parseIpv4(last);
    if (!v4) return undefined;
    const high = (((v4[0] ?? 0) << 8) | (v4[1] ?? 0)).toString(16);
    const low = (((v4[2] ?? 0) << 8) | (v4[3] ?? 0)).toString(16);
    rest = `${rest.slice(0, lastColon + 1)}${high}:${low}`;
  }
  const halves = rest.split('::');
  if (halves.length > 2) return undefined;
  const parseGroups = (part: string | undefined): number[] | undefined => {
    if (!part) return [];
    const groups: number[] = [];
    for (const group of part.split(':')) {
      if (!/^[0-9a-f]{1,4}$/i.test(group)) return undefined;
      groups.push(Number.parseInt(group, 16));
    }
    return groups;
  };
  const head = parseGroups(halves[0]);
  const after = halves.length === 2 ? parseGroups(halves[1]) : [];
  if (!head || !after) return undefined;
  const known = head.length + after.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return undefined;
  const groups = [...head, ...new Array<number>(8 - known).fill(0), ...after];
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

/** Parses an IPv4 or IPv6 address literal; `undefined` for anything else (a host name). */
export function parseIp(text: string): IpBytes | undefined {
  return parseIpv4(text) ?? parseIpv6(text);
}

/** Parses `address` or `address/prefix` (CIDR); `undefined` when it is not one. */
export function parseRange(text: string): IpRange | undefined {
  const [address = '', prefixText, extra] = text.split('/');
  if (extra !== undefined) return undefined;
  const bytes = parseIp(address);
  if (!bytes) return undefined;
  const max = bytes.length * 8;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max || !/^\d*$/.test(prefixText ?? '')) {
    return undefined;
  }
  return { bytes, prefix };
}

/** Whether `bytes` lies in `range` (same family only). */
export function inRange(bytes: IpBytes, range: IpRange): boolean {
  if (bytes.length !== range.bytes.length) return false;
  for (let bit = 0; bit < range.prefix; bit += 8) {
    const take = Math.min(8, range.prefix - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    const index = bit / 8;
    if (((bytes[index] ?? 0) & mask) !== ((range.bytes[index] ?? 0) & mask)) return false;
  }
  return true;
}

const zeros = (bytes: IpBytes, from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);

/**
 * The IPv4 address an IPv6 address carries, in every form that routes to (or is read as) that IPv4 address:
 * IPv4-mapped `::ffff:a.b.c.d`, IPv4-translated `::ffff:0:a.b.c.d` (RFC 2765), IPv4-compatible `::a.b.c.d`
 * (deprecated; `::` and `::1` are not), NAT64 `64:ff9b::a.b.c.d` (RFC 6052) and 6to4 `2002:aabb:ccdd::/48`
 * (RFC 3056). `undefined` when it carries none.
 */
export function embeddedIpv4(bytes: IpBytes): IpBytes | undefined {
  if (bytes.length !== 16) return undefined;
  const mapped = zeros(bytes, 0, 10) && bytes[10] === 0xff && bytes[11] === 0xff;
  const translated = zeros(bytes, 0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zeros(bytes, 10, 12);
  const compatible = zeros(bytes, 0, 12) && (bytes[12] ?? 0) !== 0;
  const nat64 =
    bytes[0] === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(bytes, 4, 12);
  if (mapped || translated || compatible || nat64) return bytes.slice(12);
  const sixToFour = bytes[0] === 0x20 && bytes[1] === 0x02;
  return sixToFour ? bytes.slice(2, 6) : undefined;
}

/** Formats bytes back to text (IPv6 uncompressed groups), for messages. */
export function formatIp(bytes: IpBytes): string {
  if (bytes.length === 4) return bytes.join('.');
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push((((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0)).toString(16));
  return groups.join(':');
}
