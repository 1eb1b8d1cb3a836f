import type { Context } from '@gw/runtime';
import { listTokens, toTokenRef, type TokenRef } from './find-token.js';

export interface WalletBalances {
  address: string;
  data: { token: TokenRef; balance: string }[];
}

/**
 * Balances of a wallet in every token of the `tokens` table, zeros included (native token
 * first, then by symbol). Balances are strings of integer base units.
 * @param address EIP-55 checksummed address (the JWT's wallet)
 */
export async function walletBalances(ctx: Pick<Context, 'prisma'>, address: string): Promise<WalletBalances> {
  const [tokens, accounts] = await Promise.all([
    listTokens(ctx.prisma),
    ctx.prisma.ledgerAccount.findMany({ where: { ownerType: 'wallet', ownerId: address }, select: { token: true, balance: true } }),
  ]);
  const bySymbol = new Map(accounts.map((a) => [a.token, a.balance.toFixed(0)]));
  return { address, data: tokens.map((t) => ({ token: toTokenRef(t), balance: bySymbol.get(t.symbol) ?? '0' })) };
}
