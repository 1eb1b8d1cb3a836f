import type { PrismaClient } from '@gw/db';
import type { Config } from '@gw/runtime';

/** Decimals of the native token (issue #2: amounts in base units, decimals 18). */
export const NATIVE_DECIMALS = 18;

/** Ledger unit of AI credits (issue #3, /ai-billing). Not a token: never listed as one. */
export const CREDIT_UNIT = 'CREDIT';

/**
 * Makes sure the native token from configuration (NATIVE_TOKEN_SYMBOL, NATIVE_TOKEN_NAME, 18
 * decimals) is in the `tokens` table. Idempotent; run at start-up by the API and the worker.
 */
export async function ensureNativeToken(
  prisma: PrismaClient,
  config: Pick<Config, 'NATIVE_TOKEN_SYMBOL' | 'NATIVE_TOKEN_NAME'>,
): Promise<void> {
  await prisma.token.upsert({
    where: { symbol: config.NATIVE_TOKEN_SYMBOL },
    create: { symbol: config.NATIVE_TOKEN_SYMBOL, name: config.NATIVE_TOKEN_NAME, decimals: NATIVE_DECIMALS, isNative: true },
    update: {},
  });
}
