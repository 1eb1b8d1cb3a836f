import {
  type BigintColumnsAsText,
  type Db,
  type GovernanceProposal,
  type KeysetPage,
  type RawSql,
  type Tx,
  keysetArgs,
  parseBigintColumns,
  sqlFragment,
} from '@gw/db';
import type { RelayedRow } from '../chain/index.js';

/**
 * Every statement on the governance tables: `governance_proposals` and
 * `governance_vote_casts` (the Governor's events, written by the log poller's `governor` stream),
 * `governance_votes` and `governance_delegations` (what the gateway relays by signature).
 * Block numbers are bigints; weights base units.
 */

export type ProposalRow = GovernanceProposal;

// --- indexed events ---------------------------------------------------------------------------------

export type NewProposal = Omit<GovernanceProposal, 'id' | 'createdAt' | 'eta' | 'queuedBlock' | 'executedBlock' | 'canceledBlock'>;

/** Inserts proposals from `ProposalCreated` logs; one already recorded (chain, proposal id) is left alone. @returns how many were new */
export async function insertProposals(tx: Tx, proposals: readonly NewProposal[]): Promise<number> {
  if (proposals.length === 0) return 0;
  return (await tx.governanceProposal.createMany({ data: [...proposals], skipDuplicates: true })).count;
}

export interface NewVoteCast {
  chainId: number;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  proposalId: string;
  voter: string;
  support: number;
  weight: bigint;
  reason: string;
}

/** Inserts `VoteCast` logs, once each by (chain, tx hash, log index). @returns how many were new */
export async function insertVoteCasts(tx: Tx, casts: readonly NewVoteCast[]): Promise<number> {
  if (casts.length === 0) return 0;
  return (await tx.governanceVoteCast.createMany({ data: casts.map((c) => ({ ...c, weight: c.weight.toString() })), skipDuplicates: true }))
    .count;
}

/** Marks a proposal queued (`ProposalQueued`), executed or canceled at a block. @returns 1 when the proposal is known */
export async function markProposal(
  tx: Tx,
  chainId: number,
  proposalId: string,
  mark: { queuedBlock: bigint; eta: bigint } | { executedBlock: bigint } | { canceledBlock: bigint },
): Promise<number> {
  return (await tx.governanceProposal.updateMany({ where: { chainId, proposalId }, data: mark })).count;
}

/**
 * A reorg from block `from` up: deletes the proposals and vote casts recorded from there and clears
 * the queue, execution and cancellation marks set from there (the poller reads those blocks again).
 */
export async function unwindGovernance(tx: Tx, chainId: number, from: bigint): Promise<void> {
  await tx.governanceProposal.deleteMany({ where: { chainId, blockNumber: { gte: from } } });
  await tx.governanceVoteCast.deleteMany({ where: { chainId, blockNumber: { gte: from } } });
  await tx.governanceProposal.updateMany({ where: { chainId, queuedBlock: { gte: from } }, data: { queuedBlock: null, eta: null } });
  await tx.governanceProposal.updateMany({ where: { chainId, executedBlock: { gte: from } }, data: { executedBlock: null } });
  await tx.governanceProposal.updateMany({ where: { chainId, canceledBlock: { gte: from } }, data: { canceledBlock: null } });
}

/** Forgets everything indexed on a chain (it was reset and redeployed). */
export async function forgetGovernanceChain(tx: Tx, chainId: number): Promise<void> {
  await tx.governanceProposal.deleteMany({ where: { chainId } });
  await tx.governanceVoteCast.deleteMany({ where: { chainId } });
}

/**
 * A page of a chain's proposals, newest first (`keysetArgs`); with `activeAt`, only those whose
 * voting is open at that block (voteStart < block ≤ voteEnd, the Governor's `Active`).
 */
export function listProposals(db: Db<'governanceProposal'>, chainId: number, page: KeysetPage, activeAt?: bigint): Promise<ProposalRow[]> {
  return db.governanceProposal.findMany(
    keysetArgs({ chainId, ...(activeAt !== undefined && { voteStart: { lt: activeAt }, voteEnd: { gte: activeAt } }) }, page),
  );
}

/** The proposals the keeper may have to queue or execute: voting over at `head`, not executed nor canceled, oldest first. */
export function listProposalsToSettle(db: Db<'governanceProposal'>, chainId: number, head: bigint, limit = 100): Promise<ProposalRow[]> {
  return db.governanceProposal.findMany({
    where: { chainId, voteEnd: { lt: head }, executedBlock: null, canceledBlock: null },
    orderBy: { blockNumber: 'asc' },
    take: limit,
  });
}

/** The indexed proposal, or null. */
export function findProposal(db: Db<'governanceProposal'>, chainId: number, proposalId: string): Promise<ProposalRow | null> {
  return db.governanceProposal.findUnique({ where: { chainId_proposalId: { chainId, proposalId } } });
}

// --- relayed votes ------------------------------------------------------------------------------------

export interface VoteRow extends RelayedRow {
  id: string;
  organizationId: string;
  chainId: number;
  proposalId: string;
  voter: string;
  support: number;
  weight: bigint | null;
}
type RawVote = BigintColumnsAsText<VoteRow, 'weight'>;
const toVote = (r: RawVote): VoteRow => parseBigintColumns(r, ['weight']);
const VOTE_COLUMNS = sqlFragment(`id::text, organization_id::text AS "organizationId", chain_id AS "chainId", proposal_id AS "proposalId",
  voter, support, status, chain_transaction_id::text AS "chainTransactionId", tx_hash AS "txHash", weight::text,
  failure_reason AS "failureReason", created_at AS "createdAt", updated_at AS "updatedAt"`);

/**
 * Inserts a `pending` vote in the caller's transaction.
 * @returns the row, or null when a vote of this voter on this proposal is already live (not failed):
 *   the partial unique index `governance_votes_live_key`
 */
export async function insertVote(
  tx: RawSql,
  v: Pick<VoteRow, 'id' | 'organizationId' | 'chainId' | 'proposalId' | 'voter' | 'support' | 'chainTransactionId'>,
): Promise<VoteRow | null> {
  const rows = await tx.$queryRaw<RawVote[]>`
    INSERT INTO governance_votes (id, organization_id, chain_id, proposal_id, voter, support, chain_transaction_id)
    VALUES (${v.id}::uuid, ${v.organizationId}::uuid, ${v.chainId}::int, ${v.proposalId}, ${v.voter}, ${v.support}::int, ${v.chainTransactionId}::uuid)
    ON CONFLICT (chain_id, proposal_id, voter) WHERE status <> 'failed' DO NOTHING
    RETURNING ${VOTE_COLUMNS}`;
  return rows[0] ? toVote(rows[0]) : null;
}

/** True when a vote of this voter on this proposal is live (pending or confirmed) on the chain. */
export async function hasLiveVote(db: RawSql, chainId: number, proposalId: string, voter: string): Promise<boolean> {
  const rows = await db.$queryRaw<{ one: number }[]>`
    SELECT 1 AS one FROM governance_votes
    WHERE chain_id = ${chainId}::int AND proposal_id = ${proposalId} AND voter = ${voter} AND status <> 'failed' LIMIT 1`;
  return rows.length > 0;
}

/** The vote `id` of `voter` in the organization, or null. */
export async function findVote(db: RawSql, organizationId: string, voter: string, id: string): Promise<VoteRow | null> {
  const rows = await db.$queryRaw<RawVote[]>`
    SELECT ${VOTE_COLUMNS} FROM governance_votes WHERE id = ${id}::uuid AND organization_id = ${organizationId}::uuid AND voter = ${voter}`;
  return rows[0] ? toVote(rows[0]) : null;
}

/** Finishes a pending vote (its transaction's outcome, in the transaction finishing the outbox row). */
export async function finishVote(
  tx: RawSql,
  id: string,
  f: { status: 'confirmed' | 'failed'; txHash: string | null; weight: bigint | null; failureReason: string | null },
): Promise<void> {
  await tx.$executeRaw`
    UPDATE governance_votes SET status = ${f.status}, tx_hash = ${f.txHash}, weight = ${f.weight?.toString() ?? null}::numeric,
      failure_reason = ${f.failureReason}, updated_at = now()
    WHERE id = ${id}::uuid AND status = 'pending'`;
}

// --- relayed delegations ------------------------------------------------------------------------------

export interface DelegationRow extends RelayedRow {
  id: string;
  organizationId: string;
  chainId: number;
  delegator: string;
  delegatee: string;
}
const DELEGATION_COLUMNS = sqlFragment(`id::text, organization_id::text AS "organizationId", chain_id AS "chainId", delegator, delegatee,
  status, chain_transaction_id::text AS "chainTransactionId", tx_hash AS "txHash", failure_reason AS "failureReason",
  created_at AS "createdAt", updated_at AS "updatedAt"`);

/**
 * Inserts a `pending` delegation in the caller's transaction.
 * @returns the row, or null when the delegator already has one pending (`governance_delegations_pending_key`)
 */
export async function insertDelegation(
  tx: RawSql,
  d: Pick<DelegationRow, 'id' | 'organizationId' | 'chainId' | 'delegator' | 'delegatee' | 'chainTransactionId'> & {
    nonce: bigint;
    expiry: bigint;
  },
): Promise<DelegationRow | null> {
  const rows = await tx.$queryRaw<DelegationRow[]>`
    INSERT INTO governance_delegations (id, organization_id, chain_id, delegator, delegatee, nonce, expiry, chain_transaction_id)
    VALUES (${d.id}::uuid, ${d.organizationId}::uuid, ${d.chainId}::int, ${d.delegator}, ${d.delegatee}, ${d.nonce.toString()}::numeric,
      ${d.expiry.toString()}::bigint, ${d.chainTransactionId}::uuid)
    ON CONFLICT (chain_id, delegator) WHERE status = 'pending' DO NOTHING
    RETURNING ${DELEGATION_COLUMNS}`;
  return rows[0] ?? null;
}

/** True when the delegator has a delegation pending on the chain. */
export async function hasPendingDelegation(db: RawSql, chainId: number, delegator: string): Promise<boolean> {
  const rows = await db.$queryRaw<{ one: number }[]>`
    SELECT 1 AS one FROM governance_delegations WHERE chain_id = ${chainId}::int AND delegator = ${delegator} AND status = 'pending' LIMIT 1`;
  return rows.length > 0;
}

/** The delegation `id` of `delegator` in the organization, or null. */
export async function findDelegation(db: RawSql, organizationId: string, delegator: string, id: string): Promise<DelegationRow | null> {
  const rows = await db.$queryRaw<DelegationRow[]>`
    SELECT ${DELEGATION_COLUMNS} FROM governance_delegations
    WHERE id = ${id}::uuid AND organization_id = ${organizationId}::uuid AND delegator = ${delegator}`;
  return rows[0] ?? null;
}

/** Finishes a pending delegation (its transaction's outcome). */
export async function finishDelegation(
  tx: RawSql,
  id: string,
  f: { status: 'confirmed' | 'failed'; txHash: string | null; failureReason: string | null },
): Promise<void> {
  await tx.$executeRaw`
    UPDATE governance_delegations SET status = ${f.status}, tx_hash = ${f.txHash}, failure_reason = ${f.failureReason}, updated_at = now()
    WHERE id = ${id}::uuid AND status = 'pending'`;
}

// --- the keeper's lock ----------------------------------------------------------------------------------

/** Takes the governance keeper's lock of a chain until `tx` ends, or answers false at once when another keeper holds it. */
export async function tryLockKeeper(tx: RawSql, chainId: number): Promise<boolean> {
  const [row] = await tx.$queryRaw<{ locked: boolean }[]>`
    SELECT pg_try_advisory_xact_lock(hashtext('governance-keeper'), ${chainId}::int) AS locked`;
  return row?.locked === true;
}
