import { getAddress, parseSignature, recoverTypedDataAddress } from 'viem';
import { GatewayToken } from '@gw/contracts';
import { AppError, type Context } from '@gw/runtime';
import { chainCall, chainOf, publicClientOf } from './clients.js';
import { PERMIT_TYPES, type PermitTypedDataDto } from './schemas.js';
import { chainProblem } from './problems.js';

/**
 * EIP-2612 permits relayed by the gateway: the typed data a holder signs, and
 * the check of a signed permit before anything is written. Shared by the gasless deposit, the
 * bridge and staking by permit. Our tokens (GatewayToken, WrappedToken) are ERC20Permit with an
 * ERC-5267 `eip712Domain()`.
 */

type ReadCtx = Pick<Context, 'chains' | 'config'>;

/**
 * A deadline (or expiry) this close (seconds) leaves the relay too little time: refused. Every
 * signature the gateway relays (permits, ballots' delegations, staking authorisations) uses it.
 */
export const MIN_SIGNATURE_DEADLINE_AHEAD_S = 60;
/** How far ahead (seconds) the typed data the gateway serves sets its deadline or expiry: one hour. */
const TYPED_DATA_DEADLINE_S = 3600;

/** The deadline (or expiry) the served typed data proposes: unix seconds, one hour from now. */
export const typedDataDeadline = (): bigint => BigInt(Math.floor(Date.now() / 1000) + TYPED_DATA_DEADLINE_S);

/** True when a signed deadline (unix seconds) is too close for a relay ({@link MIN_SIGNATURE_DEADLINE_AHEAD_S}). */
const deadlineTooClose = (deadline: number | bigint): boolean =>
  BigInt(deadline) < BigInt(Math.floor(Date.now() / 1000) + MIN_SIGNATURE_DEADLINE_AHEAD_S);

/**
 * Refuses a signature whose deadline is too close for a relay: less than
 * {@link MIN_SIGNATURE_DEADLINE_AHEAD_S} s ahead, the transaction may not be mined before it expires.
 * @param deadline unix seconds
 * @param what what the deadline belongs to, as the detail names it (`The permit's deadline`)
 * @param raise the caller's problem for a bad signature, given the detail
 * @throws what `raise` returns, when the deadline is too close
 */
export function assertDeadlineAhead(deadline: number | bigint, what: string, raise: (detail: string) => Error): void {
  if (deadlineTooClose(deadline)) throw raise(`${what} must be at least ${MIN_SIGNATURE_DEADLINE_AHEAD_S} s ahead`);
}

/** The EIP-712 domain a contract reports with ERC-5267 `eip712Domain()` (its tuple), as typed data carries it. */
export const eip712DomainOf = (d: readonly [unknown, string, string, bigint, `0x${string}`, ...unknown[]]) => ({
  name: d[1],
  version: d[2],
  chainId: Number(d[3]),
  verifyingContract: getAddress(d[4]),
});

// Every ERC20Permit token has the same permit surface; GatewayToken's ABI describes it.
const abi = GatewayToken.abi;

/** What a permit is checked against: the token's EIP-712 domain, `owner`'s nonce and balance (base units), read now. */
export interface PermitState {
  chainId: number;
  caip2: string;
  token: `0x${string}`;
  nonce: bigint;
  balance: bigint;
  domain: { name: string; version: string; chainId: number; verifyingContract: `0x${string}` };
}

/**
 * Reads the token's EIP-712 domain (ERC-5267), `owner`'s permit nonce and its balance in one batch,
 * never cached (the nonce must be the current one).
 * @throws AppError chain-unavailable (503: no such chain, or the node is slow or down)
 */
export async function readPermitState(ctx: ReadCtx, chainId: number, token: `0x${string}`, owner: `0x${string}`): Promise<PermitState> {
  const chain = chainOf(ctx.chains, chainId);
  const pub = publicClientOf(ctx, chain);
  const [domain, nonce, balance] = await chainCall(chain, () =>
    Promise.all([
      pub.readContract({ address: token, abi, functionName: 'eip712Domain' }),
      pub.readContract({ address: token, abi, functionName: 'nonces', args: [owner] }),
      pub.readContract({ address: token, abi, functionName: 'balanceOf', args: [owner] }),
    ]),
  );
  return { chainId, caip2: chain.caip2, token, nonce, balance, domain: eip712DomainOf(domain) };
}

/**
 * The typed data `owner` signs to let `spender` move `amount` base units: the token's own domain,
 * the current nonce, a deadline one hour ahead.
 */
export function permitTypedDataOf(state: PermitState, owner: `0x${string}`, spender: `0x${string}`, amount: bigint): PermitTypedDataDto {
  const deadline = typedDataDeadline();
  return {
    object: 'permit_typed_data',
    chain: state.caip2,
    spender,
    typedData: {
      domain: state.domain,
      types: { Permit: PERMIT_TYPES.Permit.map((f) => ({ ...f })) },
      primaryType: 'Permit',
      message: { owner, spender, value: amount.toString(), nonce: state.nonce.toString(), deadline: deadline.toString() },
    },
  };
}

/** A signed permit as a request carries it. */
export interface SignedPermit {
  owner: `0x${string}`;
  spender: `0x${string}`;
  /** Base units. */
  amount: bigint;
  /** Unix seconds. */
  deadline: number;
  /** 65-byte EIP-712 signature, 0x hex. */
  signature: `0x${string}`;
}

/**
 * Checks a signed permit against the state read now: the deadline is at least
 * {@link MIN_SIGNATURE_DEADLINE_AHEAD_S} ahead, the signature recovers to `owner` for the current
 * nonce, `spender`, `amount` and `deadline`, and `owner` holds `amount` on chain.
 * @returns the signature split for a contract call (`v`, `r`, `s`)
 * @throws AppError invalid-permit (422, with `field`: `deadline` or `signature`, and the expected
 *   `nonce` and `spender`), insufficient-funds (422: the wallet holds less on chain)
 */
export async function checkPermit(state: PermitState, p: SignedPermit): Promise<{ v: number; r: `0x${string}`; s: `0x${string}` }> {
  assertDeadlineAhead(p.deadline, "The permit's deadline", (detail) => chainProblem('invalid-permit', detail, { field: 'deadline' }));
  const message = { owner: p.owner, spender: p.spender, value: p.amount, nonce: state.nonce, deadline: BigInt(p.deadline) };
  const signer = await recoverTypedDataAddress({
    domain: state.domain,
    types: PERMIT_TYPES,
    primaryType: 'Permit',
    message,
    signature: p.signature,
  }).catch(() => null);
  if (signer === null || getAddress(signer) !== getAddress(p.owner))
    throw chainProblem(
      'invalid-permit',
      `The signature is not the wallet's permit of ${p.amount} base units to ${p.spender} with nonce ${state.nonce} and deadline ${p.deadline}`,
      { field: 'signature', nonce: state.nonce.toString(), spender: p.spender },
    );
  if (state.balance < p.amount)
    throw new AppError('insufficient-funds', `The wallet holds ${state.balance} base units on ${state.caip2}, less than ${p.amount}`, {
      reason: 'wallet balance on chain',
    });
  const { v, r, s } = parseSignature(p.signature);
  return { v: Number(v ?? 27n), r, s };
}
