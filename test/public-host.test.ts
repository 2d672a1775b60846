// Links we hand to people (offers and their buy redirect, brand websites, tutorial and pitch links)
// name public sites only: every IANA special-purpose range is refused, by ipaddr.js's maintained
// list (src/modules/shared/public-host.ts), ordinary public addresses and names pass.
import { describe, expect, it } from '@jest/globals';
import { hostProblem, specialAddressKind } from '../src/modules/shared/public-host.js';
import { offerUrlProblem } from '../src/modules/buy/offer-url.js';

/** One address of each special-purpose range (IANA IPv4 and IPv6 registries), with why it is there. */
const SPECIAL: Array<[string, string]> = [
  ['0.0.0.0', 'this network'],
  ['10.1.2.3', 'private'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['127.0.0.1', 'loopback'],
  ['169.254.169.254', 'link-local (cloud metadata)'],
  ['172.16.0.1', 'private'],
  ['192.0.0.8', 'IETF protocol assignments'],
  ['192.0.2.1', 'documentation'],
  ['192.31.196.1', 'AS112'],
  ['192.52.193.1', 'AMT'],
  ['192.88.99.1', '6to4 relay anycast'],
  ['192.168.1.1', 'private'],
  ['192.175.48.1', 'AS112'],
  ['198.18.0.1', 'benchmarking'],
  ['198.51.100.1', 'documentation'],
  ['203.0.113.1', 'documentation'],
  ['224.0.0.1', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['::ffff:8.8.8.8', 'IPv4-mapped (even of a public IPv4)'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:0:a00:1', 'IPv4-translated (RFC 6145)'],
  ['64:ff9b::a00:1', 'NAT64 well-known prefix'],
  ['64:ff9b::808:808', 'NAT64 of a public IPv4: the translator is local'],
  ['64:ff9b:1::a00:1', 'NAT64 local-use (RFC 8215)'],
  ['100::1', 'discard-only'],
  ['2001::1', 'Teredo'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo (RFC 4380 example)'],
  ['2001:2::1', 'benchmarking'],
  ['2001:3::1', 'AMT'],
  ['2001:4:112::1', 'AS112-v6'],
  ['2001:10::1', 'ORCHID (deprecated)'],
  ['2001:20::1', 'ORCHIDv2'],
  ['2001:db8::1', 'documentation'],
  ['2002:a00:1::1', '6to4 of a private IPv4'],
  ['2002:808:808::1', '6to4 of a public IPv4 (deprecated, RFC 7526)'],
  ['2620:4f:8000::1', 'AS112 direct delegation'],
  ['3fff::1', 'documentation (RFC 9637)'],
  ['5f00::1', 'segment routing SIDs'],
  ['fc00::1', 'unique-local'],
  ['fd12:3456::1', 'unique-local'],
  ['fe80::1', 'link-local'],
  ['fec0::1', 'site-local (deprecated)'],
  ['ff02::1', 'multicast'],
];

const PUBLIC = ['8.8.8.8', '1.1.1.1', '93.184.215.14', '151.101.1.140', '2606:4700::1111', '2a00:1450:4001:82a::200e'];

const urlFor = (address: string) => new URL(`https://${address.includes(':') ? `[${address}]` : address}/p`);

describe('special-purpose addresses, from the maintained list', () => {
  it.each(SPECIAL)('refuses %s (%s)', (address) => {
    expect(specialAddressKind(address)).not.toBeNull();
    expect(hostProblem(urlFor(address))).toMatch(/is not a public site/);
    expect(offerUrlProblem(urlFor(address))).toMatch(/is not a public site/);
  });

  it.each(PUBLIC)('accepts the public address %s', (address) => {
    expect(specialAddressKind(address)).toBeNull();
    expect(offerUrlProblem(urlFor(address))).toBeNull();
  });

  it('judges IPv4 in every spelling the URL parser accepts, and local names', () => {
    for (const spelled of ['2130706433', '0x7f000001', '017700000001', '127.1', '0'])
      expect(hostProblem(new URL(`http://${spelled}/`))).toMatch(/not a public site/);
    for (const name of ['localhost', 'a.localhost', 'printer.local', 'nas.home.arpa', 'intranet'])
      expect(hostProblem(new URL(`http://${name}/`))).toMatch(/not a public site/);
    for (const name of ['shop.example', 'shop.example.', 'xn--bcher-kva.example'])
      expect(hostProblem(new URL(`https://${name}/`))).toBeNull();
  });
});
