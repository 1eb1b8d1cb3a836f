import type { CredentialKind, RawSql } from '@gw/db';
import type { Scope } from '../config/scopes.js';

/**
 * One spend to bound: what a write of the ledger moves out of the wallet, in base
 * units of the native token (a credit consumption counts `units × CREDIT_PRICE`).
 */
export interface SpendCharge {
  /** `payment.confirm`, `credits.consume`, `wallet.transfer`, `staking.stake` (from custody) or `bridge.transfer`. */
  action: 'payment.confirm' | 'credits.consume' | 'wallet.transfer' | 'staking.stake' | 'bridge.transfer';
  /** The row the ledger write is about (payment id, consumption id, transfer id, bridge transfer id). */
  reference: string;
  /** Where the value goes: the payee organization's id, or the recipient's checksummed address. */
  recipient: string;
  /** Token symbol of the movement; spending limits are in the native token only. */
  token: string;
  /** Base units, positive. */
  amount: bigint;
}

/**
 * The spending limits of an AI connector's grant, checked **inside** the transaction
 * of the ledger write it bounds: `charge` locks the grant, checks the limits and records the spend
 * on the same connection, so concurrent calls cannot overspend, and a write that rolls back takes
 * its spend with it.
 */
export interface SpendGuard {
  /**
   * @param tx the transaction of the ledger write
   * @throws AppError('spending-limit-exceeded') 403, AppError('recipient-not-allowed') 403,
   *   AppError('approval-required') 202-like refusal carrying the amount (the MCP layer turns it into a pending approval)
   */
  charge(tx: RawSql, charge: SpendCharge): Promise<void>;
}

/** What an authenticated API key or connector token stands for. */
export interface Principal {
  credentialId: string;
  organizationId: string;
  kind: CredentialKind;
  scopes: Scope[];
  /**
   * The organization is a native application of the ecosystem: its credentials accept
   * native session JWTs (minted without an API key). Set by the operator CLI only.
   */
  organizationNative: boolean;
  /**
   * Present when the caller is an AI connector acting under a wallet holder's OAuth
   * grant (the MCP endpoint): every ledger write that spends the wallet's value calls it.
   */
  spendGuard?: SpendGuard;
}

/** The wallet a verified JWT stands for. */
export interface Session {
  /** EIP-55 checksummed address (the JWT's `sub`). */
  address: string;
  /** `user`, plus roles the operator granted (e.g. `agent`). */
  roles: string[];
  /**
   * The organization the session is bound to (the JWT's `org` and `azp` claims), when
   * the login carried that organization's API key; null for a native session (login without a
   * key), which only native organizations' credentials accept.
   */
  organizationId: string | null;
  /**
   * The limits the wallet holder signed at login for moving value to third parties (the SIWE
   * message's `urn:gw:allowance` resource, carried in the JWT's `alw` claim); absent: none, so the
   * session may move value only to its organization and the holder's own address.
   */
  allowance?: SessionAllowance | undefined;
}

/**
 * What a wallet holder allowed a session to send to others, signed in the EIP-4361 login message.
 * Amounts are base units of the native token; the spend guard counts them across every request of
 * the session (and of every session of the same signed message).
 */
export interface SessionAllowance {
  /** UUID of the allowance: the spend guard's grant id. */
  id: string;
  perTransaction: bigint;
  perDay: bigint;
  total: bigint;
  /** Checksummed addresses the session may send to; null: any address. */
  recipients: string[] | null;
}
