import { type BigintColumnsAsText, type Db, type PrismaClient, type RawSql, parseBigintColumns, sqlFragment, type Tx } from '@gw/db';
import type { ContractName, Deployment } from './schemas.js';

/**
 * Every statement on `chain_deployments`, `chain_keys`, `chain_transactions` and `chain_nonces`.
 * Nothing else touches them.
 */

type DeploymentRow = {
  chainId: number;
  contract: string;
  address: string;
  codeHash: string;
  sourceHash: string;
  txHash: string | null;
  blockNumber: bigint | null;
};

const toDeployment = (r: DeploymentRow): Deployment => ({
  chainId: r.chainId,
  contract: r.contract as ContractName,
  address: r.address as `0x${string}`,
  codeHash: r.codeHash as `0x${string}`,
  sourceHash: r.sourceHash,
  txHash: r.txHash as `0x${string}` | null,
  blockNumber: r.blockNumber,
});

/** The recorded deployments, of every chain or of one. */
export async function listDeployments(db: Db<'chainDeployment'>, chainId?: number): Promise<Deployment[]> {
  const rows = await db.chainDeployment.findMany({
    where: chainId === undefined ? {} : { chainId },
    orderBy: [{ chainId: 'asc' }, { contract: 'asc' }],
  });
  return rows.map(toDeployment);
}

/** Replaces the deployments of one chain by `deployments` (all of one chain), in `tx`. */
export async function replaceDeployments(tx: Tx, chainId: number, deployments: readonly Deployment[]): Promise<void> {
  await tx.chainDeployment.deleteMany({ where: { chainId } });
  await tx.chainDeployment.createMany({
    data: deployments.map((d) => ({
      chainId,
      contract: d.contract,
      address: d.address,
      codeHash: d.codeHash,
      sourceHash: d.sourceHash,
      txHash: d.txHash,
      blockNumber: d.blockNumber,
    })),
  });
}

/**
 * Serializes deployments of one chain across processes until `tx` ends (a transaction-scoped
 * advisory lock): two starts never deploy the same chain twice.
 */
export async function lockChainDeployment(tx: Tx, chainId: number): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('chain-deploy'), ${chainId}::int)`;
}

/** The stored key of a role (its private key sealed by the SecretBox), or null. */
export async function findChainKey(db: Db<'chainKey'>, role: string): Promise<{ address: string; privateKeyEncrypted: string } | null> {
  return db.chainKey.findUnique({ where: { role }, select: { address: true, privateKeyEncrypted: true } });
}

/** Stores a role's key unless one is already stored (a concurrent first start keeps the first). */
export async function insertChainKeyIfAbsent(
  db: PrismaClient,
  key: { role: string; address: string; privateKeyEncrypted: string },
): Promise<void> {
  await db.chainKey.createMany({ data: [key], skipDuplicates: true });
}

// --- chain_transactions and chain_nonces (the on-chain outbox) ---------------------------------------

/** A `chain_transactions` row as the pipeline reads it. Amounts in wei. */
export interface ChainTransactionRow {
  id: string;
  chainId: number;
  signer: `0x${string}`;
  kind: string;
  reference: string;
  toAddress: `0x${string}`;
  data: `0x${string}`;
  value: bigint;
  status: 'queued' | 'signed' | 'submitted' | 'confirmed' | 'failed';
  nonce: bigint | null;
  gasLimit: bigint | null;
  maxFeePerGas: bigint | null;
  maxPriorityFeePerGas: bigint | null;
  rawTx: `0x${string}` | null;
  txHash: `0x${string}` | null;
  hashes: `0x${string}`[];
  broadcasts: number;
  submittedBlock: bigint | null;
  minedBlock: bigint | null;
  nonceGoneBlock: bigint | null;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

/**
 * The integer columns: the NUMERIC ones selected as text (`value::text`), the BIGINT ones (the nonce and
 * blocks) as the client reads an int8, text from pg and a bigint from Prisma; both are read the same.
 */
const TX_BIGINTS = [
  'value',
  'gasLimit',
  'maxFeePerGas',
  'maxPriorityFeePerGas',
  'nonce',
  'submittedBlock',
  'minedBlock',
  'nonceGoneBlock',
] as const;
type RawTxRow = BigintColumnsAsText<ChainTransactionRow, (typeof TX_BIGINTS)[number]>;
const toTxRow = (r: RawTxRow): ChainTransactionRow => parseBigintColumns(r, TX_BIGINTS);

const TX_COLUMNS =
  sqlFragment(`id::text, chain_id AS "chainId", signer, kind, reference, to_address AS "toAddress", data, value::text, status,
  nonce, gas_limit::text AS "gasLimit", max_fee_per_gas::text AS "maxFeePerGas", max_priority_fee_per_gas::text AS "maxPriorityFeePerGas",
  raw_tx AS "rawTx", tx_hash AS "txHash", hashes, broadcasts, submitted_block AS "submittedBlock", mined_block AS "minedBlock", nonce_gone_block AS "nonceGoneBlock", error,
  created_at AS "createdAt", finished_at AS "finishedAt"`);

/** A new outbox row (status `queued`). */
export type NewChainTransaction = Pick<
  ChainTransactionRow,
  'id' | 'chainId' | 'signer' | 'kind' | 'reference' | 'toAddress' | 'data' | 'value'
>;

/**
 * Writes the outbox row in the caller's transaction. A second row of the same (kind, reference) is
 * refused by the unique key (the business change already has its transaction).
 */
export async function insertChainTransaction(tx: RawSql, t: NewChainTransaction): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO chain_transactions (id, chain_id, signer, kind, reference, to_address, data, value)
    VALUES (${t.id}::uuid, ${t.chainId}::int, ${t.signer}, ${t.kind}, ${t.reference}, ${t.toAddress}, ${t.data}, ${t.value.toString()}::numeric)`;
}

/** The row, or null; with `lock`, locked FOR UPDATE until the caller's transaction ends. */
export async function findChainTransaction(db: RawSql, id: string, lock = false): Promise<ChainTransactionRow | null> {
  const rows = lock
    ? await db.$queryRaw<RawTxRow[]>`SELECT ${TX_COLUMNS} FROM chain_transactions WHERE id = ${id}::uuid FOR UPDATE`
    : await db.$queryRaw<RawTxRow[]>`SELECT ${TX_COLUMNS} FROM chain_transactions WHERE id = ${id}::uuid`;
  return rows[0] ? toTxRow(rows[0]) : null;
}

/** The row of a business change, or null. */
export async function findChainTransactionByReference(db: RawSql, kind: string, reference: string): Promise<ChainTransactionRow | null> {
  const rows = await db.$queryRaw<
    RawTxRow[]
  >`SELECT ${TX_COLUMNS} FROM chain_transactions WHERE kind = ${kind} AND reference = ${reference}`;
  return rows[0] ? toTxRow(rows[0]) : null;
}

/**
 * The references of the unfinished rows (neither confirmed nor failed) of `kind` whose reference
 * starts with `prefix`. Served by the `(kind, reference)` index's prefix.
 */
export async function listUnfinishedReferences(db: RawSql, kind: string, prefix: string): Promise<string[]> {
  const rows = await db.$queryRaw<{ reference: string }[]>`
    SELECT reference FROM chain_transactions
    WHERE kind = ${kind} AND left(reference, length(${prefix})) = ${prefix} AND status NOT IN ('confirmed', 'failed')`;
  return rows.map((r) => r.reference);
}

/** Of the row ids `ids`, those that exist. */
export async function listExistingIds(db: RawSql, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.$queryRaw<{ id: string }[]>`SELECT id::text FROM chain_transactions WHERE id = ANY(${ids}::uuid[])`;
  return rows.map((r) => r.id);
}

/**
 * The attempts of a business change that may be sent again after a failure: the row of `kind` with
 * reference `base` and those with `base#<n>` (its retries), oldest first. Served by the
 * `(kind, reference)` index's prefix.
 */
export async function listAttemptsByReferenceBase(
  db: RawSql,
  kind: string,
  base: string,
): Promise<{ reference: string; status: ChainTransactionRow['status']; finishedAt: Date | null }[]> {
  return db.$queryRaw<{ reference: string; status: ChainTransactionRow['status']; finishedAt: Date | null }[]>`
    SELECT reference, status, finished_at AS "finishedAt" FROM chain_transactions
    WHERE kind = ${kind} AND (reference = ${base} OR left(reference, length(${base}) + 1) = ${base} || '#')
    ORDER BY created_at, reference`;
}

/**
 * The next nonce of (chain, signer), taken under the row's lock until the caller's transaction
 * ends; the first use seeds it with `seed()` (the node's pending count).
 */
export async function allocateNonce(tx: RawSql, chainId: number, signer: string, seed: () => Promise<bigint>): Promise<bigint> {
  const existing = await tx.$queryRaw<{ n: string }[]>`
    SELECT next_nonce::text AS n FROM chain_nonces WHERE chain_id = ${chainId}::int AND signer = ${signer} FOR UPDATE`;
  if (!existing[0]) {
    const start = await seed();
    await tx.$executeRaw`
      INSERT INTO chain_nonces (chain_id, signer, next_nonce) VALUES (${chainId}::int, ${signer}, ${start.toString()}::bigint)
      ON CONFLICT DO NOTHING`;
  }
  const rows = await tx.$queryRaw<{ n: string }[]>`
    UPDATE chain_nonces SET next_nonce = next_nonce + 1 WHERE chain_id = ${chainId}::int AND signer = ${signer}
    RETURNING (next_nonce - 1)::text AS n`;
  return BigInt(rows[0]!.n);
}

/** Raises the next nonce of (chain, signer) to at least `atLeast` (after the node said "nonce too low"). */
export async function raiseNonce(tx: RawSql, chainId: number, signer: string, atLeast: bigint): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO chain_nonces (chain_id, signer, next_nonce) VALUES (${chainId}::int, ${signer}, ${atLeast.toString()}::bigint)
    ON CONFLICT (chain_id, signer) DO UPDATE SET next_nonce = GREATEST(chain_nonces.next_nonce, EXCLUDED.next_nonce)`;
}

/** Stores the signed bytes of a first signature (status `signed`) or of a fee bump (status kept). */
export async function storeSignedTransaction(
  tx: RawSql,
  id: string,
  s: {
    nonce: bigint;
    gasLimit: bigint;
    maxFeePerGas: bigint;
    maxPriorityFeePerGas: bigint;
    rawTx: string;
    txHash: string;
    status: 'signed' | 'submitted';
  },
): Promise<void> {
  await tx.$executeRaw`
    UPDATE chain_transactions SET status = ${s.status}, nonce = ${s.nonce.toString()}::bigint, gas_limit = ${s.gasLimit.toString()}::numeric,
      max_fee_per_gas = ${s.maxFeePerGas.toString()}::numeric, max_priority_fee_per_gas = ${s.maxPriorityFeePerGas.toString()}::numeric,
      raw_tx = ${s.rawTx}, tx_hash = ${s.txHash}, hashes = array_append(hashes, ${s.txHash}), updated_at = now()
    WHERE id = ${id}::uuid`;
}

/** Notes the head at which the node first said "nonce too low" without a receipt of ours (kept once set). */
export async function markNonceGone(db: RawSql, id: string, block: bigint, error: string): Promise<void> {
  await db.$executeRaw`
    UPDATE chain_transactions SET nonce_gone_block = COALESCE(nonce_gone_block, ${block.toString()}::bigint), error = ${error}, updated_at = now()
    WHERE id = ${id}::uuid`;
}

/** Back to `queued` without a nonce or bytes (the nonce was taken by another transaction of the signer). Earlier hashes are kept. */
export async function requeueChainTransaction(tx: RawSql, id: string, error: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE chain_transactions SET status = 'queued', nonce = NULL, raw_tx = NULL, tx_hash = NULL, nonce_gone_block = NULL, error = ${error}, updated_at = now()
    WHERE id = ${id}::uuid`;
}

/** A broadcast happened (or the node already had the bytes) at head `block`. */
export async function markBroadcast(db: RawSql, id: string, block: bigint): Promise<void> {
  await db.$executeRaw`
    UPDATE chain_transactions SET status = 'submitted', broadcasts = broadcasts + 1, submitted_block = ${block.toString()}::bigint, error = NULL, updated_at = now()
    WHERE id = ${id}::uuid AND status IN ('signed', 'submitted')`;
}

/** Notes the block a receipt was seen in (not yet final), or clears it (null) when the receipt went away. */
export async function markMined(db: RawSql, id: string, block: bigint | null): Promise<void> {
  await db.$executeRaw`UPDATE chain_transactions SET mined_block = ${block === null ? null : block.toString()}::bigint, updated_at = now() WHERE id = ${id}::uuid`;
}

/** Notes the last transient error (the row keeps its state). */
export async function noteChainTransactionError(db: RawSql, id: string, error: string): Promise<void> {
  await db.$executeRaw`UPDATE chain_transactions SET error = ${error}, updated_at = now() WHERE id = ${id}::uuid`;
}

/** The final state, in the caller's transaction (with the business outcome). */
export async function finishChainTransaction(
  tx: RawSql,
  id: string,
  f: { status: 'confirmed' | 'failed'; txHash: string | null; minedBlock: bigint | null; error: string | null },
): Promise<void> {
  await tx.$executeRaw`
    UPDATE chain_transactions SET status = ${f.status}, tx_hash = COALESCE(${f.txHash}, tx_hash),
      mined_block = ${f.minedBlock === null ? null : f.minedBlock.toString()}::bigint, error = ${f.error}, finished_at = now(), updated_at = now()
    WHERE id = ${id}::uuid`;
}

/** Unfinished rows not touched for `olderThanMs` (the sweeper gives each a job again), oldest first. */
export async function listStaleChainTransactions(
  db: RawSql,
  olderThanMs: number,
  limit: number,
): Promise<{ id: string; chainId: number; signer: `0x${string}` }[]> {
  return db.$queryRaw<{ id: string; chainId: number; signer: `0x${string}` }[]>`
    SELECT id::text, chain_id AS "chainId", signer FROM chain_transactions
    WHERE status IN ('queued', 'signed', 'submitted') AND updated_at < now() - make_interval(secs => ${olderThanMs / 1000}::float8)
    ORDER BY updated_at LIMIT ${limit}::int`;
}

/**
 * The references of the rows of `kind` on `chainId` that signed `hash` (their latest hash, or any
 * signed earlier: a fee bump's predecessor may be the one mined). `hashes` holds every hash a row
 * signed (its `tx_hash` included: {@link storeSignedTransaction} appends each), so the look-up is one
 * containment served by the GIN index `chain_transactions_hashes_idx`.
 */
export async function listReferencesBySignedHash(db: RawSql, chainId: number, kind: string, hash: string): Promise<string[]> {
  const rows = await db.$queryRaw<{ reference: string }[]>`
    SELECT reference FROM chain_transactions
    WHERE hashes @> ARRAY[${hash}]::text[] AND kind = ${kind} AND chain_id = ${chainId}::int`;
  return rows.map((r) => r.reference);
}

/** Of `ids`, the unfinished rows with a receipt mined at or below `block` (not yet deep enough to finish). */
export async function listMinedUnfinished(db: RawSql, ids: readonly string[], block: bigint): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT id::text FROM chain_transactions
    WHERE id = ANY(${ids as string[]}::uuid[]) AND mined_block <= ${block.toString()}::bigint AND status NOT IN ('confirmed', 'failed')`;
  return rows.map((r) => r.id);
}

/** Every (chain, signer) that has signed through the outbox: one row of `chain_nonces` each. */
export async function listNonceSigners(db: RawSql): Promise<{ chainId: number; signer: string }[]> {
  return db.$queryRaw<{ chainId: number; signer: string }[]>`
    SELECT chain_id AS "chainId", signer FROM chain_nonces ORDER BY chain_id, signer`;
}

/** Forgets the nonce sequences of a chain: the next allocation seeds again from the node. */
export async function deleteNonces(tx: RawSql, chainId: number): Promise<number> {
  return tx.$executeRaw`DELETE FROM chain_nonces WHERE chain_id = ${chainId}::int`;
}
