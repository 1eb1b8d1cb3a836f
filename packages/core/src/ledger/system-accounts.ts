/**
 * The accounts of the ledger: whose an account is, and the system accounts.
 * Each system account is one account per token, owned by `system:<id>`. Only {@link ISSUANCE} may
 * go below zero.
 */

export type OwnerType = 'wallet' | 'organization' | 'system';

/** Whose account: a wallet (checksummed address), an organization (id) or a system account. */
export interface Owner {
  type: OwnerType;
  id: string;
}

/** The one account allowed below zero: new supply is minted from it. */
export const ISSUANCE: Owner = { type: 'system', id: 'issuance' };

/** The DAO treasury: pays staking rewards; its flows are shown by `GET /treasury/overview`. */
export const TREASURY: Owner = { type: 'system', id: 'treasury' };

/** Holds the principal of every active staking position. */
export const STAKING_POOL: Owner = { type: 'system', id: 'staking-pool' };

/** Holds the amount of every `initiated` bridge transfer until the relay completes or fails. */
export const BRIDGE_ESCROW: Owner = { type: 'system', id: 'bridge-escrow' };

/** Receives the amount of every `completed` bridge transfer: value that left this chain (circulating elsewhere). */
export const BRIDGE_OUTBOUND: Owner = { type: 'system', id: 'bridge-outbound' };

/**
 * The amount of every withdrawal whose on-chain transaction is not final yet. Still held
 * by custody on chain, so it stays in the custodial sum the reserves compare with the chain.
 */
export const WITHDRAWALS_IN_FLIGHT: Owner = { type: 'system', id: 'withdrawals-in-flight' };

/** Balances that are not in circulation (token info: circulating = total supply less these). */
export const NON_CIRCULATING: readonly Owner[] = [TREASURY, STAKING_POOL, BRIDGE_ESCROW];
