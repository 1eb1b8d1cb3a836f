import ipaddr from 'ipaddr.js';

/**
 * The key under which per-client limits count a client address:
 * - IPv4: the address itself (`192.0.2.7`);
 * - IPv4-mapped IPv6 (`::ffff:192.0.2.7`, what a dual-stack socket reports for an IPv4 client):
 *   the IPv4 address, so both spellings count as one client;
 * - any other IPv6 address: its /64 prefix (`2001:db8:1:2::/64`). A site, and often a single
 *   subscriber, is handed at least a /64 (RFC 6177; RFC 4291 §2.5.4 makes the low 64 bits the
 *   interface identifier), so a client picks a fresh address of its /64 at will (RFC 8981
 *   temporary addresses): counting exact IPv6 addresses would give it a fresh budget each time.
 *   Zone ids (`%eth0`) are dropped.
 * A string that is not an IP address is returned unchanged (it still counts, as itself).
 * @param ip an address as Express's `req.ip` gives it
 * @param ipv6PrefixLength bits of an IPv6 address that name the client (default 64)
 */
export function clientAddressGroup(ip: string, ipv6PrefixLength = 64): string {
  const bare = ip.replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return ip;
  const addr = ipaddr.process(bare);
  if (addr.kind() === 'ipv4') return addr.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${bare}/${ipv6PrefixLength}`).toString()}/${ipv6PrefixLength}`;
}
