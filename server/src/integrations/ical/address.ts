/**
 * Which IP addresses a user-given feed URL may reach. Used twice: on the literal host of every URL
 * (Node skips DNS for IP literals, so the connect-time lookup never sees them) and on every
 * address DNS returns at connect time (fetch.ts), so that a name re-pointed at an internal
 * address after the feed was saved (DNS rebinding) is still refused.
 */
import net from 'node:net';

type V4Rule = { base: number; bits: number; reason: string };
type V6Rule = { hextets: number[]; bits: number; reason: string };

function v4(cidr: string, reason: string): V4Rule {
  const [addr, bits] = cidr.split('/');
  const parsed = parseIpv4(addr ?? '');
  if (parsed === null) throw new Error(`Bad IPv4 rule ${cidr}`);
  return { base: parsed, bits: Number(bits), reason };
}

function v6(cidr: string, reason: string): V6Rule {
  const [addr, bits] = cidr.split('/');
  const parsed = parseIpv6(addr ?? '');
  if (!parsed) throw new Error(`Bad IPv6 rule ${cidr}`);
  return { hextets: parsed, bits: Number(bits), reason };
}

const V4_RULES: V4Rule[] = [
  v4('0.0.0.0/8', 'unspecified'),
  v4('10.0.0.0/8', 'private'),
  v4('100.64.0.0/10', 'carrier-grade NAT'),
  v4('127.0.0.0/8', 'loopback'),
  v4('169.254.0.0/16', 'link-local'),
  v4('172.16.0.0/12', 'private'),
  v4('192.0.0.0/24', 'reserved'),
  v4('192.0.2.0/24', 'documentation'),
  v4('192.168.0.0/16', 'private'),
  v4('198.18.0.0/15', 'benchmarking'),
  v4('198.51.100.0/24', 'documentation'),
  v4('203.0.113.0/24', 'documentation'),
  v4('224.0.0.0/4', 'multicast'),
  v4('240.0.0.0/4', 'reserved'),
];

const V6_RULES: V6Rule[] = [
  v6('::/128', 'unspecified'),
  v6('::1/128', 'loopback'),
  // Every IPv4-mapped and IPv4-compatible form: no public feed is published under one, and they
  // are the classic way to smuggle 127.0.0.1 past a check that only looks at IPv4 rules.
  v6('::ffff:0:0/96', 'IPv4-mapped'),
  v6('::/96', 'IPv4-compatible'),
  v6('64:ff9b:1::/48', 'local NAT64'),
  v6('100::/64', 'discard-only'),
  v6('2001:db8::/32', 'documentation'),
  v6('fc00::/7', 'unique-local'),
  v6('fe80::/10', 'link-local'),
  v6('fec0::/10', 'site-local'),
  v6('ff00::/8', 'multicast'),
];

const NAT64 = v6('64:ff9b::/96', 'NAT64');

/** A dotted-quad IPv4 address as an unsigned 32-bit number, or null. */
export function parseIpv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    n = n * 256 + octet;
  }
  return n;
}

/** An IPv6 address (zone id dropped, embedded dotted IPv4 allowed) as 8 hextets, or null. */
export function parseIpv6(text: string): number[] | null {
  let address = text.replace(/%.*$/, '');
  if (!net.isIPv6(address)) return null;
  const lastColon = address.lastIndexOf(':');
  const tail = address.slice(lastColon + 1);
  if (tail.includes('.')) {
    const n = parseIpv4(tail);
    if (n === null) return null;
    address = `${address.slice(0, lastColon + 1)}${Math.floor(n / 65536).toString(16)}:${(n % 65536).toString(16)}`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = groups(halves[0]);
  const right = groups(halves[1]);
  const fill = halves.length === 2 ? 8 - left.length - right.length : 0;
  if (fill < 0) return null;
  const hextets = [...left, ...new Array<number>(fill).fill(0), ...right];
  return hextets.length === 8 && hextets.every((h) => Number.isInteger(h) && h >= 0 && h <= 0xffff) ? hextets : null;
}

function inV4(n: number, rule: V4Rule): boolean {
  const size = 2 ** (32 - rule.bits);
  return Math.floor(n / size) === Math.floor(rule.base / size);
}

function inV6(h: number[], rule: V6Rule): boolean {
  let bits = rule.bits;
  for (let i = 0; i < 8 && bits > 0; i += 1) {
    const take = Math.min(16, bits);
    const mask = (0xffff << (16 - take)) & 0xffff;
    if (((h[i] ?? 0) & mask) !== ((rule.hextets[i] ?? 0) & mask)) return false;
    bits -= take;
  }
  return true;
}

function embeddedV4(h: number[], from: number): number {
  return (h[from] ?? 0) * 65536 + (h[from + 1] ?? 0);
}

/**
 * Why an address must not be fetched ("loopback", "private", …), or null for a public address.
 * Anything that is not an IP address at all is refused too: callers pass resolved addresses.
 */
export function blockedAddressReason(address: string): string | null {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  const asV4 = parseIpv4(bare);
  if (asV4 !== null) return V4_RULES.find((rule) => inV4(asV4, rule))?.reason ?? null;
  const h = parseIpv6(bare);
  if (!h) return 'not an IP address';
  const rule = V6_RULES.find((r) => inV6(h, r));
  if (rule) return rule.reason;
  // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) carry an IPv4 address that the gateway will reach.
  if (inV6(h, NAT64)) return v4Reason(embeddedV4(h, 6), 'NAT64');
  if (h[0] === 0x2002) return v4Reason(embeddedV4(h, 1), '6to4');
  return null;
}

function v4Reason(n: number, via: string): string | null {
  const rule = V4_RULES.find((r) => inV4(n, r));
  return rule ? `${rule.reason} (via ${via})` : null;
}
