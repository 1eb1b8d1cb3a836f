import { createHmac } from 'node:crypto';
import { getAddress, type Address } from 'viem';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import { AppError, type Config, type SecretBox } from '@gw/runtime';
import { verifySiweSignature } from '../auth/index.js';
import type { GrantLimits } from './service.js';

/**
 * The wallet holder's signatures on the connectors' pages (issue #29): the consent page and the
 * approval page ask the holder to sign an EIP-4361 (Sign-In with Ethereum) message whose
 *
 * - `domain` is the API's public origin's authority and `URI` the origin (the page's own address:
 *   a message signed for another site is refused);
 * - `nonce` is bound to this interaction or approval (an HMAC of its id, with a key derived from
 *   SECRETS_ENCRYPTION_KEY): a signature made for one consent is worthless for another, and the
 *   interaction itself is single use;
 * - `statement` says, in words, exactly what is granted (client, organization, scopes, limits) or
 *   approved: the server rebuilds it from the submitted choices and refuses any difference, so
 *   what is stored is what the holder read in their wallet.
 */

const nonceKey = (box: SecretBox): Buffer => box.deriveKeys('oauth-holder-nonce')[0]!;

/** The nonce of the consent for interaction `uid` (64 hex digits). */
export const consentNonce = (box: SecretBox, uid: string): string =>
  createHmac('sha256', nonceKey(box)).update(`consent:${uid}`).digest('hex');

/** The nonce of the decision on approval `id` (64 hex digits). */
export const approvalNonce = (box: SecretBox, id: string): string =>
  createHmac('sha256', nonceKey(box)).update(`approval:${id}`).digest('hex');

const fmt = (v: bigint | null, none: string) => (v === null ? none : `${v}`);

/**
 * The statement of a consent: one line (EIP-4361), every choice in it.
 * @param scopes the scopes kept, in catalogue order
 */
export function consentStatement(c: { clientName: string; organizationName: string; scopes: string[]; limits: GrantLimits }): string {
  const l = c.limits;
  const recipients = l.recipients === null ? 'any recipient' : `transfers only to ${l.recipients.join(' ') || 'nobody'}`;
  return (
    `Authorize ${c.clientName.replace(/[\r\n]/g, ' ')} to act for this wallet at ${c.organizationName.replace(/[\r\n]/g, ' ')} with: ${c.scopes.join(' ') || 'no scope'}. ` +
    `Limits in base units: ${l.perTransaction} per transaction, ${l.perDay} per day, ${l.total} in all; ${recipients}; ` +
    `approval above ${fmt(l.approvalThreshold, 'never')}.`
  );
}

/** The statement of a decision on an approval. */
export function approvalStatement(a: {
  decision: 'approve' | 'reject';
  tool: string;
  amount: bigint;
  clientName: string;
  approvalId: string;
}): string {
  const verb = a.decision === 'approve' ? 'Approve' : 'Reject';
  return `${verb} ${a.tool} for ${a.amount} base units requested by ${a.clientName.replace(/[\r\n]/g, ' ')} (approval ${a.approvalId}).`;
}

/** The message the holder's wallet signs. `origin` is the API's public origin. */
export function holderMessage(
  config: Pick<Config, 'SIWE_CHAIN_IDS'>,
  m: { origin: string; address: string; statement: string; nonce: string },
): string {
  return createSiweMessage({
    domain: new URL(m.origin).host,
    address: getAddress(m.address) as Address,
    statement: m.statement,
    uri: m.origin,
    version: '1',
    chainId: config.SIWE_CHAIN_IDS[0]!,
    nonce: m.nonce,
    issuedAt: new Date(),
  });
}

/**
 * Verifies the holder's signed message: SIWE rules (auth's `verifySiweSignature`, with this
 * origin's authority as the only domain), then the expected nonce and statement.
 * @returns the signer's checksummed address
 * @throws AppError('invalid-signature') 401 naming the field that failed
 */
export async function verifyHolderMessage(
  config: Pick<Config, 'SIWE_CHAIN_IDS' | 'SIWE_MAX_AGE_SECONDS'>,
  input: { message: string; signature: string },
  expected: { origin: string; nonce: string; statement: string },
): Promise<string> {
  const url = new URL(expected.origin);
  const { address, nonce } = await verifySiweSignature(input, {
    policy: {
      domains: [url.host],
      httpHosts: url.protocol === 'http:' ? [url.hostname] : [],
      loopback: false,
      describe: `'${url.host}' (the gateway's public origin)`,
    },
    maxAgeSeconds: config.SIWE_MAX_AGE_SECONDS,
    chainIds: config.SIWE_CHAIN_IDS,
  });
  if (nonce !== expected.nonce) {
    throw new AppError('invalid-signature', 'nonce is not the one of this page', { field: 'nonce', expected: 'the nonce of this page' });
  }
  if (parseSiweMessage(input.message).statement !== expected.statement) {
    throw new AppError('invalid-signature', 'The signed statement does not match the choices submitted', {
      field: 'statement',
      expected: expected.statement,
    });
  }
  return address;
}
