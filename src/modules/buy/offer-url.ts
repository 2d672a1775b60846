// Where an offer may send people: a public http(s) address. The buy redirect sends a browser to
// the offer's URL, so a URL naming loopback, the local network or a link-local address would aim
// people at their own router, printer or development server. Checked when an offer is
// written (GraphQL, REST, the feed import) and again before a redirect. Host names are judged as
// written (no DNS lookup): the browser, not this service, resolves them.
import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** IPv4 ranges that are not the public internet (IANA special-purpose registry, RFC 6890). */
const IPV4_RANGES: Array<[string, number, string]> = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'private (carrier-grade NAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved (benchmarking)'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];
/** IPv6 ranges likewise; IPv4-mapped addresses (::ffff:0:0/96) are judged by the IPv4 ranges. */
const IPV6_RANGES: Array<[string, number, string]> = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['fe80::', 10, 'link-local'],
  ['fc00::', 7, 'unique-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
  ['2001:db8::', 32, 'documentation'],
  ['100::', 64, 'discard'],
];

const kinds = new Map<string, BlockList>();
for (const [network, prefix, kind, family] of [
  ...IPV4_RANGES.map((r) => [...r, 'ipv4'] as const),
  ...IPV6_RANGES.map((r) => [...r, 'ipv6'] as const),
]) {
  const list = kinds.get(kind) ?? new BlockList();
  list.addSubnet(network, prefix, family);
  kinds.set(kind, list);
}

/** What kind of non-public address this is, or null for a public one. */
function addressKind(address: string): string | null {
  const family = isIPv4(address) ? 'ipv4' : 'ipv6';
  for (const [kind, list] of kinds) if (list.check(address, family)) return kind;
  if (family === 'ipv6') {
    const embedded = embeddedIpv4(address);
    if (embedded) return addressKind(embedded);
  }
  return null;
}

/** The eight 16-bit groups of an IPv6 address (as the URL parser writes it: no dotted part). */
function groups(address: string): number[] {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, null];
  const parse = (part: string) => (part ? part.split(':').map((h) => parseInt(h, 16)) : []);
  const left = parse(head);
  const right = tail === null ? [] : parse(tail);
  return [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}

/** The IPv4 address inside NAT64 (64:ff9b::/96), 6to4 (2002::/16) and IPv4-compatible (::/96) addresses. */
function embeddedIpv4(address: string): string | null {
  const g = groups(address);
  const v4 = (hi: number, lo: number) => [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4(g[6], g[7]);
  if (g[0] === 0x2002) return v4(g[1], g[2]);
  if (g.slice(0, 6).every((x) => x === 0)) return v4(g[6], g[7]);
  return null;
}

/** Names that never mean a public site: this machine (RFC 6761), the local network (mDNS, RFC 8375), single labels. */
function localName(host: string): string | null {
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  if (/\.(local|internal|home\.arpa|localdomain)$/.test(host)) return 'local network';
  if (!host.includes('.')) return 'a name without a domain, resolved on the local network';
  return null;
}

/**
 * Why a URL may not be an offer's (a sentence naming the problem), or null when it may: an
 * http(s) URL without credentials whose host is a public name or address. IPv4 in any form the
 * URL parser accepts (decimal, hex, octal, short) arrives here normalised; so does IPv6.
 */
export function offerUrlProblem(url: URL): string | null {
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return `its scheme is ${url.protocol.replace(/:$/, '')}, not http(s)`;
  if (url.username || url.password) return 'it holds a user name or password';
  const host = url.hostname.replace(/\.$/, '').toLowerCase();
  const address = host.startsWith('[') ? host.slice(1, -1) : host;
  const kind = isIPv4(address) || isIPv6(address) ? addressKind(address) : localName(address);
  return kind ? `its host ${url.hostname} is not a public site (${kind})` : null;
}

/** True when a stored offer URL may be redirected to. */
export function isPublicOfferUrl(raw: string): boolean {
  try {
    return offerUrlProblem(new URL(raw)) === null;
  } catch {
    return false;
  }
}
