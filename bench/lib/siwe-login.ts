/**
 * Wallet login through the API's real endpoint (`POST /api/gateway/v1/sso/login`) with a freshly
 * generated key and a signed EIP-4361 message over a server nonce (`GET /api/gateway/v1/sso/nonce`),
 * as an integrator's backend would do it: with its API key, so the session is bound to its
 * organization.
 *
 * @module
 */
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';

/**
 * @param wallet the key that signs in (default: a fresh one)
 * @returns the session JWT and the checksummed address. @throws Error when the API does not answer 200
 */
export async function siweLogin(
  baseUrl: string,
  apiKey: string,
  domain = 'localhost',
  wallet: PrivateKeyAccount = privateKeyToAccount(generatePrivateKey()),
): Promise<{ token: string; address: string }> {
  const nonceRes = await fetch(`${baseUrl}/api/gateway/v1/sso/nonce`);
  if (nonceRes.status !== 200) throw new Error(`nonce failed: ${nonceRes.status} ${await nonceRes.text()}`);
  const { nonce } = (await nonceRes.json()) as { nonce: string };
  const message = createSiweMessage({
    domain,
    address: wallet.address,
    statement: 'Sign in to the gateway',
    uri: `https://${domain}/login`,
    version: '1',
    chainId: 1,
    nonce,
    issuedAt: new Date(),
  });
  const signature = await wallet.signMessage({ message });
  const res = await fetch(`${baseUrl}/api/gateway/v1/sso/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body: JSON.stringify({ message, signature }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { token: string; address: string };
  return { token: body.token, address: body.address };
}
