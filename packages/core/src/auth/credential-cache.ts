import type { PrismaClient } from '@gw/db';
import type { RedisConnection } from '@gw/runtime';
import { registerCacheSize, sha256Hex, subscribeChannel, type Principal } from '@gw/runtime';
import { findCredentialExpiry, markCredentialRevoked } from './repository.js';
import { authenticateCredential } from './service.js';

/** Redis channel on which revocations are announced to every API replica. */
export const revocationChannel = (prefix: string): string => `${prefix}:credential-revoked`;

/**
 * Caches successful API-key look-ups for `ttlMs` (no database round trip per request),
 * keyed by the key's SHA-256. Revocation is announced on {@link revocationChannel}; every replica
 * subscribed with {@link CredentialCache.listen} evicts at once, and the TTL bounds staleness if
 * an announcement is missed. Failed look-ups are never cached. An expired key stops working at
 * its `expiresAt`, cached or not.
 */
export class CredentialCache {
  private readonly entries = new Map<string, { principal: Principal; expiresAt: number | null; until: number }>();

  constructor(
    private readonly prisma: PrismaClient,
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {
    registerCacheSize('credentials', this.entries, maxEntries);
  }

  /**
   * @param hash the key's SHA-256 (hex) when the caller already computed it (the API's rate limiter
   *   keys on it too); computed here otherwise
   * @returns the principal, or null for a malformed, unknown, revoked or expired key
   */
  async authenticate(presented: string, hash: string = sha256Hex(presented)): Promise<Principal | null> {
    const now = Date.now();
    const hit = this.entries.get(hash);
    if (hit && hit.until > now && (hit.expiresAt === null || hit.expiresAt > now)) return hit.principal;
    if (hit) this.entries.delete(hash);
    const principal = await authenticateCredential(this.prisma, presented);
    if (principal && this.ttlMs > 0) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      const expiresAt = await findCredentialExpiry(this.prisma, principal.credentialId);
      this.entries.set(hash, { principal, expiresAt: expiresAt?.getTime() ?? null, until: now + this.ttlMs });
    }
    return principal;
  }

  /** Drops the cached entry of a key hash (a revocation). */
  evict(hash: string): void {
    this.entries.delete(hash);
  }

  /**
   * Subscribes `subscriber` (a connection of its own: it enters subscriber mode) to revocations.
   * @returns a function that unsubscribes
   */
  listen(subscriber: RedisConnection, prefix: string): Promise<() => Promise<void>> {
    return subscribeChannel(subscriber, revocationChannel(prefix), (hash) => this.evict(hash));
  }
}

/**
 * Revokes a credential by its stored hash and announces it to every API replica.
 * @returns false when no credential has that hash (or it was already revoked)
 */
export async function revokeCredential(
  prisma: PrismaClient,
  hash: string,
  announce?: { redis: RedisConnection; prefix: string },
): Promise<boolean> {
  const count = await markCredentialRevoked(prisma, hash);
  if (announce) await announce.redis.publish(revocationChannel(announce.prefix), hash);
  return count > 0;
}
