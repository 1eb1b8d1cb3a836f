import { getAddress } from 'viem';

/**
 * EIP-712 signing of the EIP-2612 permits the API serves (the gasless deposit of issue #27:
 * `GET /gateway/v1/wallet/permit-deposits/typed-data`; the bridge of issue #28:
 * `GET /gateway/v1/bridge/permit-typed-data`), by a viem account, a viem wallet client or an ethers
 * v6 signer.
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

/** Anything `gw.depositWithPermit` can sign with. */
export type TypedDataSigner = ViemTypedDataAccount | ViemTypedDataWalletClient | EthersTypedDataSigner;

/**
 * Signs the served permit with `signer` after checking that the signer is the permit's owner.
 * @returns the 65-byte signature, 0x hex
 * @throws TypeError when the signer is of no known kind, or is not `typedData.message.owner`
 */
export async function signPermit(signer: TypedDataSigner, typedData: PermitTypedData): Promise<`0x${string}`> {
  const m = typedData.message;
  const message = { owner: m.owner, spender: m.spender, value: BigInt(m.value), nonce: BigInt(m.nonce), deadline: BigInt(m.deadline) };
  const { domain, types } = typedData;
  const owner = getAddress(m.owner);
  const check = (address: string) => {
    if (getAddress(address) !== owner)
      throw new TypeError(`signPermit: the signer ${address} is not the session's wallet ${owner} (log in with the same wallet)`);
  };
  if (typeof (signer as EthersTypedDataSigner).getAddress === 'function') {
    const s = signer as EthersTypedDataSigner;
    check(await s.getAddress());
    return (await s.signTypedData(domain, types, message)) as `0x${string}`;
  }
  if ('transport' in signer && typeof (signer as ViemTypedDataWalletClient).getAddresses === 'function') {
    const c = signer as ViemTypedDataWalletClient;
    const account = c.account ?? (await c.getAddresses())[0];
    if (!account) throw new TypeError('signPermit: the wallet client has no account (connect one, or pass an account)');
    check(typeof account === 'string' ? account : account.address);
    return (await c.signTypedData({ account, domain, types, primaryType: 'Permit', message })) as `0x${string}`;
  }
  if (
    typeof (signer as ViemTypedDataAccount).signTypedData === 'function' &&
    typeof (signer as ViemTypedDataAccount).address === 'string'
  ) {
    const a = signer as ViemTypedDataAccount;
    check(a.address);
    return (await a.signTypedData({ domain, types, primaryType: 'Permit', message })) as `0x${string}`;
  }
  throw new TypeError('depositWithPermit: expected a viem Account or WalletClient, or an ethers Signer');
}
