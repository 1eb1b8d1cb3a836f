import type { Context, Resolver, AppMetrics } from '@gw/runtime';
import type { CredentialCache, SessionTokens, WalletRoleCache } from '@gw/core/auth';
import type { EndpointGate, WebhookListCache } from '@gw/core/webhooks';
import type { PaymentFulfilments } from '@gw/core/payments';
import type { RedisConnection } from '@gw/runtime';
import type { RateLimitCounters } from './http/window-counters.js';

/** What the HTTP app needs: the shared context, the JWT service and a fail-fast Redis for rate limits. */
export interface ApiDeps extends Context {
  tokens: SessionTokens;
  /** API-key look-ups, cached briefly and evicted on revocation. */
  credentials: CredentialCache;
  /** Wallets' roles from `wallet_roles` (not from the JWT), cached briefly and evicted on every grant or revocation. */
  walletRoles: WalletRoleCache;
  /** Organizations' webhook lists, cached briefly and evicted on every change. */
  webhookLists: WebhookListCache;
  /** Endpoint circuits and caps: read for `GET /webhooks`, reset on re-registration. */
  gate: Pick<EndpointGate, 'health' | 'reset'>;
  /** Redis used on the request path (rate limits, health): fails fast when Redis is down. */
  requestRedis: RedisConnection;
  /** Counters of the rate limit and of the failed-authentication limit (in memory, synced to Redis). */
  rateLimits: RateLimitCounters;
  /** The fulfilments a settle or refund runs (`catalogue.ts`). */
  paymentFulfilments: PaymentFulfilments;
  /** DNS resolver for webhook URL checks; injectable in tests. */
  resolver?: Resolver;
  /** Prometheus instruments of this process (published to Redis for the ops app). */
  metrics?: AppMetrics;
  /** The port the server listens on, once it does (the development SIWE loopback rule). */
  listenPort?: () => number | undefined;
}

/**
 * The API's public origin: PUBLIC_URL, else `https://<SIWE_DOMAIN>` in production,
 * else `http://localhost:<listen port>`. The OAuth issuer and the base of the MCP resources.
 * @throws Error before the server listens when PUBLIC_URL is unset outside production (a bug)
 */
export function publicOrigin(deps: Pick<ApiDeps, 'config' | 'listenPort'>): string {
  if (deps.config.PUBLIC_URL) return deps.config.PUBLIC_URL;
  if (deps.config.NODE_ENV === 'production') return `https://${deps.config.SIWE_DOMAIN}`;
  const port = deps.listenPort?.();
  if (port === undefined) throw new Error('publicOrigin() before the API listens');
  return `http://localhost:${port}`;
}

/** What route handlers receive: the API's dependencies and the OpenAPI document (for the reference rows). */
export type RouteDeps = ApiDeps & {
  /** The OpenAPI document as JSON, built once from the route table. */
  openApiJson(): string;
};
