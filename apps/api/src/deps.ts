import type { Context, CredentialCache, Resolver, SessionTokens } from '@gw/core';
import type { Redis } from 'ioredis';
import type { AppMetrics } from '@gw/core/metrics/index';

/** What the HTTP app needs: the shared context, the JWT service and a fail-fast Redis for rate limits. */
export interface ApiDeps extends Context {
  tokens: SessionTokens;
  /** API-key look-ups, cached briefly and evicted on revocation. */
  credentials: CredentialCache;
  /** Redis used on the request path (rate limits, health): fails fast when Redis is down. */
  requestRedis: Redis;
  /** DNS resolver for webhook URL checks; injectable in tests. */
  resolver?: Resolver;
  /** Prometheus instruments of this process (published to Redis for the ops app). */
  metrics?: AppMetrics;
}
