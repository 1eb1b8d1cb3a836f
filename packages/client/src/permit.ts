import { getAddress } from 'viem';

/**
 * EIP-712 signing of the typed data the API serves: the gasless deposit's permit
 * (`GET /gateway/v1/wallet/permit-deposits/typed-data`), the governance ballot and delegation,
 * signed by a viem account, a viem wallet client or an ethers v6 signer.
 */

/** The EIP-2612 `Permit` typed data as the API serves it (uint256 fields as decimal strings). */
export interface PermitTypedData {
  domain: { name: string; version: string; chainId: number; verifyingContract: string };
  types: { Permit: { name: string; type: string }[] };
  primaryType: 'Permit';
  message: { owner: string; spender: string; value: string; nonce: string; deadline: string };
}

/** A viem local account (`privateKeyToAccount`, `mnemonicToAccount`): `address` and `signTypedData`. */
export interface ViemTypedDataAccount {
  address: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- viem's parameter type is generic over the typed data
  signTypedData: (args: any) => Promise<string>;
}

/** A viem wallet client (with an `account`, or a connected wallet's first address). */
export interface ViemTypedDataWalletClient {
  account?: { address: string } | undefined;
  transport: unknown;
  getAddresses: () => Promise<readonly string[]>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- viem's parameter type depends on the client's generics
  signTypedData: (args: any) => Promise<string>;
}

/** An ethers v6 `Signer`: `getAddress()` and `signTypedData(domain, types, value)`. */
export interface EthersTypedDataSigner {
  getAddress(): Promise<string>;
  signTypedData(domain: object, types: Record<string, { name: string; type: string }[]>, value: Record<string, unknown>): Promise<string>;
}

/** Anything `gw.depositWithPermit`, `gw.voteBySig` and `gw.delegateBySig` can sign with. */
export type TypedDataSigner = ViemTypedDataAccount | ViemTypedDataWalletClient | EthersTypedDataSigner;

/** Governance: the Governor's EIP-712 `Ballot` as the API serves it (`GET /gateway/v1/governance/ballot/typed-data`). */
export interface BallotTypedData {
  domain: { name: string; version: string; chainId: number; verifyingContract: string };
  types: { Ballot: { name: string; type: string }[] };
  primaryType: 'Ballot';
  message: { proposalId: string; support: number; voter: string; nonce: string };
}

/** Governance: the token's EIP-712 `Delegation` as the API serves it (`GET /gateway/v1/governance/delegation/typed-data`). */
export interface DelegationTypedData {
  domain: { name: string; version: string; chainId: number; verifyingContract: string };
  types: { Delegation: { name: string; type: string }[] };
  primaryType: 'Delegation';
  message: { delegatee: string; nonce: string; expiry: string };
}

/**
 * Signs EIP-712 typed data with any supported signer, after checking that the signer is `expected`.
 * @param what the caller's name in error messages (`depositWithPermit`, `voteBySig`, …)
 * @throws TypeError when the signer is of no known kind, or is not `expected`
 */
async function signTyped(
  what: string,
  signer: TypedDataSigner,
  expected: string | null,
  typed: { domain: object; types: Record<string, { name: string; type: string }[]>; primaryType: string; message: Record<string, unknown> },
): Promise<`0x${string}`> {
  const { domain, types, primaryType, message } = typed;
  const check = (address: string) => {
    if (expected !== null && getAddress(address) !== getAddress(expected))
      throw new TypeError(
        `${what}: the signer ${address} is not the session's wallet ${getAddress(expected)} (log in with the same wallet)`,
      );
  };
  if (typeof (signer as EthersTypedDataSigner).getAddress === 'function') {
    const s = signer as EthersTypedDataSigner;
    check(await s.getAddress());
    return (await s.signTypedData(domain, types, message)) as `0x${string}`;
  }
  if ('transport' in signer && typeof (signer as ViemTypedDataWalletClient).getAddresses === 'function') {
    const c = signer as ViemTypedDataWalletClient;
    const account = c.account ?? (await c.getAddresses())[0];
    if (!account) throw new TypeError(`${what}: the wallet client has no account (connect one, or pass an account)`);
    check(typeof account === 'string' ? account : account.address);
    return (await c.signTypedData({ account, domain, types, primaryType, message })) as `0x${string}`;
  }
  if (
    typeof (signer as ViemTypedDataAccount).signTypedData === 'function' &&
    typeof (signer as ViemTypedDataAccount).address === 'string'
  ) {
    const a = signer as ViemTypedDataAccount;
    check(a.address);
    return (await a.signTypedData({ domain, types, primaryType, message })) as `0x${string}`;
  }
  throw new TypeError(`${what}: expected a viem Account or WalletClient, or an ethers Signer`);
}

/**
 * Signs the served permit with `signer` after checking that the signer is the permit's owner.
 * @returns the 65-byte signature, 0x hex
 * @throws TypeError when the signer is of no known kind, or is not `typedData.message.owner`
 */
export async function signPermit(signer: TypedDataSigner, typedData: PermitTypedData): Promise<`0x${string}`> {
  const m = typedData.message;
  const message = { owner: m.owner, spender: m.spender, value: BigInt(m.value), nonce: BigInt(m.nonce), deadline: BigInt(m.deadline) };
  return signTyped('depositWithPermit', signer, m.owner, {
    domain: typedData.domain,
    types: typedData.types,
    primaryType: 'Permit',
    message,
  });
}

/**
 * Signs the served ballot with `signer` after checking that the signer is the ballot's voter.
 * @returns the 65-byte signature, 0x hex
 * @throws TypeError when the signer is of no known kind, or is not `typedData.message.voter`
 */
export async function signBallot(signer: TypedDataSigner, typedData: BallotTypedData): Promise<`0x${string}`> {
  const m = typedData.message;
  const message = { proposalId: BigInt(m.proposalId), support: m.support, voter: m.voter, nonce: BigInt(m.nonce) };
  return signTyped('voteBySig', signer, m.voter, { domain: typedData.domain, types: typedData.types, primaryType: 'Ballot', message });
}

/**
 * Signs the served delegation with `signer` (the delegator: the session's wallet, checked by the API).
 * @returns the 65-byte signature, 0x hex
 * @throws TypeError when the signer is of no known kind, or is not `delegator` (when given)
 */
export async function signDelegation(
  signer: TypedDataSigner,
  typedData: DelegationTypedData,
  delegator: string | null = null,
): Promise<`0x${string}`> {
  const m = typedData.message;
  const message = { delegatee: m.delegatee, nonce: BigInt(m.nonce), expiry: BigInt(m.expiry) };
  return signTyped('delegateBySig', signer, delegator, {
    domain: typedData.domain,
    types: typedData.types,
    primaryType: 'Delegation',
    message,
  });
}

/** Staking: the typed data `GET /gateway/v1/staking/typed-data` serves (uint256 fields as decimal strings). */
export interface StakingTypedData {
  domain: { name: string; version: string; chainId: number; verifyingContract: string };
  types: Record<string, { name: string; type: string }[]>;
  primaryType: 'Permit' | 'Withdraw' | 'GetReward';
  message: Record<string, string>;
}

/**
 * Signs the served staking typed data with `signer` after checking that the signer is its `owner`
 * (uint256 fields are converted to bigints by their declared types).
 * @returns the 65-byte signature, 0x hex
 * @throws TypeError when the signer is of no known kind, or is not `typedData.message.owner`
 */
export async function signStakingTypedData(signer: TypedDataSigner, typedData: StakingTypedData): Promise<`0x${string}`> {
  const fields = typedData.types[typedData.primaryType] ?? [];
  const message = Object.fromEntries(
    fields.map((f) => [f.name, f.type.startsWith('uint') ? BigInt(typedData.message[f.name]!) : typedData.message[f.name]]),
  );
  return signTyped('staking', signer, typedData.message.owner!, { ...typedData, message });
}
