import type { Context } from '@gw/runtime';
import { ISSUANCE } from './post-entry.js';
import { nativeToken } from './find-token.js';
import { NON_CIRCULATING } from './system-accounts.js';

/** `GET /token/info`: the native token and its supply, strings of integer base units. */
export interface TokenInfoDto {
  symbol: string;
  name: string;
  decimals: number;
  /** Everything ever issued: the negated balance of `system:issuance`. */
  totalSupply: string;
  /** Total supply less the treasury, the staking pool and the bridge escrow. */
  circulatingSupply: string;
}

/** Data of the native token (NATIVE_TOKEN_SYMBOL), read from the ledger. */
export async function tokenInfo(ctx: Pick<Context, 'prisma' | 'config'>): Promise<TokenInfoDto> {
  const token = await nativeToken(ctx.prisma, ctx.config.NATIVE_TOKEN_SYMBOL);
  const owners = [ISSUANCE, ...NON_CIRCULATING];
  const accounts = await ctx.prisma.ledgerAccount.findMany({
    where: { token: token.symbol, ownerType: 'system', ownerId: { in: owners.map((o) => o.id) } },
    select: { ownerId: true, balance: true },
  });
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
  };
}
