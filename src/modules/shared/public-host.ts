// Where a link we hand to people may point: a public site. The buy redirect sends a browser to an
// offer's URL, and brand websites, tutorial and pitch links are shown as links; one naming
// loopback, the local network, a link-local address or a translation prefix would aim people at
// their own router, printer or development server. Host names are judged as written (no DNS
// lookup): the browser, not this service, resolves them.
//
// Addresses are judged by ipaddr.js's ranges (the IANA special-purpose registries, RFC 6890, kept
// up to date by that library rather than by hand here): anything but ordinary unicast is refused,
// including the translation and tunnelling prefixes whose packets reach an IPv4 address chosen by
// whoever wrote the URL: NAT64 (64:ff9b::/96 and the local-use 64:ff9b:1::/48 of RFC 8215),
// 6to4 (2002::/16), Teredo (2001::/32), IPv4-mapped and -translated addresses. A public site is
// reached by its name or its own address, never through one of those.
import ipaddr from 'ipaddr.js';

/** The kind of special-purpose range an IP address is in (ipaddr.js's name), or null for a public one. */
export function specialAddressKind(address: string): string | null {
  if (!ipaddr.isValid(address)) return null;
  const parsed = ipaddr.parse(address);
  const range = parsed.range();
  return range === 'unicast' ? null : range;
}

/** Names that never mean a public site: this machine (RFC 6761), the local network (mDNS, RFC 8375), single labels. */
function localName(host: string): string | null {
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  if (/\.(local|internal|home\.arpa|localdomain|lan|intranet|corp|private)$/.test(host)) return 'local network';
  if (!host.includes('.')) return 'a name without a domain, resolved on the local network';
  return null;
}

/**
 * Why a parsed URL's host is not a public site (a sentence), or null when it is. IPv4 in any
 * form the URL parser accepts (decimal, hex, octal, short) arrives here normalised; so does IPv6.
 */
export function hostProblem(url: URL): string | null {
  const host = url.hostname.replace(/\.$/, '').toLowerCase();
  const address = host.startsWith('[') ? host.slice(1, -1) : host;
  const isAddress = ipaddr.IPv6.isValid(address) || ipaddr.IPv4.isValidFourPartDecimal(address);
  const kind = isAddress ? specialAddressKind(address) : localName(address);
  return kind ? `its host ${url.hostname} is not a public site (${kind})` : null;
}
