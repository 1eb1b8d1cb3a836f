import { randomUUID } from 'node:crypto';
import { getAddress, isAddress } from 'viem';
import type { SessionAllowance } from '@gw/runtime';
import { authProblem } from './problems.js';

/** The scheme and path of the allowance resource in an EIP-4361 message's `Resources`. */
export const ALLOWANCE_URN = 'urn:gw:allowance';

/** Most recipients one allowance may name: the wallet shows every one of them to the holder. */
export const MAX_ALLOWANCE_RECIPIENTS = 20;

const BASE_UNITS = /^[1-9][0-9]{0,77}$/;

const FORMAT =
  'one resource urn:gw:allowance?per_transaction=<base units>&per_day=<base units>&total=<base units>&recipients=<0x…,0x…|*> (positive integers, per_transaction ≤ per_day ≤ total, at most 20 checksummable addresses or * for any)';

const refuse = (detail: string) => authProblem('invalid-signature', detail, { field: 'resources', expected: FORMAT });

/**
 * The allowance a wallet holder signed in the `Resources` of an EIP-4361 login message (EIP-4361
 * §"Resources": URIs the holder authorizes the relying party to use). The holder's wallet shows
 * each resource line before signing, so the limits are part of what they read and sign:
 *
 *     urn:gw:allowance?per_transaction=5000000000000000000&per_day=…&total=…&recipients=0xA…,0xB…
 *
 * Amounts are base units of the native token; `recipients=*` allows any address. Resources that
 * are not `urn:gw:allowance` are ignored, as EIP-4361 leaves their meaning to the relying party.
 * @param resources the message's `Resources` (viem's `parseSiweMessage`), if any
 * @returns the allowance with a new id, or undefined when the message carries none
 * @throws AppError('invalid-signature') 401 (`field: resources`): two allowances, an unknown or
 *   missing parameter, an amount that is not a positive integer, per_transaction > per_day > total,
 *   a recipient that is not an address, or more than {@link MAX_ALLOWANCE_RECIPIENTS}
 */
export function parseAllowanceResource(resources: readonly string[] | undefined): SessionAllowance | undefined {
  const mine = (resources ?? []).filter((r) => r === ALLOWANCE_URN || r.startsWith(`${ALLOWANCE_URN}?`));
  if (mine.length === 0) return undefined;
  if (mine.length > 1) throw refuse('The message carries more than one urn:gw:allowance resource; sign one');
  const query = mine[0]!.slice(ALLOWANCE_URN.length + 1);
  const params = new Map<string, string>();
  for (const pair of query.split('&').filter(Boolean)) {
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    if (params.has(key)) throw refuse(`The allowance names ${key} twice`);
    params.set(key, eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1)));
  }
  const known = ['per_transaction', 'per_day', 'total', 'recipients'];
  const unknown = [...params.keys()].filter((k) => !known.includes(k));
  if (unknown.length) throw refuse(`The allowance has unknown parameters: ${unknown.join(', ')}`);
  const amount = (key: string): bigint => {
    const v = params.get(key);
    if (v === undefined) throw refuse(`The allowance has no ${key}`);
    if (!BASE_UNITS.test(v)) throw refuse(`The allowance's ${key} is '${v}'; it must be a positive integer of base units`);
    return BigInt(v);
  };
  const perTransaction = amount('per_transaction');
  const perDay = amount('per_day');
  const total = amount('total');
  if (perTransaction > perDay || perDay > total) throw refuse('The allowance must have per_transaction ≤ per_day ≤ total');
  const list = params.get('recipients');
  if (list === undefined) throw refuse('The allowance has no recipients (a list of addresses, or * for any address)');
  let recipients: string[] | null = null;
  if (list !== '*') {
    const parts = list.split(',').filter(Boolean);
    if (parts.length === 0 || parts.length > MAX_ALLOWANCE_RECIPIENTS)
      throw refuse(`The allowance names ${parts.length} recipients; name 1 to ${MAX_ALLOWANCE_RECIPIENTS}, or * for any`);
    const bad = parts.find((a) => !isAddress(a, { strict: false }));
    if (bad !== undefined) throw refuse(`The allowance's recipient '${bad}' is not an address`);
    recipients = [...new Set(parts.map((a) => getAddress(a)))];
  }
  return { id: randomUUID(), perTransaction, perDay, total, recipients };
}

/** The allowance as the JWT's `alw` claim carries it (amounts as decimal strings). */
export interface AllowanceClaim {
  id: string;
  tx: string;
  day: string;
  total: string;
  to: string[] | '*';
}

/** The `alw` claim of an allowance. */
export const allowanceClaim = (a: SessionAllowance): AllowanceClaim => ({
  id: a.id,
  tx: a.perTransaction.toString(),
  day: a.perDay.toString(),
  total: a.total.toString(),
  to: a.recipients ?? '*',
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The allowance of a verified JWT's `alw` claim; null when the claim is malformed (the token is refused). */
export function allowanceOfClaim(claim: unknown): SessionAllowance | null {
  if (typeof claim !== 'object' || claim === null) return null;
  const c = claim as Partial<AllowanceClaim>;
  const amounts = [c.tx, c.day, c.total];
  if (typeof c.id !== 'string' || !UUID.test(c.id) || !amounts.every((v) => typeof v === 'string' && BASE_UNITS.test(v))) return null;
  const to = c.to;
  if (!(to === '*' || (Array.isArray(to) && to.every((a) => typeof a === 'string' && isAddress(a))))) return null;
  return {
    id: c.id,
    perTransaction: BigInt(c.tx!),
    perDay: BigInt(c.day!),
    total: BigInt(c.total!),
    recipients: to === '*' ? null : [...to],
  };
}
