import type { PrismaClient } from '@gw/db';
import { registerCacheSize, subscribeChannel, type RedisConnection } from '@gw/runtime';
import { listWalletRoles } from './repository.js';

/** Redis channel on which role grants and revocations are announced to every API replica (payload: the address). */
export const walletRoleChannel = (prefix: string): string => `${prefix}:wallet-roles-changed`;

/** The roles a session has: `user`, plus every role the operator granted. */
export const withUser = (granted: string[]): string[] => ['user', ...granted.filter((r) => r !== 'user')];

/**
 * Each wallet's roles as `wallet_roles` holds them, kept per API process for `ttlMs` (roles
 * are not taken from the JWT's `roles` claim, so a revocation counts without a new
 * login). A grant or revocation made with the operator CLI is announced on
 * {@link walletRoleChannel} and every replica evicts the wallet at once; the TTL bounds staleness
 * if an announcement is lost. At most `maxEntries` wallets are kept (the oldest entry goes first).
 *
 * A load that started before an eviction cannot put the older roles back: every eviction bumps a
 * generation number, and a load only stores its result if no eviction happened while it ran.
 */
export class WalletRoleCache {
  private readonly entries = new Map<string, { roles: string[]; until: number }>();
  private generation = 0;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {
    registerCacheSize('wallet_roles', this.entries, maxEntries);
  }

  /**
   * @param address EIP-55 checksummed address (a verified JWT's `sub`)
   * @returns `user` and the roles granted to `address`, e.g. `['user', 'agent']`
   */
  async rolesOf(address: string): Promise<string[]> {
    const hit = this.entries.get(address);
    if (hit && hit.until > Date.now()) return hit.roles;
    const generation = this.generation;
    const roles = withUser(await listWalletRoles(this.prisma, address));
    if (this.ttlMs > 0 && generation === this.generation) {
      this.entries.delete(address);
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(address, { roles, until: Date.now() + this.ttlMs });
    }
    return roles;
  }

  /** Drops the wallet's cached roles (a change announced by the CLI). */
  evict(address: string): void {
    this.entries.delete(address);
    this.generation++;
  }

  /**
   * Subscribes `subscriber` (a connection in subscriber mode) to role changes.
   * @returns a function that unsubscribes
   */
  listen(subscriber: RedisConnection, prefix: string): Promise<() => Promise<void>> {
    return subscribeChannel(subscriber, walletRoleChannel(prefix), (address) => this.evict(address));
  }
}
