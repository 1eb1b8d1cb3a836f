import { Agent as HttpsAgent, request as httpsRequest, type AgentOptions } from 'node:https';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import ipaddr from 'ipaddr.js';
import { bareHost, createGuardedLookup, isPublicAddress, type Resolver } from '@gw/runtime';

/** The `fetch` signature `oidc-provider` calls for outside resources (its `configuration.fetch`). */
export type OutboundFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

const refused = (message: string) => Object.assign(new Error(message), { code: 'ESSRF' });

/** Statuses whose response has no body (Fetch standard's "null body status"). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * The `fetch` of the authorization server (Client ID Metadata Documents, a client's `jwks_uri`):
 * the address it connects to is the one checked, as in the webhooks' sender. `allowFetch`'s check
 * resolves the host once; a resolver that answers a public address to that check and loopback to
 * a second lookup (DNS rebinding) would otherwise have the library's own fetch connect to
 * loopback. Here the socket's lookup is the guarded one (`createGuardedLookup`): the host is
 * resolved at connect time, every address must be public (else `ESSRF`), and the connection
 * goes to an address of that same answer; an IP literal (never looked up) must be public; and
 * each socket's remote address is checked again once connected.
 * https only, one request per connection (no keep-alive: no socket outlives its check), no
 * redirects (a 3xx is the answer); `init.signal` (the library's 2.5 s timeout) aborts.
 * @param resolver the DNS resolver (tests inject one); the system's by default
 * @returns a `fetch` that rejects with an `ESSRF` error for a refused address, and as Node's
 *   `https.request` does on network errors and aborts
 */
export function createGuardedFetch(resolver?: Resolver): OutboundFetch {
  // Node's lookup overloads differ only in form; the guarded lookup handles both.
  const lookup = createGuardedLookup(false, resolver) as unknown as NonNullable<AgentOptions['lookup']>;
  const agent = new HttpsAgent({ keepAlive: false, lookup });
  const guardSocket = (socket: Socket) => {
    socket.once('connect', () => {
      const remote = socket.remoteAddress;
      if (remote && !isPublicAddress(remote)) socket.destroy(refused(`connected address ${remote} is not public`));
    });
  };
  return async (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (url.protocol !== 'https:') throw refused(`${url.protocol} is not https`);
    const host = bareHost(url.hostname);
    if (ipaddr.isValid(host) && !isPublicAddress(host)) throw refused(`${host} is not a public address`);
    const headers: Record<string, string> = {};
    // An empty value is the library's way of removing a default header (its user-agent).
    new Headers(init.headers).forEach((value, name) => {
      if (value !== '') headers[name] = value;
    });
    const body = init.body == null ? undefined : typeof init.body === 'string' ? init.body : String(init.body as URLSearchParams);
    return new Promise<Response>((resolve, reject) => {
      const req = httpsRequest(url, { method: init.method ?? 'GET', headers, agent, signal: init.signal ?? undefined }, (res) => {
        const status = res.statusCode ?? 0;
        if (status < 200 || status > 599) {
          res.destroy();
          reject(new Error(`unexpected status ${status}`));
          return;
        }
        const out = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const one of [value ?? []].flat()) out.append(name, one);
        }
        const stream = NULL_BODY.has(status) ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
        if (!stream) res.resume();
        resolve(new Response(stream, { status, statusText: res.statusMessage, headers: out }));
      });
      req.on('socket', guardSocket);
      req.on('error', reject);
      req.end(body);
    });
  };
}
