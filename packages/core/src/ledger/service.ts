import { randomUUID } from 'node:crypto';
import type { PrismaClient, RawSql, Token, Tx, WalletTransfer } from '@gw/db';
import { type Config, type Context, AppError, type SpendGuard } from '@gw/runtime';
import { requestFingerprint, withIdempotency } from '../idempotency/index.js';
import { parseEvmAddress } from '../evm/index.js';
import { onchainBalances, onchainToken, onchainTreasury } from '../chain/index.js';
import type { TokenInfoDto, TokenRef, TransferDto, TreasuryOverviewDto, WalletBalances } from './schemas.js';
import {
  createMissingAccounts,
  createOrganizationStripes,
  getBalance,
  findTokenBySymbol,
  insertEntry,
  insertTokenIfMissing,
  insertWalletTransfer,
  listTokens,
  lockAccounts,
  lockAccountsAndFreeStripe,
  lockOrganizationStripe,
  ownerAccounts,
  ownerFlowsSince,
  systemAccounts,
  type AccountRow,
} from './repository.js';
import { ISSUANCE, NON_CIRCULATING, TREASURY, type Owner } from './system-accounts.js';

// --- tokens -------------------------------------------------------------------------------------

/** Decimals of the native token (amounts are in base units; 18 decimals). */
export const NATIVE_DECIMALS = 18;

/** Ledger unit of AI credits (`/ai-billing`). Not a token: never listed as one. */
export const CREDIT_UNIT = 'CREDIT';

/**
 * Makes sure the native token from configuration (NATIVE_TOKEN_SYMBOL, NATIVE_TOKEN_NAME, 18
 * decimals) is in the `tokens` table. Idempotent; run at start-up by the API and the worker.
 */
export async function ensureNativeToken(
  prisma: PrismaClient,
  config: Pick<Config, 'NATIVE_TOKEN_SYMBOL' | 'NATIVE_TOKEN_NAME'>,
): Promise<void> {
  await insertTokenIfMissing(prisma, {
    symbol: config.NATIVE_TOKEN_SYMBOL,
    name: config.NATIVE_TOKEN_NAME,
    decimals: NATIVE_DECIMALS,
    isNative: true,
  });
}

export const toTokenRef = (t: Pick<Token, 'symbol' | 'name' | 'decimals'>): TokenRef => ({
  symbol: t.symbol,
  name: t.name,
  decimals: t.decimals,
});

type TokenDb = Pick<PrismaClient | Tx, 'token'>;

/**
 * The token named `symbol`.
 * @throws AppError('validation-error') 400 naming `field` when no such token exists (it is input, not a path id)
 */
export async function findToken(db: TokenDb, symbol: string, field = 'token'): Promise<Token> {
  const token = await findTokenBySymbol(db, symbol);
  if (!token) {
    throw new AppError('validation-error', `Unknown token "${symbol}"`, { errors: [{ path: field, message: 'unknown token' }] });
  }
  return token;
}

/**
 * The native token's row (NATIVE_TOKEN_SYMBOL; made sure of at start-up by `ensureNativeToken`).
 * @throws Error when it is missing (start-up did not run: a deployment bug, hence 500)
 */
export async function nativeToken(db: TokenDb, symbol: string): Promise<Token> {
  const token = await findTokenBySymbol(db, symbol);
  if (!token) throw new Error(`native token ${symbol} is missing from the tokens table (ensureNativeToken not run)`);
  return token;
}

// --- journal entries ------------------------------------------------------------------------------

export interface Leg {
  owner: Owner;
  /** Signed amount in integer base units: negative debits, positive credits. */
  amount: bigint;
}

export interface EntryInput {
  /** What moved value: `payment.settle`, `transfer`, `mint`, ... */
  kind: string;
  /** Id of the business object behind the entry (payment id, transfer id, ...). */
  reference?: string;
  /** Token symbol. */
  token: string;
  legs: Leg[];
}

const key = (o: Owner) => `${o.type}:${o.id}`;

/**
 * Stripes of an organization's account, for hot merchants. A credit to an
 * organization needs no balance check, so it lands on one of these sub-accounts: one that no
 * other transaction holds at that moment (`FOR UPDATE SKIP LOCKED`, at random among the free
 * ones), so concurrent settlements to one merchant never wait for each other while fewer than
 * this many are in flight (a process's pool is DATABASE_POOL_MAX, 10 by default). Only when every
 * stripe is held does a credit wait, for one at random. A debit of an organization locks all its
 * stripes, checks their sum and drains them in stripe order, so no row ever goes below zero.
 * Every other account has the single stripe 0. A balance is the sum of its owner's stripes
 * (`getBalance`).
 */
export const ORGANIZATION_CREDIT_STRIPES = 16;

/** Whether a leg is a credit to an organization (taken on a free stripe, after the other legs). */
const isStripedCredit = (leg: Leg): boolean => leg.owner.type === 'organization' && leg.amount > 0n;

/**
 * Locks a stripe of the organization's account for a credit: a free one; when none is free (or
 * the account has fewer than {@link ORGANIZATION_CREDIT_STRIPES} stripes, e.g. none yet), the
 * missing stripes are created and a free one is taken again; when every stripe is held, one at
 * random is waited for.
 */
async function lockCreditStripe(tx: RawSql, token: string, organizationId: string): Promise<AccountRow> {
  const free = await lockOrganizationStripe(tx, token, organizationId, { wait: false });
  if (free) return free;
  await createOrganizationStripes(tx, token, organizationId, ORGANIZATION_CREDIT_STRIPES);
  const stripe =
    (await lockOrganizationStripe(tx, token, organizationId, { wait: false })) ??
    (await lockOrganizationStripe(tx, token, organizationId, { wait: true }));
  if (!stripe) throw new Error(`ledger account organization:${organizationId} missing after creating its stripes`);
  return stripe;
}

/**
 * Writes one journal entry inside the caller's transaction (a Prisma `Tx` or a raw `RawSql`
 * transaction: both run the same statements), or writes nothing and answers `null` when a
 * debited account is short. The balances are checked before anything is written, so after a
 * `null` the transaction is still usable (a payment turns `failed`, a consumption answers 402).
 *
 * Rules: the legs sum to zero; the accounts are created when missing;
 * every leg but the credits to organizations is locked with one `SELECT ... FOR UPDATE` in one
 * fixed order for every transaction (other owners, then organizations' stripes, each by id), so
 * concurrent entries cannot deadlock; then each credit to an organization takes a free stripe
 * ({@link ORGANIZATION_CREDIT_STRIPES}); no account except {@link ISSUANCE} may go
 * below zero; balances are updated in the same transaction as the postings. Accounts are found
 * through the unique index on (owner_type, owner_id, token, stripe), so the cost does not grow
 * with the number of accounts.
 *
 * @returns the journal entry id, or `null` when a debited account would go below zero
 * @throws Error when the legs do not sum to zero or move nothing (a programming error)
 */
export async function postEntryIfFunded(tx: RawSql, input: EntryInput): Promise<string | null> {
  const merged = new Map<string, Leg>();
  for (const leg of input.legs) {
    const prev = merged.get(key(leg.owner));
    merged.set(key(leg.owner), { owner: leg.owner, amount: (prev?.amount ?? 0n) + leg.amount });
  }
  const legs = [...merged.values()].filter((l) => l.amount !== 0n);
  const sum = legs.reduce((acc, l) => acc + l.amount, 0n);
  if (sum !== 0n) throw new Error(`ledger entry ${input.kind} does not balance (sum ${sum})`);
  if (legs.length === 0) throw new Error(`ledger entry ${input.kind} moves nothing`);

  // Every leg but the credits to organizations: locked first (an organization's debit: all its stripes).
  const locked = legs.filter((l) => !isStripedCredit(l));
  const keysOf = (ls: Leg[]) => ({
    types: ls.map((l) => l.owner.type),
    owners: ls.map((l) => l.owner.id),
    stripes: ls.map((l) => (l.owner.type === 'organization' ? -1 : 0)),
  });
  const byOwner = new Map<string, AccountRow[]>();
  const group = (accounts: AccountRow[]) => {
    byOwner.clear();
    for (const a of accounts) {
      const k = `${a.owner_type}:${a.owner_id}`;
      byOwner.set(k, [...(byOwner.get(k) ?? []), a]);
    }
  };
  const credits = legs.filter(isStripedCredit);
  // One credit to an organization beside accounts to lock (a payment's settle): its free stripe is
  // taken in the statement that locks them, after them, saving a round trip made while the payer's
  // account is held. Taken before the funds check: a short entry keeps it, unused, to the end of
  // the transaction, as it keeps the accounts it locked.
  const oneCredit = credits.length === 1 && locked.length > 0 ? credits[0] : undefined;
  let freeStripe: AccountRow | undefined;
  if (oneCredit) {
    const first = await lockAccountsAndFreeStripe(tx, input.token, keysOf(locked), oneCredit.owner.id);
    group(first.accounts);
    freeStripe = first.stripe;
  } else if (locked.length > 0) {
    group(await lockAccounts(tx, input.token, keysOf(locked)));
  }
  if (locked.length > 0) {
    const missing = locked.filter((l) => !byOwner.has(key(l.owner)));
    if (missing.length > 0) {
      // Only for an owner's first entry in this token: in the steady state this costs no round trip.
      await createMissingAccounts(tx, input.token, keysOf(missing));
      group(await lockAccounts(tx, input.token, keysOf(locked)));
    }
  }

  // Each debit becomes one or more postings: it drains its owner's stripes in stripe order.
  const postings: { accountId: string; amount: bigint }[] = [];
  for (const leg of locked) {
    const rows = (byOwner.get(key(leg.owner)) ?? []).sort((x, y) => x.stripe - y.stripe);
    if (rows.length === 0) throw new Error(`ledger account ${key(leg.owner)} missing after upsert`);
    if (leg.amount > 0n || key(leg.owner) === key(ISSUANCE)) {
      postings.push({ accountId: rows[0]!.id, amount: leg.amount });
      continue;
    }
    const available = rows.reduce((acc, r) => acc + BigInt(r.balance), 0n);
    if (available + leg.amount < 0n) return null;
    let left = -leg.amount;
    for (const r of rows) {
      const take = BigInt(r.balance) < left ? BigInt(r.balance) : left;
      if (take > 0n) postings.push({ accountId: r.id, amount: -take });
      left -= take;
      if (left === 0n) break;
    }
  }
  // The credits to organizations, once the entry is known to be funded: each on a free stripe.
  for (const leg of credits) {
    const stripe = (leg === oneCredit ? freeStripe : undefined) ?? (await lockCreditStripe(tx, input.token, leg.owner.id));
    postings.push({ accountId: stripe.id, amount: leg.amount });
  }

  const entryId = randomUUID();
  await insertEntry(tx, { id: entryId, kind: input.kind, reference: input.reference ?? null, postings });
  return entryId;
}

/** The refusal of an entry a debited account cannot pay (422 `insufficient-funds`). */
export const insufficientFunds = (token: string) => new AppError('insufficient-funds', `Balance of ${token} is too low for this operation`);

/**
 * {@link postEntryIfFunded}, refusing a short balance.
 * @returns the journal entry id
 * @throws AppError('insufficient-funds') (422) when a debited account would go below zero (nothing written)
 * @throws Error when the legs do not sum to zero (a programming error)
 */
export async function postEntry(tx: RawSql, input: EntryInput): Promise<string> {
  const entryId = await postEntryIfFunded(tx, input);
  if (entryId === null) throw insufficientFunds(input.token);
  return entryId;
}

/** One movement of `amount` base units of `token` from one account to another (a two-leg entry). */
export interface TransferEntry {
  /** Journal entry kind, e.g. `payment.settle`, `stake`, `mint`. */
  kind: string;
  /** What the entry is about (payment id, position id…), for audit. */
  reference?: string | undefined;
  /** Token symbol. */
  token: string;
  from: Owner;
  to: Owner;
  /** Integer base units, > 0. */
  amount: bigint;
}

const legsOf = (t: TransferEntry): EntryInput => ({
  kind: t.kind,
  reference: t.reference,
  token: t.token,
  legs: [
    { owner: t.from, amount: -t.amount },
    { owner: t.to, amount: t.amount },
  ],
});

/**
 * Moves `amount` from `from` to `to` in the caller's transaction: the two-leg entry of
 * {@link postEntry} (a mint is a transfer from {@link ISSUANCE}).
 * @returns the journal entry id
 * @throws AppError('insufficient-funds') (422) when `from` is short; nothing is written
 */
export const transfer = (tx: RawSql, t: TransferEntry): Promise<string> => postEntry(tx, legsOf(t));

/**
 * {@link transfer}, answering `null` instead of refusing when `from` is short (nothing is
 * written and the transaction stays usable): for callers whose answer to a short balance is not
 * 422 `insufficient-funds` (a payment turns `failed`, a consumption answers 402).
 * @returns the journal entry id, or `null` when `from` is short
 */
export const transferIfFunded = (tx: RawSql, t: TransferEntry): Promise<string | null> => postEntryIfFunded(tx, legsOf(t));

// --- wallet ---------------------------------------------------------------------------------------

/**
 * Balances of a wallet in every token of the `tokens` table, zeros included (native token
 * first, then by symbol). Balances are strings of integer base units.
 * @param address EIP-55 checksummed address (the JWT's wallet)
 */
export async function walletBalances(ctx: Pick<Context, 'prisma' | 'chains' | 'config'>, address: string): Promise<WalletBalances> {
  const [tokens, accounts, onchain] = await Promise.all([
    listTokens(ctx.prisma),
    ownerAccounts(ctx.prisma, { type: 'wallet', id: address }),
    ctx.chains.list.length ? onchainBalances(ctx, address as `0x${string}`) : undefined,
  ]);
  const bySymbol = new Map(accounts.map((a) => [a.token, a.balance.toFixed(0)]));
  const data = tokens.map((t) => ({ token: toTokenRef(t), balance: bySymbol.get(t.symbol) ?? '0' }));
  return onchain ? { address, data, onchain } : { address, data };
}

export const toTransferDto = (t: WalletTransfer): TransferDto => ({
  id: t.id,
  from: t.fromAddress,
  to: t.toAddress,
  token: t.token,
  amount: t.amount.toFixed(0),
  createdAt: t.createdAt.toISOString(),
});

export interface TransferInput {
  /** Organization of the API key: the scope of the Idempotency-Key. */
  organizationId: string;
  /** Checksummed address of the JWT's wallet (the sender). */
  from: string;
  /** Recipient, any EVM address form (checked and checksummed here). */
  to: string;
  /** Integer base units, > 0. */
  amount: bigint;
  /** Token symbol; the native token when omitted. */
  token?: string | undefined;
  idempotencyKey?: string | undefined;
  /**
   * Charged in the transfer's transaction: an AI connector's grant limits, or a session's
   * allowance signed at login (a transfer always goes to another wallet).
   */
  spendGuard?: SpendGuard | undefined;
}

/**
 * Moves `amount` of a token from the caller's wallet to `to`: one journal entry (kind
 * `transfer`, reference = transfer id) and the `wallet_transfers` row, in one transaction.
 * With an Idempotency-Key (per organization; the fingerprint includes the sender), the same key
 * and body return the first transfer.
 * @returns 201 and the transfer; `replayed` when answered from the key
 * @throws AppError validation-error (bad or own `to`, unknown token: 400), insufficient-funds (422),
 *   idempotency-key-reused (422), the spend guard's refusals (403: holder-authorization-required,
 *   spending-limit-exceeded, recipient-not-allowed)
 */
export async function transferTokens(ctx: Pick<Context, 'prisma' | 'config'>, input: TransferInput) {
  const to = parseEvmAddress(input.to, 'to');
  if (to === input.from) {
    throw new AppError('validation-error', 'to must be another wallet than the sender', {
      errors: [{ path: 'to', message: 'same as the sender' }],
    });
  }
  if (input.amount <= 0n)
    throw new AppError('validation-error', 'amount must be positive', { errors: [{ path: 'amount', message: 'must be positive' }] });
  const token = await findToken(ctx.prisma, input.token ?? ctx.config.NATIVE_TOKEN_SYMBOL);
  const fingerprint = requestFingerprint('wallet.transfer', input.from, { to, amount: input.amount.toString(), token: token.symbol });
  return withIdempotency<TransferDto>(ctx, { organizationId: input.organizationId, key: input.idempotencyKey, fingerprint }, async (tx) => {
    const row = await insertWalletTransfer(tx, {
      fromAddress: input.from,
      toAddress: to,
      token: token.symbol,
      amount: input.amount,
    });
    await transfer(tx, {
      kind: 'transfer',
      reference: row.id,
      token: token.symbol,
      from: { type: 'wallet', id: input.from },
      to: { type: 'wallet', id: to },
      amount: input.amount,
    });
    await input.spendGuard?.charge(tx, {
      action: 'wallet.transfer',
      reference: row.id,
      recipient: to,
      token: token.symbol,
      amount: input.amount,
    });
    return { statusCode: 201, body: toTransferDto(row) };
  });
}

// --- token and treasury ---------------------------------------------------------------------------

/**
 * Data of the native token (NATIVE_TOKEN_SYMBOL): the supply figures of the custodial ledger and,
 * with a chain configured, the contract's own.
 * @throws AppError chain-unavailable (503) when a chain is configured but its node does not answer
 */
export async function tokenInfo(ctx: Pick<Context, 'prisma' | 'config' | 'chains'>): Promise<TokenInfoDto> {
  const [token, onchain] = await Promise.all([
    nativeToken(ctx.prisma, ctx.config.NATIVE_TOKEN_SYMBOL),
    ctx.chains.list.length ? onchainToken(ctx) : undefined,
  ]);
  const ids = [ISSUANCE, ...NON_CIRCULATING].map((o) => o.id);
  const accounts = await systemAccounts(ctx.prisma, token.symbol, ids);
  const balance = new Map(accounts.map((a) => [a.ownerId, BigInt(a.balance.toFixed(0))]));
  const issued = -(balance.get(ISSUANCE.id) ?? 0n);
  const totalSupply = issued > 0n ? issued : 0n;
  const locked = NON_CIRCULATING.reduce((sum, o) => sum + (balance.get(o.id) ?? 0n), 0n);
  const circulating = totalSupply - locked;
  return {
    symbol: token.symbol,
    name: token.name,
    decimals: token.decimals,
    totalSupply: totalSupply.toString(),
    circulatingSupply: (circulating > 0n ? circulating : 0n).toString(),
    ...(onchain && { onchain }),
  };
}

/** Length of the flow window of the overview. */
export const TREASURY_FLOW_WINDOW_DAYS = 30;

/**
 * State of the DAO treasury (`system:treasury`): its balance in every token of the `tokens`
 * table (zeros included, native token first) and, per token, inflows and outflows over the last
 * 30 days, from the postings on its accounts.
 */
export async function treasuryOverview(
  ctx: Pick<Context, 'prisma' | 'chains' | 'config'>,
  now: Date = new Date(),
): Promise<TreasuryOverviewDto> {
  const since = new Date(now.getTime() - TREASURY_FLOW_WINDOW_DAYS * 86_400_000);
  const [tokens, accounts, flows, onchain] = await Promise.all([
    listTokens(ctx.prisma),
    ownerAccounts(ctx.prisma, TREASURY),
    ownerFlowsSince(ctx.prisma, TREASURY, since),
    ctx.chains.list.length ? onchainTreasury(ctx) : undefined,
  ]);
  const balance = new Map(accounts.map((a) => [a.token, a.balance.toFixed(0)]));
  const flow = new Map(flows.map((f) => [f.token, f]));
  return {
    balances: tokens.map((t) => ({ token: toTokenRef(t), balance: balance.get(t.symbol) ?? '0' })),
    last30Days: tokens.map((t) => ({
      token: toTokenRef(t),
      inflow: flow.get(t.symbol)?.inflow ?? '0',
      outflow: flow.get(t.symbol)?.outflow ?? '0',
    })),
    ...(onchain && { onchain }),
  };
}

/**
 * An owner's balance of `token`, in base units: the sum of its account's stripes, read in `db`
 * (pass the transaction to read what it has posted so far). 0n when the owner has no account yet.
 */
export function balanceOf(db: Pick<RawSql, '$queryRaw'>, owner: Owner, token: string): Promise<bigint> {
  return getBalance(db, owner, token);
}
