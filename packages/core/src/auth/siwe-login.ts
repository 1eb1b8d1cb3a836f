import type { PrismaClient } from '@gw/db';
import { Prisma } from '@gw/db';
import { getAddress, verifyMessage, type Hex } from 'viem';
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import { AppError } from '../errors/app-error.js';
import type { SessionTokens } from './session-tokens.js';

/** Allowed clock skew for `issuedAt` in the future, in ms. */
const FUTURE_SKEW_MS = 60_000;

/**
 * Wallet login with an EIP-4361 (Sign-In with Ethereum) message (spec, Session; issue #2):
 * the message must parse, name `domain`, be issued at most `maxAgeSeconds` ago, be within its
 * `notBefore`/`expirationTime` window, carry a nonce never used before (single-use, recorded),
 * and be signed by its address (ECDSA, verified by viem).
 * @returns the session JWT, its expiry and the checksummed address
 * @throws AppError('invalid-signature') 401 for every failure, with a detail saying which check failed
 */
export async function loginWithSiwe(
  deps: { prisma: PrismaClient; tokens: SessionTokens },
  input: { message: string; signature: string },
  opts: { domain: string; maxAgeSeconds: number },
): Promise<{ token: string; expiresAt: Date; address: string }> {
  const fields = parseSiweMessage(input.message);
  if (!fields.address || !fields.nonce || !fields.issuedAt || !fields.domain) {
    throw new AppError('invalid-signature', 'Not an EIP-4361 message (address, domain, nonce and issuedAt are required)');
  }
  const now = new Date();
  if (!validateSiweMessage({ message: fields, domain: opts.domain, time: now })) {
    throw new AppError('invalid-signature', 'Message domain, notBefore or expirationTime is not valid now');
  }
  const age = now.getTime() - fields.issuedAt.getTime();
  if (age > opts.maxAgeSeconds * 1000 || age < -FUTURE_SKEW_MS) {
    throw new AppError('invalid-signature', `issuedAt must be within the last ${opts.maxAgeSeconds} seconds`);
  }
  if (!/^0x[0-9a-fA-F]+$/.test(input.signature)) throw new AppError('invalid-signature', 'signature must be 0x-prefixed hex');
  const address = getAddress(fields.address);
  const valid = await verifyMessage({ address, message: input.message, signature: input.signature as Hex }).catch(() => false);
  if (!valid) throw new AppError('invalid-signature', 'Signature does not match the message address');
  try {
    await deps.prisma.siweNonce.create({ data: { nonce: fields.nonce, address } });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
      throw new AppError('invalid-signature', 'Nonce already used');
    }
    throw err;
  }
  const granted = await deps.prisma.walletRole.findMany({ where: { address }, select: { role: true } });
  const roles = ['user', ...granted.map((g) => g.role).filter((r) => r !== 'user')];
  const { token, expiresAt } = await deps.tokens.issue({ address, roles });
  return { token, expiresAt, address };
}
