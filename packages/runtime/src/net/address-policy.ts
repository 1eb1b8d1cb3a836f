import { lookup as dnsLookup } from 'node:dns';
import { promisify } from 'node:util';
import ipaddr from 'ipaddr.js';

const v4FromParts = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);

/**
 * The IPv4 address an IPv6 address embeds, in the forms a router or the kernel may turn into an
 * IPv4 connection: IPv4-mapped `::ffff:0:0/96`, IPv4-compatible `::/96`
 * (deprecated, but `[::127.0.0.1]` reached loopback), NAT64 `64:ff9b::/96` (RFC 6052) and 6to4
 * `2002::/16` (RFC 3056, address in bits 16-47). `::` and `::1` themselves are not IPv4-compatible.
 * @returns the embedded IPv4 address, or null when `addr` is none of these forms
 */
export function embeddedIPv4(addr: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = addr.parts;
  if (addr.isIPv4MappedAddress()) return addr.toIPv4Address();
  const firstFiveZero = p[0] === 0 && p[1] === 0 && p[2] === 0 && p[3] === 0 && p[4] === 0;
  if (firstFiveZero && p[5] === 0 && (p[6]! !== 0 || p[7]! > 1)) return v4FromParts(p[6]!, p[7]!);
  if (p[0] === 0x64 && p[1] === 0xff9b && p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0) return v4FromParts(p[6]!, p[7]!);
  if (p[0] === 0x2002) return v4FromParts(p[1]!, p[2]!);
  return null;
}

/**
 * True when `ip` is a globally routable unicast address. Loopback, private (RFC 1918),
 * carrier-grade NAT (100.64/10), link-local (incl. 169.254.169.254 metadata), unspecified,
 * unique-local (fc00::/7), multicast, reserved and documentation ranges are not.
 * IPv6 addresses that embed an IPv4 address (mapped, compatible, NAT64, 6to4: {@link embeddedIPv4})
 * are judged by that IPv4 address; the local-use NAT64 prefix `64:ff9b:1::/48` is never public.
 */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6') {
    const v6 = addr as ipaddr.IPv6;
    const v4 = embeddedIPv4(v6);
    if (v4) return v4.range() === 'unicast';
    if (v6.parts[0] === 0x64 && v6.parts[1] === 0xff9b && v6.parts[2] === 1) return false;
  }
  return addr.range() === 'unicast';
}

/** Parses a port list such as `80,443,1024-65535` (WEBHOOK_ALLOWED_PORTS) into inclusive ranges. */
export const parsePortRanges = (list: string): [number, number][] =>
  list.split(',').map((part) => {
    const [lo, hi = lo] = part.split('-').map(Number) as [number, number?];
    return [lo, hi];
  });

/**
 * The destination-port policy of webhooks: a port must be in `allowed` and not in
 * `blocked` (lists as in WEBHOOK_ALLOWED_PORTS / WEBHOOK_BLOCKED_PORTS).
 * @returns a predicate over port numbers (the URL's explicit port, else 80 for http, 443 for https)
 */
export function createPortPolicy(allowed: string, blocked: string): (port: number) => boolean {
  const allow = parsePortRanges(allowed);
  const deny = parsePortRanges(blocked);
  const within = (ranges: [number, number][], port: number) => ranges.some(([lo, hi]) => port >= lo && port <= hi);
  return (port) => within(allow, port) && !within(deny, port);
}

/** The port a URL connects to: its explicit port, else 443 for https and 80 otherwise. */
export const urlPort = (url: URL): number => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

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
