import { verifyTypedData, type Hex } from 'viem';

/**
 * EIP-712 domain of consent statements. No `chainId` or `verifyingContract`: the
 * statement is verified off chain by the service, and by anyone later from the stored fields.
 */
export const CONSENT_DOMAIN = { name: 'Service Gateway Consent', version: '1' } as const;

/** EIP-712 types of a consent grant (`HealthConsent`) and of its revocation (`ConsentRevocation`). */
export const CONSENT_TYPES = {
  HealthConsent: [
    { name: 'patient', type: 'address' },
    { name: 'organization', type: 'string' },
    { name: 'purpose', type: 'string' },
    { name: 'scopes', type: 'string[]' },
    { name: 'issuedAt', type: 'uint256' },
    { name: 'expiresAt', type: 'uint256' },
    { name: 'nonce', type: 'string' },
  ],
  ConsentRevocation: [
    { name: 'patient', type: 'address' },
    { name: 'consentId', type: 'string' },
    { name: 'issuedAt', type: 'uint256' },
    { name: 'nonce', type: 'string' },
  ],
} as const;

/** What the patient signs to grant a consent. Times are Unix seconds. */
export interface ConsentStatement {
  /** Id (UUID) of the organization allowed to read. */
  organization: string;
  /** Why, in the patient's words or the app's (1–200 characters). */
  purpose: string;
  /** What is allowed: `health:read` (the only consent scope today). */
  scopes: string[];
  /** When the patient signed, Unix seconds. */
  issuedAt: number;
  /** When the consent ends by itself, Unix seconds. */
  expiresAt: number;
  /** Chosen by the signing app; single use per patient (8–128 of `A-Za-z0-9_-`). */
  nonce: string;
}

/** What the patient signs to revoke a consent. Times are Unix seconds. */
export interface RevocationStatement {
  consentId: string;
  issuedAt: number;
  nonce: string;
}

/** The EIP-712 typed data of a grant, as a wallet's `eth_signTypedData_v4` (or viem's `signTypedData`) takes it. */
export const consentTypedData = (patient: Hex, s: ConsentStatement) => ({
  domain: CONSENT_DOMAIN,
  types: CONSENT_TYPES,
  primaryType: 'HealthConsent' as const,
  message: {
    patient,
    organization: s.organization,
    purpose: s.purpose,
    scopes: s.scopes,
    issuedAt: BigInt(s.issuedAt),
    expiresAt: BigInt(s.expiresAt),
    nonce: s.nonce,
  },
});

/** The EIP-712 typed data of a revocation. */
export const revocationTypedData = (patient: Hex, r: RevocationStatement) => ({
  domain: CONSENT_DOMAIN,
  types: CONSENT_TYPES,
  primaryType: 'ConsentRevocation' as const,
  message: { patient, consentId: r.consentId, issuedAt: BigInt(r.issuedAt), nonce: r.nonce },
});

/**
 * True when `signature` is `patient`'s EIP-712 signature of the grant (verified by viem; ECDSA
 * recovery for an externally owned account). Never throws: a malformed signature is false.
 */
export const verifyConsentSignature = (patient: Hex, s: ConsentStatement, signature: Hex): Promise<boolean> =>
  verifyTypedData({ address: patient, ...consentTypedData(patient, s), signature }).catch(() => false);

/** True when `signature` is `patient`'s EIP-712 signature of the revocation. Never throws. */
export const verifyRevocationSignature = (patient: Hex, r: RevocationStatement, signature: Hex): Promise<boolean> =>
  verifyTypedData({ address: patient, ...revocationTypedData(patient, r), signature }).catch(() => false);
