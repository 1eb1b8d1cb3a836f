import { randomBytes } from 'node:crypto';
import type { PrivateKeyAccount } from 'viem/accounts';
import { consentTypedData, revocationTypedData, type ConsentStatement, type RevocationStatement } from '@gw/core/consents';

const seconds = () => Math.floor(Date.now() / 1000);
const nonce = () => `n${randomBytes(12).toString('hex')}`;

/**
 * The body of `POST /gateway/v1/consents` as a patient's wallet app builds it: an EIP-712
 * `HealthConsent` for `organizationId` (health:read, 30 days), signed by `wallet`.
 * @param overrides fields of the statement to change; `signer` signs instead of `wallet` (an attacker)
 */
export async function signedConsent(
  wallet: PrivateKeyAccount,
  organizationId: string,
  overrides: Partial<ConsentStatement> & { signer?: PrivateKeyAccount } = {},
): Promise<{ consent: ConsentStatement; signature: string }> {
  const { signer = wallet, ...fields } = overrides;
  const consent: ConsentStatement = {
    organization: organizationId,
    purpose: 'Follow-up care',
    scopes: ['health:read'],
    issuedAt: seconds(),
    expiresAt: seconds() + 30 * 86_400,
    nonce: nonce(),
    ...fields,
  };
  return { consent, signature: await signer.signTypedData(consentTypedData(wallet.address, consent)) };
}

/** The body of `DELETE /gateway/v1/consents/:id`: an EIP-712 `ConsentRevocation` signed by `wallet`. */
export async function signedRevocation(
  wallet: PrivateKeyAccount,
  consentId: string,
  overrides: Partial<RevocationStatement> & { signer?: PrivateKeyAccount } = {},
): Promise<{ revocation: RevocationStatement; signature: string }> {
  const { signer = wallet, ...fields } = overrides;
  const revocation: RevocationStatement = { consentId, issuedAt: seconds(), nonce: nonce(), ...fields };
  return { revocation, signature: await signer.signTypedData(revocationTypedData(wallet.address, revocation)) };
}
