import type { PrismaClient, Token, Tx } from '@gw/db';
import { AppError } from '@gw/runtime';

/** How a token is shown inside balances and overviews. */
export interface TokenRef {
  symbol: string;
  name: string;
  decimals: number;
}

export const toTokenRef = (t: Pick<Token, 'symbol' | 'name' | 'decimals'>): TokenRef => ({
  symbol: t.symbol,
  name: t.name,
  decimals: t.decimals,
});

type Db = Pick<PrismaClient | Tx, 'token'>;

/** Every token of the `tokens` table: the native token first, then by symbol. */
export async function listTokens(db: Db): Promise<Token[]> {
  return db.token.findMany({ orderBy: [{ isNative: 'desc' }, { symbol: 'asc' }] });
}

/**
 * The token named `symbol`.
 * @throws AppError('validation-error') 400 naming `field` when no such token exists (it is input, not a path id)
 */
export async function findToken(db: Db, symbol: string, field = 'token'): Promise<Token> {
  const token = await db.token.findUnique({ where: { symbol } });
  if (!token) {
    throw new AppError('validation-error', `Unknown token "${symbol}"`, { errors: [{ path: field, message: 'unknown token' }] });
  }
  return token;
}

/**
 * The native token's row (NATIVE_TOKEN_SYMBOL; made sure of at start-up by `ensureNativeToken`).
 * @throws Error when it is missing (start-up did not run: a deployment bug, hence 500)
 */
export async function nativeToken(db: Db, symbol: string): Promise<Token> {
  const token = await db.token.findUnique({ where: { symbol } });
  if (!token) throw new Error(`native token ${symbol} is missing from the tokens table (ensureNativeToken not run)`);
  return token;
}
