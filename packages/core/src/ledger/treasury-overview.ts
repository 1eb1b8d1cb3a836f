import type { Context } from '@gw/runtime';
import { listTokens, toTokenRef, type TokenRef } from './find-token.js';
import { TREASURY } from './system-accounts.js';

/** Length of the flow window of the overview. */
export const TREASURY_FLOW_WINDOW_DAYS = 30;

/** `GET /treasury/overview`; amounts are strings of integer base units. */
export interface TreasuryOverviewDto {
  balances: { token: TokenRef; balance: string }[];
  /** Per token: sums of the treasury's incoming (credit) and outgoing (debit) postings in the window. */
  last30Days: { token: TokenRef; inflow: string; outflow: string }[];
}

/**
 * State of the DAO treasury (`system:treasury`): its balance in every token of the `tokens`
 * table (zeros included, native token first) and, per token, inflows and outflows over the last
 * 30 days, from the postings on its accounts.
 */
export async function treasuryOverview(ctx: Pick<Context, 'prisma'>, now: Date = new Date()): Promise<TreasuryOverviewDto> {
  const since = new Date(now.getTime() - TREASURY_FLOW_WINDOW_DAYS * 86_400_000);
  const [tokens, accounts, flows] = await Promise.all([
    listTokens(ctx.prisma),
    ctx.prisma.ledgerAccount.findMany({
      where: { ownerType: TREASURY.type, ownerId: TREASURY.id },
      select: { token: true, balance: true },
    }),
    ctx.prisma.$queryRaw<{ token: string; inflow: string; outflow: string }[]>`
      SELECT a.token,
             COALESCE(SUM(p.amount) FILTER (WHERE p.amount > 0), 0)::text AS inflow,
             COALESCE(-SUM(p.amount) FILTER (WHERE p.amount < 0), 0)::text AS outflow
      FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
      WHERE a.owner_type = 'system'::owner_type AND a.owner_id = ${TREASURY.id}
        AND p.created_at >= ${since}
      GROUP BY a.token`,
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
  };
}
