import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { createSiweMessage, generateSiweNonce } from 'viem/siwe';

/** A fresh wallet with a real secp256k1 key. */
export const newWallet = (): PrivateKeyAccount => privateKeyToAccount(generatePrivateKey());

/**
 * A signed EIP-4361 login for `wallet`, as a dapp would build it.
 * @param overrides fields of the message to change (domain, nonce, issuedAt, expirationTime...)
 */
export async function signedLogin(
  wallet: PrivateKeyAccount,
  overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {},
): Promise<{ message: string; signature: string }> {
  const message = createSiweMessage({
    domain: 'localhost',
    address: wallet.address,
    statement: 'Sign in to the gateway',
    uri: 'https://localhost/login',
    version: '1',
    chainId: 1,
    nonce: generateSiweNonce(),
    issuedAt: new Date(),
    ...overrides,
  });
  return { message, signature: await wallet.signMessage({ message }) };
}

/**
 * An `urn:gw:allowance` login resource: the wallet holder lets the session send up to `total`
 * base units (per transaction and per day alike) to `recipients` (default any address).
 */
export const allowanceResource = (total: bigint, recipients: string[] | '*' = '*'): string =>
  `urn:gw:allowance?per_transaction=${total}&per_day=${total}&total=${total}&recipients=${recipients === '*' ? '*' : recipients.join(',')}`;

/** A generous allowance to any address, for tests whose point is not the allowance. */
export const ANY_RECIPIENT_ALLOWANCE = allowanceResource(10n ** 30n);
