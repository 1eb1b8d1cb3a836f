import { type Prisma, type Proposal, type Vote, type Db, type KeysetPage, keysetArgs } from '@gw/db';

/** Every statement on the governance tables: `proposals` and `votes`. */

/** A page of the proposals open at `now` (`startsAt <= now < endsAt`), newest first (`keysetArgs`). */
export async function listOpenProposals(db: Db<'proposal'>, now: Date, page: KeysetPage): Promise<Proposal[]> {
  return db.proposal.findMany(keysetArgs({ startsAt: { lte: now }, endsAt: { gt: now } }, page));
}

/** The proposal `id`, or null. */
export async function findProposal(db: Db<'proposal'>, id: string): Promise<Proposal | null> {
  return db.proposal.findUnique({ where: { id } });
}

/** The id of a proposal with this title, or null. */
export async function findProposalIdByTitle(db: Db<'proposal'>, title: string): Promise<{ id: string } | null> {
  return db.proposal.findFirst({ where: { title }, select: { id: true } });
}

export async function insertProposal(
  db: Db<'proposal'>,
  proposal: { title: string; description: string; snapshotAt: Date; startsAt: Date; endsAt: Date },
): Promise<Proposal> {
  return db.proposal.create({ data: proposal });
}

/** How many proposals there are. */
export async function countProposals(db: Db<'proposal'>): Promise<number> {
  return db.proposal.count();
}

/** Sum of the vote weights of each (proposal, choice) of `proposalIds` that has votes. */
export interface WeightSumRow {
  proposalId: string;
  choice: string;
  weight: Prisma.Decimal | null;
}

/** {@link WeightSumRow}s of the proposals `proposalIds` (none asked, none read). */
export async function sumVoteWeights(db: Db<'vote'>, proposalIds: string[]): Promise<WeightSumRow[]> {
  if (proposalIds.length === 0) return [];
  const sums = await db.vote.groupBy({
    by: ['proposalId', 'choice'],
    where: { proposalId: { in: proposalIds } },
    _sum: { weight: true },
  });
  return sums.map((s) => ({ proposalId: s.proposalId, choice: s.choice, weight: s._sum.weight }));
}

/** The wallet's vote on a proposal, or null. */
export async function findVote(db: Db<'vote'>, proposalId: string, address: string): Promise<Vote | null> {
  return db.vote.findUnique({ where: { proposalId_address: { proposalId, address } } });
}

/**
 * Inserts a vote (weight in integer base units).
 * @throws Prisma P2002 when the wallet already voted on the proposal (unique index)
 */
export async function insertVote(
  tx: Db<'vote'>,
  vote: { proposalId: string; address: string; choice: string; weight: bigint },
): Promise<Vote> {
  return tx.vote.create({ data: { ...vote, weight: vote.weight.toString() } });
}
