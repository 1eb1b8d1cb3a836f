/**
 * Infrastructure shared by the apps and the concept modules of `@gw/core`. Nothing here knows a
 * business concept, and nothing here loads viem or the auth stack: importing the whole barrel is
 * cheap for every process.
 */
export * from './config/env.js';
export * from './config/env-file.js';
export * from './config/scopes.js';
export * from './config/local-secrets-key.js';
export * from './config/local-chains.js';
export * from './errors/app-error.js';
export * from './logging/logger.js';
export * from './logging/redact-urls.js';
export * from './crypto/secret-box.js';
export * from './crypto/tokens.js';
export * from './batching/coalesce.js';
export * from './net/address-policy.js';
export * from './net/address-group.js';
export * from './pubsub/subscribe-channel.js';
export * from './process/stop-on-signals.js';
export * from './process/stop-progress.js';
export * from './process/dependencies.js';
export * from './health/check-dependencies.js';
export * from './metrics/index.js';
export * from './redis/redis.js';
export * from './queues/queues.js';
export * from './queues/schedule.js';
export * from './queues/after-commit.js';
export * from './ids.js';
export * from './catalogue.js';
export * from './amounts.js';
export * from './pagination/page.js';
export * from './chain/chains.js';
export * from './context/context.js';
export * from './context/create-context.js';
export * from './http/caller.js';
export * from './http/route.js';
export * from './http/contract-kit.js';
export * from './http/listen.js';
