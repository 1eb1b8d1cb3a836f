import type { Proposal } from '@gw/db';
import { type Context, cursorId, toPage, type Page, type PageQuery } from '@gw/runtime';

export const VOTE_CHOICES = ['for', 'against', 'abstain'] as const;
export type VoteChoice = (typeof VOTE_CHOICES)[number];

/** Sums of vote weights per choice, strings of integer base units (staked native token). */
export type Tally = Record<VoteChoice, string>;

export interface ProposalDto {
  id: string;
  title: string;
  description: string;
  snapshotAt: string;
  startsAt: string;
  endsAt: string;
  tally: Tally;
}

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
  const after = cursorId(q.cursor);
  const rows = await ctx.prisma.proposal.findMany({
    where: { startsAt: { lte: now }, endsAt: { gt: now }, ...(after ? { id: { lt: after } } : {}) },
    orderBy: { id: 'desc' },
    take: q.limit + 1,
  });
  const page = rows.slice(0, q.limit);
  const sums = page.length
    ? await ctx.prisma.vote.groupBy({
        by: ['proposalId', 'choice'],
        where: { proposalId: { in: page.map((p) => p.id) } },
        _sum: { weight: true },
      })
    : [];
  const tallies = new Map<string, Tally>();
  for (const s of sums) {
    const tally = tallies.get(s.proposalId) ?? emptyTally();
    if ((VOTE_CHOICES as readonly string[]).includes(s.choice)) tally[s.choice as VoteChoice] = s._sum.weight?.toFixed(0) ?? '0';
    tallies.set(s.proposalId, tally);
  }
  return toPage(rows, q.limit, (p) => toProposalDto(p, tallies.get(p.id) ?? emptyTally()));
}
