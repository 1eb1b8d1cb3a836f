import { createHmac, timingSafeEqual } from 'node:crypto';
import { getAddress, type Address } from 'viem';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import type { Config, SecretBox } from '@gw/runtime';
import { verifySiweSignature, authProblem } from '../auth/index.js';
import type { GrantLimits } from './service.js';

/**
 * The wallet holder's signatures on the connectors' pages: the consent page and the
 * approval page ask the holder to sign an EIP-4361 (Sign-In with Ethereum) message whose
 *
 * - `domain` is the API's public origin's authority and `URI` the origin (the page's own address:
 *   a message signed for another site is refused);
 * - `nonce` is bound to this interaction or approval (an HMAC of its id, with a key derived from
 *   SECRETS_ENCRYPTION_KEY): a signature made for one consent is worthless for another, and the
 *   interaction itself is single use;
 * - `statement` says, in words, exactly what is granted (client, organization, scopes, limits) or
 *   approved (tool, amount in token and base units, recipient, payee or beneficiary, chain): the
 *   server rebuilds it from the submitted choices or the stored call and refuses any difference,
 *   so what is stored or run is what the holder read in their wallet. The client's name is its own
 *   claim (RFC 7591 `client_name`), so statements mark it unverified beside what identifies it.
 *
 * The approval page shows the request only to its holder: they sign in first (a message of its own
 * nonce and statement), and the page keeps that sign-in in an HMAC-signed cookie.
 */

const nonceKey = (box: SecretBox): Buffer => box.deriveKeys('oauth-holder-nonce')[0]!;

/** The nonce of the consent for interaction `uid` (64 hex digits). */
export const consentNonce = (box: SecretBox, uid: string): string =>
  createHmac('sha256', nonceKey(box)).update(`consent:${uid}`).digest('hex');

/** The nonce of the decision on approval `id` (64 hex digits). */
export const approvalNonce = (box: SecretBox, id: string): string =>
  createHmac('sha256', nonceKey(box)).update(`approval:${id}`).digest('hex');

/** The nonce of the holder's sign-in on approval `id`'s page (64 hex digits; not the decision's). */
export const approvalSignInNonce = (box: SecretBox, id: string): string =>
  createHmac('sha256', nonceKey(box)).update(`approval-sign-in:${id}`).digest('hex');

const fmt = (v: bigint | null, none: string) => (v === null ? none : `${v}`);

/** One line of text for a statement (EIP-4361 statements are one line). */
const oneLine = (s: string) => s.replace(/[\r\n\u2028\u2029]+/g, ' ');

/**
 * The host of a client id that is a URL (a Client ID Metadata Document's `client_id`, draft-02:
 * the document was fetched from that host, so the host is the one thing about the client the
 * gateway has checked), or null for the opaque ids of registration.
 */
export function clientIdHost(clientId: string): string | null {
  if (!/^https?:\/\//i.test(clientId)) return null;
  try {
    return new URL(clientId).host || null;
  } catch {
    return null;
  }
}

/** The longest client name a page or a statement shows (registration lets a client choose any). */
const MAX_CLIENT_NAME = 80;

/**
 * A client's name as the holder is shown it: its own free-text `client_name` (RFC 7591: the
 * client chooses it; anyone can register "Claude"), between typographic quotes, quotes and line
 * breaks taken out, at most 80 characters; the client id when it has none.
 */
export function clientDisplayName(c: { clientName: string | null; clientId: string }): string {
  const name = oneLine(c.clientName ?? '')
    .replace(/["“”]/g, '')
    .trim()
    .slice(0, MAX_CLIENT_NAME);
  return `“${name || c.clientId}”`;
}

/**
 * How a statement names the client: its name marked as unverified, then what identifies it:
 * the client id's host for a URL client id, the client id itself otherwise, and where the
 * authorization returns (`redirectHost`) when known. E.g.
 * `“Claude” (name unverified; client id host claude.ai; returning to claude.ai)`.
 */
export function clientLabel(c: { clientName: string | null; clientId: string; redirectHost?: string }): string {
  const host = clientIdHost(c.clientId);
  const id = host ? `client id host ${host}` : `client id ${oneLine(c.clientId)}`;
  const back = c.redirectHost ? `; returning to ${oneLine(c.redirectHost)}` : '';
  return `${clientDisplayName(c)} (name unverified; ${id}${back})`;
}

/**
 * The statement of a consent: one line (EIP-4361), every choice in it, the client named by
 * {@link clientLabel} (its name marked unverified, its id or id host, its redirect host).
 * @param scopes the scopes kept, in catalogue order
 */
export function consentStatement(c: {
  clientName: string | null;
  clientId: string;
  redirectHost: string;
  organizationName: string;
  scopes: string[];
  limits: GrantLimits;
}): string {
  const l = c.limits;
  const recipients = l.recipients === null ? 'any recipient' : `transfers only to ${l.recipients.join(' ') || 'nobody'}`;
  return (
    `Authorize ${clientLabel(c)} to act for this wallet at ${oneLine(c.organizationName)} with: ${c.scopes.join(' ') || 'no scope'}. ` +
    `Limits in base units: ${l.perTransaction} per transaction, ${l.perDay} per day, ${l.total} in all; ${recipients}; ` +
    `approval above ${fmt(l.approvalThreshold, 'never')}.`
  );
}

/**
 * What a pending approval would do, as its page shows it and its statement says it: built from
 * the stored arguments of the call (see the API's `approvalAction`).
 */
export interface ApprovalAction {
  /** The MCP tool the agent called (`transfer`, `confirm_payment`, …). */
  tool: string;
  /** Who receives the value: a transfer's `recipient`, a payment's `payee`, a stake's `beneficiary`. */
  role: 'recipient' | 'payee' | 'beneficiary';
  /** That party: a checksummed address, or an organization's name and id. */
  counterparty: string;
  /** Base units of the native token (what the grant is charged). */
  amount: bigint;
  /** The same amount in token units (`0.5`). */
  amountInTokens: string;
  /** The token's symbol. */
  token: string;
  /** The chain id of the token's home chain. */
  chainId: number;
  /** What else identifies the call (`payment <id>`, `20 credits`), or null. */
  detail: string | null;
}

/** `0.5 GTK (500000000000000000 base units)`. */
export const approvalAmount = (a: Pick<ApprovalAction, 'amount' | 'amountInTokens' | 'token'>): string =>
  `${a.amountInTokens} ${a.token} (${a.amount} base units)`;

/**
 * The statement of a decision on an approval: the tool, the amount (token units and base units),
 * who receives it, the chain and the client, so that the holder signs what the call will do, e.g.
 * `Approve transfer of 0.5 GTK (500000000000000000 base units) to recipient 0xAb… on chain 31337,
 * requested by “Agent” (name unverified; client id …) (approval …).`
 */
export function approvalStatement(a: {
  decision: 'approve' | 'reject';
  action: ApprovalAction;
  clientName: string | null;
  clientId: string;
  approvalId: string;
}): string {
  const verb = a.decision === 'approve' ? 'Approve' : 'Reject';
  const x = a.action;
  const to = x.role === 'beneficiary' ? 'for' : 'to';
  const detail = x.detail ? ` (${oneLine(x.detail)})` : '';
  return (
    `${verb} ${x.tool} of ${approvalAmount(x)} ${to} ${x.role} ${oneLine(x.counterparty)}${detail} on chain ${x.chainId}, ` +
    `requested by ${clientLabel(a)} (approval ${a.approvalId}).`
  );
}

/** The statement of the holder's sign-in on an approval's page: it names nothing of the request. */
export const approvalSignInStatement = (approvalId: string): string =>
  `Sign in to see the request waiting for this wallet's approval (approval ${approvalId}).`;

/** How long a sign-in on an approval's page lasts, in ms (an approval waits 15 minutes). */
export const APPROVAL_SESSION_MS = 15 * 60_000;

const sessionKeys = (box: SecretBox): Buffer[] => box.deriveKeys('oauth-approval-session');
const sessionMac = (key: Buffer, approvalId: string, address: string, expiresAt: number) =>
  createHmac('sha256', key).update(`approval-session:${approvalId}:${address}:${expiresAt}`).digest('base64url');

/**
 * The token of a holder's sign-in on approval `approvalId`'s page (the page's cookie):
 * `<address>.<expiry, ms since the epoch>.<HMAC>`, the HMAC keyed from SECRETS_ENCRYPTION_KEY.
 * @param address the checksummed address that signed in
 */
export function approvalSessionToken(box: SecretBox, approvalId: string, address: string, now = Date.now()): string {
  const expiresAt = now + APPROVAL_SESSION_MS;
  return `${address}.${expiresAt}.${sessionMac(sessionKeys(box)[0]!, approvalId, address, expiresAt)}`;
}

/**
 * The address a sign-in token of approval `approvalId` stands for, or null when it is malformed,
 * expired, of another approval, or its HMAC does not match (compared in constant time; any key of
 * the keyring, so a key rotation does not sign holders out).
 */
export function verifyApprovalSessionToken(box: SecretBox, approvalId: string, token: string, now = Date.now()): string | null {
  const m = /^(0x[0-9a-fA-F]{40})\.([0-9]{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const [, address, exp, mac] = m as unknown as [string, string, string, string];
  const expiresAt = Number(exp);
  if (expiresAt <= now) return null;
  const given = Buffer.from(mac);
  const ok = sessionKeys(box).some((key) => {
    const expected = Buffer.from(sessionMac(key, approvalId, address, expiresAt));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return ok ? address : null;
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
    throw authProblem('invalid-signature', 'nonce is not the one of this page', { field: 'nonce', expected: 'the nonce of this page' });
  }
  if (parseSiweMessage(input.message).statement !== expected.statement) {
    throw authProblem('invalid-signature', 'The signed statement does not match the choices submitted', {
      field: 'statement',
      expected: expected.statement,
    });
  }
  return address;
}
