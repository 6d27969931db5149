import ipaddr from 'ipaddr.js';

/**
 * IPv6 global unicast (RFC 4291). ipaddr.js calls every address outside its special ranges
 * "unicast", the IPv4-compatible `::a.b.c.d` (`::/96`) included, which embeds an IPv4 address
 * without a range of its own: only this block holds addresses that are public on the internet.
 */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Whether an address may be connected to on a caller's behalf: public unicast only. The ranges are
 * ipaddr.js's (private, loopback, link-local, CGNAT, multicast, broadcast, reserved, benchmarking,
 * unique-local, NAT64, 6to4, Teredo...); an IPv4-mapped IPv6 address is judged as the IPv4 it maps.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  if (parsed.range() !== 'unicast') return false;
  return parsed.kind() === 'ipv4' || (parsed as ipaddr.IPv6).match(GLOBAL_UNICAST_V6);
}
