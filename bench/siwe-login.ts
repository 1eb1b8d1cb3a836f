/**
 * Wallet login through the API's real endpoint (`POST /api/gateway/v1/sso/login`) with a freshly
 * generated key and a signed EIP-4361 message, as a dapp would do it.
 *
 * @module
 */
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage, generateSiweNonce } from 'viem/siwe';

/** @returns the session JWT and the checksummed address. @throws Error when the API does not answer 200 */
export async function siweLogin(baseUrl: string, domain = 'localhost'): Promise<{ token: string; address: string }> {
  const wallet = privateKeyToAccount(generatePrivateKey());
  const message = createSiweMessage({
    domain,
    address: wallet.address,
    statement: 'Sign in to the gateway',
    uri: `https://${domain}/login`,
    version: '1',
    chainId: 1,
    nonce: generateSiweNonce(),
    issuedAt: new Date(),
  });
  const signature = await wallet.signMessage({ message });
  const res = await fetch(`${baseUrl}/api/gateway/v1/sso/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message, signature }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { token: string; address: string };
  return { token: body.token, address: body.address };
}
