import {
  encodeFunctionData,
  getAddress,
  isAddress,
  keccak256,
  parseEventLogs,
  parseSignature,
  recoverTypedDataAddress,
  toHex,
  type TransactionReceipt,
} from 'viem';
import { v7 as uuidv7 } from 'uuid';
import { type RawSql, withTransaction } from '@gw/db';
import { GatewayGovernor, GatewayToken } from '@gw/contracts';
import { AppError, type Context, cursorId, assertUuidOrNotFound, type Page, type PageQuery, runAfterCommit, toPage } from '@gw/runtime';
import {
  cachedRead,
  assertDeadlineAhead,
  eip712DomainOf,
  typedDataDeadline,
  chainCall,
  chainTransactionState,
  type ChainTransactionInput,
  type ChainTransactionKind,
  dispatchAfterCommit,
  recordRelayedOperation,
  relayedRequest,
  type RelayedScope,
  relayedStatus,
  homeContracts,
  nextAttemptReference,
  recordChainTransaction,
  type RecordedChainTransaction,
  type RetryPolicy,
} from '../chain/index.js';
import {
  BALLOT_TYPES,
  DELEGATION_TYPES,
  PROPOSAL_STATES,
  SUPPORT,
  VOTE_CHOICES,
  type BallotTypedDataDto,
  type DelegationDto,
  type DelegationTypedDataDto,
  type ProposalDto,
  type ProposalState,
  type VoteChoice,
  type VoteDto,
} from './schemas.js';
import {
  type DelegationRow,
  findDelegation,
  findVote,
  finishDelegation,
  finishVote,
  hasLiveVote,
  hasPendingDelegation,
  insertDelegation,
  insertVote,
  listProposals,
  listProposalsToSettle,
  type ProposalRow,
  tryLockKeeper,
  type VoteRow,
} from './repository.js';
import { governanceProblem } from './problems.js';

/**
 * Governance on chain: the Governor's proposals (indexed by the log poller's `governor`
 * stream, `indexer.ts`; state and tally read from the contract), votes and delegations by the
 * wallet's own EIP-712 signature relayed through the on-chain outbox (the gateway pays the gas, the
 * voting power is the wallet's own delegated votes at the proposal's snapshot, as the Governor
 * computes it: the gateway never votes with tokens it holds in custody), proposals of treasury
 * payments by the relayer, and the keeper that queues and executes passed proposals. See
 * docs/chain.md, "Governance by signature".
 */

type ReadCtx = Pick<Context, 'prisma' | 'config' | 'chains' | 'secretBox'>;
type Ctx = ReadCtx & Pick<Context, 'queues' | 'logger'>;

/** Outbox kinds of governance transactions. Reference: the vote or delegation id; the request id (propose); `<chainId>:<proposalId>` (queue, execute). */
export const GOVERNANCE_KINDS = {
  vote: 'governance-vote',
  delegate: 'governance-delegate',
  propose: 'governance-propose',
  queue: 'governance-queue',
  execute: 'governance-execute',
} as const;

const governorAbi = GatewayGovernor.abi;
const tokenAbi = GatewayToken.abi;

/** The home chain, its Governor and token, and a client. @throws AppError chain-unavailable */
const governance = (ctx: ReadCtx) => homeContracts(ctx, ['governor', 'token']);

type Gov = Awaited<ReturnType<typeof governance>>;

const stateName = (n: number): ProposalState => PROPOSAL_STATES[n] ?? 'pending';
const noSuchProposal = () => new AppError('not-found', 'No such proposal');

// --- proposals ------------------------------------------------------------------------------------

/** The contract's state, tally and eta of a proposal, cached CHAIN_READ_CACHE_MS (one JSON-RPC batch with the page's others). */
function proposalStatus(ctx: ReadCtx, g: Gov, proposalId: bigint) {
  return cachedRead(ctx, `governance:${g.chain.chainId}:${proposalId}`, async () => {
    const [state, votes, eta] = await chainCall(g.chain, () =>
      Promise.all([
        g.pub.readContract({ address: g.governor, abi: governorAbi, functionName: 'state', args: [proposalId] }),
        g.pub.readContract({ address: g.governor, abi: governorAbi, functionName: 'proposalVotes', args: [proposalId] }),
        g.pub.readContract({ address: g.governor, abi: governorAbi, functionName: 'proposalEta', args: [proposalId] }),
      ]),
    );
    return { state: stateName(Number(state)), votes, eta };
  });
}

const toProposalDto = (p: ProposalRow, s: Awaited<ReturnType<typeof proposalStatus>>): ProposalDto => ({
  id: p.proposalId,
  object: 'proposal',
  chain: `eip155:${p.chainId}`,
  title: p.title,
  description: p.description,
  proposer: p.proposer,
  targets: p.targets,
  values: p.values,
  calldatas: p.calldatas,
  voteStart: p.voteStart.toString(),
  voteEnd: p.voteEnd.toString(),
  state: s.state,
  tally: { against: s.votes[0].toString(), for: s.votes[1].toString(), abstain: s.votes[2].toString() },
  eta: s.eta === 0n ? null : Number(s.eta),
  txHash: p.txHash,
  blockNumber: p.blockNumber.toString(),
});

/**
 * A page of the home chain's proposals from PostgreSQL (indexed from the Governor's events), newest
 * first; `state: 'active'` keeps those whose voting is open at the head block. Each carries the
 * contract's state and tally, read in one JSON-RPC batch for the page and cached CHAIN_READ_CACHE_MS.
 * @throws AppError chain-unavailable (503), validation-error (bad cursor)
 */
export async function listGovernanceProposals(ctx: ReadCtx, q: PageQuery & { state?: 'active' | 'all' }): Promise<Page<ProposalDto>> {
  const g = await governance(ctx);
  const head = q.state === 'all' ? undefined : await chainCall(g.chain, () => g.pub.getBlockNumber());
  const rows = await listProposals(ctx.prisma, g.chain.chainId, { after: cursorId(q.cursor), limit: q.limit }, head);
  const shown = rows.slice(0, q.limit);
  const statuses = new Map(await Promise.all(shown.map(async (p) => [p.id, await proposalStatus(ctx, g, BigInt(p.proposalId))] as const)));
  return toPage(rows, q.limit, (p) => toProposalDto(p, statuses.get(p.id)!));
}

// --- votes ----------------------------------------------------------------------------------------

/**
 * Refusals of a vote before anything is written, each with its own problem type and the same name
 * in `reason`: `voting-not-started`, `voting-closed`, `already-voted` (409), `no-voting-power`,
 * `invalid-signature` (422).
 */
const refuse = {
  notStarted: (snapshot: bigint) =>
    governanceProblem('voting-not-started', `Voting on this proposal opens after block ${snapshot}`, { reason: 'voting-not-started' }),
  closed: (state: ProposalState) =>
    governanceProblem('voting-closed', `Voting on this proposal is closed (state: ${state})`, { reason: 'voting-closed', state }),
  alreadyVoted: () => governanceProblem('already-voted', 'This wallet has already voted on this proposal', { reason: 'already-voted' }),
  noPower: (snapshot: bigint) =>
    governanceProblem(
      'no-voting-power',
      `This wallet had no delegated votes at the proposal's snapshot (block ${snapshot}), so it has no voting power: delegate (to itself) before a proposal's snapshot`,
      { reason: 'no-voting-power', snapshot: snapshot.toString() },
    ),
};

/** The Governor's domain, the voter's ballot nonce, and the proposal's snapshot, deadline and whether the voter voted: one batch, not cached. */
async function ballotState(g: Gov, voter: `0x${string}`, proposalId: bigint) {
  const [domain, nonce, snapshot, hasVoted] = await chainCall(g.chain, () =>
    Promise.all([
      g.pub.readContract({ address: g.governor, abi: governorAbi, functionName: 'eip712Domain' }),
      g.pub.readContract({ address: g.governor, abi: governorAbi, functionName: 'nonces', args: [voter] }),
      g.pub.readContract({ address: g.governor, abi: governorAbi, functionName: 'proposalSnapshot', args: [proposalId] }),
      g.pub.readContract({ address: g.governor, abi: governorAbi, functionName: 'hasVoted', args: [proposalId, voter] }),
    ]),
  );
  return { domain: eip712DomainOf(domain), nonce, snapshot, hasVoted };
}

/**
 * The EIP-712 ballot the wallet signs to vote `choice` on a proposal: the Governor's own domain
 * (ERC-5267), the wallet's current ballot nonce (read now, never cached).
 * @throws AppError not-found (no such proposal), chain-unavailable (503)
 */
export async function ballotTypedData(ctx: ReadCtx, wallet: string, proposalId: string, choice: VoteChoice): Promise<BallotTypedDataDto> {
  const voter = getAddress(wallet);
  const g = await governance(ctx);
  const s = await ballotState(g, voter, BigInt(proposalId));
  if (s.snapshot === 0n) throw noSuchProposal();
  return {
    object: 'ballot_typed_data',
    chain: g.chain.caip2,
    typedData: {
      domain: s.domain,
      types: { Ballot: BALLOT_TYPES.Ballot.map((f) => ({ ...f })) },
      primaryType: 'Ballot',
      message: { proposalId, support: SUPPORT[choice], voter, nonce: s.nonce.toString() },
    },
  };
}

export interface VoteInput {
  organizationId: string;
  /** Checksummed address of the JWT's wallet: the voter. */
  address: string;
  /** The Governor's proposal id, decimal. */
  proposalId: string;
  choice: VoteChoice;
  /** 65-byte EIP-712 signature of the ballot, 0x hex. */
  signature: `0x${string}`;
  idempotencyKey?: string | undefined;
}

const choiceOf = (support: number): VoteChoice => VOTE_CHOICES.find((c) => SUPPORT[c] === support) ?? 'abstain';

/** How a vote or a delegation is written beside its outbox row, and refused when another of the wallet's is live. */
interface RelayedWrite<Row, Dto> {
  /** Writes the row; null when another of the wallet's is live (a partial unique index: a concurrent request won). */
  insert: (tx: RawSql, written: { id: string; organizationId: string; chainId: number; chainTransactionId: string }) => Promise<Row | null>;
  /** The refusal when `insert` writes nothing. */
  inFlight: () => AppError;
  toDto: (row: Row, chainRow: null) => Dto;
}

/**
 * Relays a message the wallet signed (a ballot, a delegation) once per Idempotency-Key. In the key's
 * transaction, `check` reads the chain and refuses what must be refused before anything is written,
 * and returns the call to relay; then the outbox row of that call (reference: the new row's id)
 * and the row written beside it, enqueued after the commit.
 * @returns 202 and the row (`pending`); `replayed` when answered from the key
 * @throws what `check` throws, `write.inFlight()` (this transaction rolls back), and as
 *   `recordRelayedOperation` (idempotency-key-reused 422)
 */
function relayBySignature<Row, Dto>(
  ctx: Ctx,
  scope: RelayedScope,
  write: RelayedWrite<Row, Dto>,
  check: (tx: RawSql) => Promise<Omit<ChainTransactionInput, 'reference'>>,
) {
  return recordRelayedOperation<Dto>(ctx, scope, async (tx) => {
    const call = await check(tx);
    const id = uuidv7();
    const recorded = await recordChainTransaction(ctx, tx, { ...call, reference: id });
    const written = await write.insert(tx, {
      id,
      organizationId: scope.organizationId,
      chainId: call.chainId,
      chainTransactionId: recorded.id,
    });
    if (!written) throw write.inFlight();
    return { statusCode: 202, body: write.toDto(written, null), recorded };
  });
}

const toVoteDto = (v: VoteRow, chainRow: { status: string; txHash: string | null } | null): VoteDto => ({
  id: v.id,
  object: 'vote',
  status: relayedStatus(v, chainRow),
  chain: `eip155:${v.chainId}`,
  proposalId: v.proposalId,
  voter: v.voter,
  choice: choiceOf(v.support),
  weight: v.weight?.toString() ?? null,
  txHash: v.txHash ?? chainRow?.txHash ?? null,
  failureReason: v.failureReason,
  createdAt: v.createdAt.toISOString(),
  updatedAt: v.updatedAt.toISOString(),
});

/**
 * Accepts a vote by signature. Before anything is written: the signature must recover to
 * the JWT's wallet for the Governor's current ballot nonce, this proposal and choice (422
 * `invalid-signature`); the proposal must exist (404) and be `Active` (409 `voting-not-started` /
 * `voting-closed`); the wallet must not have voted on chain nor have a vote in flight (409
 * `already-voted`); its delegated votes at the snapshot must be > 0 (422 `no-voting-power`). Then
 * one transaction writes the vote and its outbox row `castVoteBySig(proposalId, support, voter,
 * signature)` (kind `governance-vote`), enqueued after the commit.
 * @returns 202 and the vote (`pending`); `replayed` when answered from the Idempotency-Key
 * @throws AppError as above, chain-unavailable (503), idempotency-key-reused (422)
 */
export async function voteBySignature(ctx: Ctx, input: VoteInput) {
  const voter = getAddress(input.address);
  const proposalId = BigInt(input.proposalId);
  const support = SUPPORT[input.choice];
  return relayBySignature(
    ctx,
    relayedRequest(input, 'governance.vote', voter, {
      proposalId: input.proposalId,
      choice: input.choice,
      signature: input.signature.toLowerCase(),
    }),
    {
      insert: (tx, written) => insertVote(tx, { ...written, proposalId: input.proposalId, voter, support }),
      inFlight: refuse.alreadyVoted,
      toDto: toVoteDto,
    },
    async (tx) => {
      const g = await governance(ctx);
      const s = await ballotState(g, voter, proposalId);
      const signer = await recoverTypedDataAddress({
        domain: s.domain,
        types: BALLOT_TYPES,
        primaryType: 'Ballot',
        message: { proposalId, support, voter, nonce: s.nonce },
        signature: input.signature,
      }).catch(() => null);
      if (signer === null || getAddress(signer) !== voter)
        throw governanceProblem(
          'invalid-governance-signature',
          `The signature is not the wallet's ballot (${input.choice}) on proposal ${input.proposalId} with nonce ${s.nonce}`,
          { field: 'signature', nonce: s.nonce.toString() },
        );
      if (s.snapshot === 0n) throw noSuchProposal();
      const state = stateName(
        Number(
          await chainCall(g.chain, () =>
            g.pub.readContract({ address: g.governor, abi: governorAbi, functionName: 'state', args: [proposalId] }),
          ),
        ),
      );
      if (state === 'pending') throw refuse.notStarted(s.snapshot);
      if (state !== 'active') throw refuse.closed(state);
      if (s.hasVoted || (await hasLiveVote(tx, g.chain.chainId, input.proposalId, voter))) throw refuse.alreadyVoted();
      const weight = await chainCall(g.chain, () =>
        g.pub.readContract({ address: g.governor, abi: governorAbi, functionName: 'getVotes', args: [voter, s.snapshot] }),
      );
      if (weight === 0n) throw refuse.noPower(s.snapshot);
      return {
        kind: GOVERNANCE_KINDS.vote,
        chainId: g.chain.chainId,
        to: g.governor,
        data: encodeFunctionData({ abi: governorAbi, functionName: 'castVoteBySig', args: [proposalId, support, voter, input.signature] }),
      };
    },
  );
}

/**
 * A vote of the JWT's wallet in the caller's organization, with its transaction's state and, once
 * confirmed, its weight from the `VoteCast` log; any other id answers 404.
 * @throws AppError not-found
 */
export async function getVote(ctx: Pick<Context, 'prisma'>, organizationId: string, address: string, id: string): Promise<VoteDto> {
  assertUuidOrNotFound(id, 'No such vote');
  const row = await findVote(ctx.prisma, organizationId, getAddress(address), id);
  if (!row) throw new AppError('not-found', 'No such vote');
  return toVoteDto(row, row.status === 'pending' ? await chainTransactionState(ctx, row.chainTransactionId) : null);
}

/** The vote's outcome, in the transaction finishing its outbox row: confirmed with the weight of its `VoteCast` log, or failed. */
export const voteTransactions: ChainTransactionKind = {
  kind: GOVERNANCE_KINDS.vote,
  async confirmed(tx: RawSql, row, receipt: TransactionReceipt) {
    const cast = parseEventLogs({ abi: governorAbi, eventName: 'VoteCast', logs: receipt.logs })[0];
    await finishVote(tx, row.reference, {
      status: 'confirmed',
      txHash: receipt.transactionHash,
      weight: cast?.args.weight ?? null,
      failureReason: null,
    });
  },
  async failed(tx: RawSql, row, reason: string) {
    await finishVote(tx, row.reference, { status: 'failed', txHash: row.txHash, weight: null, failureReason: reason });
  },
};

// --- delegations ------------------------------------------------------------------------------------

/** One delegation per wallet may be in flight: the token's nonce is sequential. */
const delegationInFlight = () =>
  new AppError('invalid-state', 'Another delegation of this wallet is in flight; retry once it is final', {
    reason: 'delegation-in-flight',
  });

/** The token's domain and the wallet's nonce (shared with EIP-2612 permits), one batch, not cached. */
async function delegationState(g: Gov, wallet: `0x${string}`) {
  const [domain, nonce] = await chainCall(g.chain, () =>
    Promise.all([
      g.pub.readContract({ address: g.token, abi: tokenAbi, functionName: 'eip712Domain' }),
      g.pub.readContract({ address: g.token, abi: tokenAbi, functionName: 'nonces', args: [wallet] }),
    ]),
  );
  return { domain: eip712DomainOf(domain), nonce };
}

/**
 * The EIP-712 delegation the wallet signs to delegate its votes to `delegatee` (itself to vote with
 * its own tokens): the token's domain, the wallet's current nonce, an expiry one hour ahead.
 * @throws AppError chain-unavailable (503)
 */
export async function delegationTypedData(ctx: ReadCtx, wallet: string, delegatee: string): Promise<DelegationTypedDataDto> {
  const g = await governance(ctx);
  const s = await delegationState(g, getAddress(wallet));
  return {
    object: 'delegation_typed_data',
    chain: g.chain.caip2,
    typedData: {
      domain: s.domain,
      types: { Delegation: DELEGATION_TYPES.Delegation.map((f) => ({ ...f })) },
      primaryType: 'Delegation',
      message: {
        delegatee: getAddress(delegatee),
        nonce: s.nonce.toString(),
        expiry: typedDataDeadline().toString(),
      },
    },
  };
}

export interface DelegateInput {
  organizationId: string;
  /** Checksummed address of the JWT's wallet: the delegator. */
  address: string;
  delegatee: string;
  nonce: bigint;
  /** Unix seconds. */
  expiry: number;
  signature: `0x${string}`;
  idempotencyKey?: string | undefined;
}

const toDelegationDto = (d: DelegationRow, chainRow: { status: string; txHash: string | null } | null): DelegationDto => ({
  id: d.id,
  object: 'delegation',
  status: relayedStatus(d, chainRow),
  chain: `eip155:${d.chainId}`,
  delegator: d.delegator,
  delegatee: d.delegatee,
  txHash: d.txHash ?? chainRow?.txHash ?? null,
  failureReason: d.failureReason,
  createdAt: d.createdAt.toISOString(),
  updatedAt: d.updatedAt.toISOString(),
});

/**
 * Accepts a delegation by signature. Before anything is written: the expiry must be at
 * least 60 s ahead and the signature must recover to the JWT's wallet for the token's current nonce,
 * this delegatee and expiry (422 `invalid-governance-signature`); one delegation per wallet may be pending (409
 * `invalid-state`, the nonce is sequential). Then one transaction writes the delegation and its
 * outbox row `delegateBySig(delegatee, nonce, expiry, v, r, s)` (kind `governance-delegate`).
 * @returns 202 and the delegation (`pending`); `replayed` when answered from the Idempotency-Key
 * @throws AppError as above, chain-unavailable (503), idempotency-key-reused (422)
 */
export async function delegateBySignature(ctx: Ctx, input: DelegateInput) {
  const delegator = getAddress(input.address);
  const delegatee = getAddress(input.delegatee);
  return relayBySignature(
    ctx,
    relayedRequest(input, 'governance.delegate', delegator, {
      delegatee,
      nonce: input.nonce.toString(),
      expiry: input.expiry,
      signature: input.signature.toLowerCase(),
    }),
    {
      // The check below refuses any nonce but the token's current one.
      insert: (tx, written) => insertDelegation(tx, { ...written, delegator, delegatee, nonce: input.nonce, expiry: BigInt(input.expiry) }),
      inFlight: delegationInFlight,
      toDto: toDelegationDto,
    },
    async (tx) => {
      assertDeadlineAhead(input.expiry, "The delegation's expiry", (detail) =>
        governanceProblem('invalid-governance-signature', detail, { field: 'expiry' }),
      );
      const g = await governance(ctx);
      const s = await delegationState(g, delegator);
      const signer = await recoverTypedDataAddress({
        domain: s.domain,
        types: DELEGATION_TYPES,
        primaryType: 'Delegation',
        message: { delegatee, nonce: s.nonce, expiry: BigInt(input.expiry) },
        signature: input.signature,
      }).catch(() => null);
      if (input.nonce !== s.nonce || signer === null || getAddress(signer) !== delegator)
        throw governanceProblem(
          'invalid-governance-signature',
          `The signature is not the wallet's delegation to ${delegatee} with nonce ${s.nonce} and expiry ${input.expiry}`,
          { field: input.nonce !== s.nonce ? 'nonce' : 'signature', nonce: s.nonce.toString() },
        );
      if (await hasPendingDelegation(tx, g.chain.chainId, delegator)) throw delegationInFlight();
      const { v, r, s: sig } = parseSignature(input.signature);
      return {
        kind: GOVERNANCE_KINDS.delegate,
        chainId: g.chain.chainId,
        to: g.token,
        data: encodeFunctionData({
          abi: tokenAbi,
          functionName: 'delegateBySig',
          args: [delegatee, s.nonce, BigInt(input.expiry), Number(v ?? 27n), r, sig],
        }),
      };
    },
  );
}

/**
 * A delegation of the JWT's wallet in the caller's organization, with its transaction's state; any other id answers 404.
 * @throws AppError not-found
 */
export async function getDelegation(
  ctx: Pick<Context, 'prisma'>,
  organizationId: string,
  address: string,
  id: string,
): Promise<DelegationDto> {
  assertUuidOrNotFound(id, 'No such delegation');
  const row = await findDelegation(ctx.prisma, organizationId, getAddress(address), id);
  if (!row) throw new AppError('not-found', 'No such delegation');
  return toDelegationDto(row, row.status === 'pending' ? await chainTransactionState(ctx, row.chainTransactionId) : null);
}

/** The delegation's outcome, in the transaction finishing its outbox row. */
export const delegateTransactions: ChainTransactionKind = {
  kind: GOVERNANCE_KINDS.delegate,
  async confirmed(tx: RawSql, row, receipt: TransactionReceipt) {
    await finishDelegation(tx, row.reference, { status: 'confirmed', txHash: receipt.transactionHash, failureReason: null });
  },
  async failed(tx: RawSql, row, reason: string) {
    await finishDelegation(tx, row.reference, { status: 'failed', txHash: row.txHash, failureReason: reason });
  },
};

// --- proposals of treasury payments, and the keeper ----------------------------------------------------

export interface TreasuryPaymentProposal {
  title: string;
  /** More text after the title (optional). */
  body?: string | undefined;
  /** Who the treasury (the timelock) pays. */
  to: string;
  /** Base units of the token. */
  amount: bigint;
}

/**
 * Proposes a treasury payment (`admin governance:propose`): the relayer calls the Governor's
 * `propose([token], [0], [transfer(to, amount)], description)` through the outbox (kind
 * `governance-propose`; the proposal threshold must allow the relayer: 0 on local chains). The
 * description is the title, the body and a request id (so that two equal proposals get two ids).
 * The poller's `governor` stream indexes the `ProposalCreated` once mined and confirmed.
 * @returns the proposal id the Governor will give it (`hashProposal`), and the outbox row
 * @throws AppError validation-error, chain-unavailable
 */
export async function proposeTreasuryPayment(ctx: Ctx, p: TreasuryPaymentProposal) {
  if (!p.title.trim()) throw new AppError('validation-error', 'title must not be empty');
  if (!isAddress(p.to, { strict: false })) throw new AppError('validation-error', 'to must be an EVM address');
  if (p.amount <= 0n) throw new AppError('validation-error', 'amount must be positive');
  const g = await governance(ctx);
  const requestId = uuidv7();
  const description = [p.title.trim(), p.body?.trim(), `gateway-request: ${requestId}`].filter(Boolean).join('\n\n');
  const targets = [g.token] as const;
  const values = [0n] as const;
  const calldatas = [encodeFunctionData({ abi: tokenAbi, functionName: 'transfer', args: [getAddress(p.to), p.amount] })] as const;
  const proposalId = await chainCall(g.chain, () =>
    g.pub.readContract({
      address: g.governor,
      abi: governorAbi,
      functionName: 'hashProposal',
      args: [[...targets], [...values], [...calldatas], keccak256(toHex(description))],
    }),
  );
  const recorded = await withTransaction(ctx.prisma, (tx) =>
    recordChainTransaction(ctx, tx, {
      kind: GOVERNANCE_KINDS.propose,
      reference: requestId,
      chainId: g.chain.chainId,
      to: g.governor,
      data: encodeFunctionData({
        abi: governorAbi,
        functionName: 'propose',
        args: [[...targets], [...values], [...calldatas], description],
      }),
    }),
  );
  await runAfterCommit(ctx, [dispatchAfterCommit(recorded)]);
  return { chain: g.chain.caip2, proposalId: proposalId.toString(), description, chainTransactionId: recorded.id };
}

/** Propose, queue and execute need no business outcome (the indexer records their events); a failure is logged by the outbox. */
const noOutcome = { confirmed: async () => undefined, failed: async () => undefined };
export const proposeTransactions: ChainTransactionKind = { kind: GOVERNANCE_KINDS.propose, ...noOutcome };
export const queueTransactions: ChainTransactionKind = { kind: GOVERNANCE_KINDS.queue, ...noOutcome };
export const executeTransactions: ChainTransactionKind = { kind: GOVERNANCE_KINDS.execute, ...noOutcome };

/**
 * How the keeper sends a `queue` or `execute` again after its transaction failed (an `execute` that
 * reverted because the treasury was short, say): at most 4 attempts, 1, 2 and 4 minutes after the
 * failures. The chain's state is read again before each: a proposal someone else queued or executed
 * meanwhile is not sent again.
 */
export const KEEPER_RETRIES: RetryPolicy = { maxAttempts: 4, backoffMs: 60_000 };

/** What one keeper run did. */
export interface KeeperReport {
  chain: string | null;
  skipped?: 'no-chain' | 'no-deployment' | 'busy';
  /** Proposals whose `queue` was written now. */
  queued: string[];
  /** Proposals whose `execute` was written now. */
  executed: string[];
}

/**
 * The governance keeper, run by the worker every CHAIN_POLL_INTERVAL_MS: for each
 * indexed proposal whose voting is over and that is neither executed nor canceled, reads its state
 * (and eta) from the Governor; `Succeeded` → writes `queue(...)` through the outbox (kind
 * `governance-queue`), `Queued` with its eta passed (the head block's timestamp) → `execute(...)`
 * (kind `governance-execute`), one attempt at a time per proposal (reference `<chainId>:<proposalId>`,
 * retries `…#<n>` after a failed one, {@link KEEPER_RETRIES}), under a per-chain lock; enqueued after
 * the commit. Anyone may execute on the timelock; the relayer pays.
 */
export async function runGovernanceKeeper(ctx: Ctx): Promise<KeeperReport> {
  const home = ctx.chains.home;
  if (!home) return { chain: null, skipped: 'no-chain', queued: [], executed: [] };
  let g: Gov;
  try {
    g = await governance(ctx);
  } catch (err) {
    if (err instanceof AppError && err.code === 'chain-unavailable')
      return { chain: home.caip2, skipped: 'no-deployment', queued: [], executed: [] };
    throw err;
  }
  const report: KeeperReport = { chain: g.chain.caip2, queued: [], executed: [] };
  const block = await chainCall(g.chain, () => g.pub.getBlock());
  const due = await listProposalsToSettle(ctx.prisma, g.chain.chainId, block.number);
  if (due.length === 0) return report;
  const states = await chainCall(g.chain, () =>
    Promise.all(
      due.map((p) =>
        Promise.all([
          g.pub.readContract({ address: g.governor, abi: governorAbi, functionName: 'state', args: [BigInt(p.proposalId)] }),
          g.pub.readContract({ address: g.governor, abi: governorAbi, functionName: 'proposalEta', args: [BigInt(p.proposalId)] }),
        ]),
      ),
    ),
  );
  const recorded = await withTransaction(ctx.prisma, async (tx) => {
    if (!(await tryLockKeeper(tx, g.chain.chainId))) {
      report.skipped = 'busy';
      return [];
    }
    const out: RecordedChainTransaction[] = [];
    for (const [i, p] of due.entries()) {
      const [stateN, eta] = states[i]!;
      const state = stateName(Number(stateN));
      const step = state === 'succeeded' ? 'queue' : state === 'queued' && eta > 0n && eta <= block.timestamp ? 'execute' : null;
      if (!step) continue;
      const reference = await nextAttemptReference(tx, GOVERNANCE_KINDS[step], `${g.chain.chainId}:${p.proposalId}`, KEEPER_RETRIES);
      if (reference === null) continue;
      out.push(
        await recordChainTransaction(ctx, tx, {
          kind: GOVERNANCE_KINDS[step],
          reference,
          chainId: g.chain.chainId,
          to: g.governor,
          data: encodeFunctionData({
            abi: governorAbi,
            functionName: step,
            args: [p.targets as `0x${string}`[], p.values.map(BigInt), p.calldatas as `0x${string}`[], keccak256(toHex(p.description))],
          }),
        }),
      );
      (step === 'queue' ? report.queued : report.executed).push(p.proposalId);
    }
    return out;
  });
  await runAfterCommit(ctx, [dispatchAfterCommit(recorded)]);
  return report;
}
