import { Prisma, cutKeysetPage, type PrismaClient, type Proposal, type Tx, type Vote } from '@gw/db';
import { type Context, AppError, cursorId, isUuid, toPage, type Page, type PageQuery } from '@gw/runtime';
import { requestFingerprint, withIdempotency } from '../idempotency/index.js';
import { stakedPrincipal } from '../staking/index.js';
import { VOTE_CHOICES, type ProposalDto, type Tally, type VoteChoice, type VoteDto } from './contract.js';
import { findProposal, findVote, insertVote, listOpenProposals, sumVoteWeights } from './repository.js';

/**
 * Voting power of a wallet for a proposal: its staked principal of `token` at `snapshotAt`,
 * i.e. the sum over its positions opened at or before the snapshot and not unstaked by then
 * (`startedAt <= snapshotAt` and `unstakedAt` null or later than the snapshot).
 * @returns integer base units (0n when nothing was staked)
 */
export async function votingPower(
  db: Pick<PrismaClient | Tx, 'stakingPosition'>,
  address: string,
  token: string,
  snapshotAt: Date,
): Promise<bigint> {
  return stakedPrincipal(db, address, token, snapshotAt);
}

// --- proposals ------------------------------------------------------------------------------------

export const toProposalDto = (p: Proposal, tally: Tally): ProposalDto => ({
  id: p.id,
  title: p.title,
  description: p.description,
  snapshotAt: p.snapshotAt.toISOString(),
  startsAt: p.startsAt.toISOString(),
  endsAt: p.endsAt.toISOString(),
  tally,
});

const emptyTally = (): Tally => ({ for: '0', against: '0', abstain: '0' });

/**
 * Active proposals (`startsAt <= now < endsAt`), newest first, each with its tally.
 * @throws AppError('validation-error') for a bad cursor
 */
export async function listActiveProposals(ctx: Pick<Context, 'prisma'>, q: PageQuery, now: Date = new Date()): Promise<Page<ProposalDto>> {
  const rows = await listOpenProposals(ctx.prisma, now, { after: cursorId(q.cursor), limit: q.limit });
  const pageIds = cutKeysetPage(rows, q.limit).rows.map((p) => p.id);
  const sums = await sumVoteWeights(ctx.prisma, pageIds);
  const tallies = new Map<string, Tally>();
  for (const s of sums) {
    const tally = tallies.get(s.proposalId) ?? emptyTally();
    if ((VOTE_CHOICES as readonly string[]).includes(s.choice)) tally[s.choice as VoteChoice] = s.weight?.toFixed(0) ?? '0';
    tallies.set(s.proposalId, tally);
  }
  return toPage(rows, q.limit, (p) => toProposalDto(p, tallies.get(p.id) ?? emptyTally()));
}

// --- votes ----------------------------------------------------------------------------------------

export const toVoteDto = (v: Vote): VoteDto => ({
  id: v.id,
  proposalId: v.proposalId,
  address: v.address,
  choice: v.choice as VoteChoice,
  weight: v.weight.toFixed(0),
  createdAt: v.createdAt.toISOString(),
});

/**
 * Refusals of a vote, each with its own problem type (`/problems/<name>`) and the same name in
 * the `reason` extension member: `voting-not-started`, `voting-closed`, `already-voted` (409),
 * `no-voting-power` (422).
 */
const refuse = {
  notStarted: (startsAt: Date) =>
    new AppError('voting-not-started', `Voting on this proposal opens at ${startsAt.toISOString()}`, { reason: 'voting-not-started' }),
  closed: (endsAt: Date) =>
    new AppError('voting-closed', `Voting on this proposal closed at ${endsAt.toISOString()}`, { reason: 'voting-closed' }),
  alreadyVoted: () => new AppError('already-voted', 'This wallet has already voted on this proposal', { reason: 'already-voted' }),
  noPower: (snapshotAt: Date) =>
    new AppError(
      'no-voting-power',
      `This wallet had no staked tokens at the proposal's snapshot (${snapshotAt.toISOString()}), so it has no voting power`,
      {
        reason: 'no-voting-power',
      },
    ),
};

export interface CastVoteInput {
  /** Organization of the API key: the scope of the Idempotency-Key. */
  organizationId: string;
  /** Checksummed address of the JWT's wallet. */
  address: string;
  proposalId: string;
  choice: VoteChoice;
  idempotencyKey?: string | undefined;
}

/**
 * Records the wallet's vote on an open proposal (`startsAt <= now < endsAt`), weighted by its
 * voting power: the native token it had staked at the proposal's `snapshotAt` (see `votingPower`).
 * One vote per wallet and proposal (a unique index settles concurrent attempts).
 * @returns 201 and the vote; `replayed` when answered from the Idempotency-Key
 * @throws AppError not-found (unknown proposal: 404), voting-not-started / voting-closed /
 *   already-voted (409), no-voting-power (422), idempotency-key-reused (422)
 */
export async function castVote(ctx: Pick<Context, 'prisma' | 'config'>, input: CastVoteInput) {
  if (!isUuid(input.proposalId)) throw new AppError('not-found', 'No such proposal');
  const fingerprint = requestFingerprint('governance.vote', input.address, { proposalId: input.proposalId, choice: input.choice });
  try {
    return await withIdempotency<VoteDto>(
      ctx,
      { organizationId: input.organizationId, key: input.idempotencyKey, fingerprint },
      async (tx) => {
        const proposal = await findProposal(tx, input.proposalId);
        if (!proposal) throw new AppError('not-found', 'No such proposal');
        const now = new Date();
        if (now < proposal.startsAt) throw refuse.notStarted(proposal.startsAt);
        if (now >= proposal.endsAt) throw refuse.closed(proposal.endsAt);
        if (await findVote(tx, proposal.id, input.address)) throw refuse.alreadyVoted();
        const weight = await votingPower(tx, input.address, ctx.config.NATIVE_TOKEN_SYMBOL, proposal.snapshotAt);
        if (weight === 0n) throw refuse.noPower(proposal.snapshotAt);
        // A concurrent vote of the same wallet makes this insert fail on the unique index (P2002):
        // withIdempotency first answers it from the key when the winner used the same key.
        const vote = await insertVote(tx, { proposalId: proposal.id, address: input.address, choice: input.choice, weight });
        return { statusCode: 201, body: toVoteDto(vote) };
      },
    );
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') throw refuse.alreadyVoted();
    throw err;
  }
}
