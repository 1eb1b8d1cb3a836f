import type { Context } from '@gw/runtime';
import { getBalance, CREDIT_UNIT } from '../ledger/index.js';

/** How many consumptions `GET /ai-billing/credits` lists. */
export const RECENT_CONSUMPTIONS = 20;

export interface CreditBalanceDto {
  address: string;
  /** Credits the wallet holds (string of an integer), across every application. */
  balance: string;
  /** The latest consumptions made through this organization, newest first. */
  recent: { id: string; feature: string; units: number; createdAt: string }[];
}

/**
 * The wallet's credit balance (one balance per wallet for the whole ecosystem) and its last
 * {@link RECENT_CONSUMPTIONS} consumptions recorded by `organizationId` (consumption records are
 * tenant data: an organization does not see what the wallet consumed elsewhere).
 */
export async function getCreditBalance(ctx: Pick<Context, 'prisma'>, organizationId: string, address: string): Promise<CreditBalanceDto> {
  const [balance, rows] = await Promise.all([
    getBalance(ctx.prisma, { type: 'wallet', id: address }, CREDIT_UNIT),
    ctx.prisma.creditConsumption.findMany({
      where: { address, organizationId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: RECENT_CONSUMPTIONS,
    }),
  ]);
  return {
    address,
    balance: balance.toString(),
    recent: rows.map((r) => ({ id: r.id, feature: r.feature, units: Number(r.units), createdAt: r.createdAt.toISOString() })),
  };
}
