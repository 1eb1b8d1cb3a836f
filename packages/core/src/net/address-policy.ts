import { lookup as dnsLookup } from 'node:dns';
import { promisify } from 'node:util';
import ipaddr from 'ipaddr.js';

/**
 * True when `ip` is a globally routable unicast address. Loopback, private (RFC 1918),
 * carrier-grade NAT (100.64/10), link-local (incl. 169.254.169.254 metadata), unspecified,
 * unique-local (fc00::/7), multicast, reserved and documentation ranges are not.
 * IPv4-mapped IPv6 addresses are judged by their IPv4 part.
 */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  let addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) {
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  }
  return addr.range() === 'unicast';
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to all its addresses (A and AAAA). Injectable for tests. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const lookupAll = promisify(dnsLookup);
export const systemResolver: Resolver = async (hostname) => lookupAll(hostname, { all: true, verbatim: true });

/** Strips the brackets of an IPv6 literal host (`[::1]` → `::1`). */
export const bareHost = (host: string): string => host.replace(/^\[(.*)\]$/, '$1');

/**
 * Resolves `hostname` and returns its addresses, refusing when any of them is not public
 * (unless `allowPrivate`). Used at registration and, through {@link createGuardedLookup},
 * again at connect time against DNS rebinding.
 * @throws Error with `code` `ESSRF` (address not allowed) or the resolver's error (`ENOTFOUND`...)
 */
export async function resolveAllowed(
  hostname: string,
  allowPrivate: boolean,
  resolver: Resolver = systemResolver,
): Promise<ResolvedAddress[]> {
  const host = bareHost(hostname);
  const addresses = ipaddr.isValid(host) ? [{ address: host, family: host.includes(':') ? 6 : 4 }] : await resolver(host);
  if (addresses.length === 0) throw Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' });
  if (!allowPrivate) {
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad) throw Object.assign(new Error(`${host} resolves to a non-public address`), { code: 'ESSRF' });
  }
  return addresses;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | ResolvedAddress[], family?: number) => void;

/**
 * A `lookup` function for http.Agent / got's `dnsLookup`: the address is checked at connect
 * time, so a name that was public at registration and private now (DNS rebinding) is refused.
 */
export function createGuardedLookup(allowPrivate: boolean, resolver: Resolver = systemResolver) {
  return (hostname: string, options: { all?: boolean } | number | LookupCallback, callback?: LookupCallback): void => {
    const cb = (typeof options === 'function' ? options : callback) as LookupCallback;
    const wantAll = typeof options === 'object' && options?.all === true;
    resolveAllowed(hostname, allowPrivate, resolver).then(
      (addrs) => (wantAll ? cb(null, addrs) : cb(null, addrs[0]!.address, addrs[0]!.family)),
      (err: NodeJS.ErrnoException) => cb(err, wantAll ? [] : '', 0),
    );
  };
}
