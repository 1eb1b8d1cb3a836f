import type { Context, Resolver, SessionTokens } from '@gw/core';
import type { Redis } from 'ioredis';

/** What the HTTP app needs: the shared context, the JWT service and a fail-fast Redis for rate limits. */
export interface ApiDeps extends Context {
  tokens: SessionTokens;
  /** Redis used on the request path (rate limits, health): fails fast when Redis is down. */
  requestRedis: Redis;
  /** DNS resolver for webhook URL checks; injectable in tests. */
  resolver?: Resolver;
}
