import { getAddress } from 'viem';
import { createSiweMessage } from 'viem/siwe';

/**
 * A viem account that signs (`LocalAccount` from `privateKeyToAccount`/`mnemonicToAccount`, or a
 * smart account): `address` and `signMessage({ message })` (EIP-191 personal_sign).
 */
export interface ViemAccountSigner {
  address: string;
  signMessage: (args: { message: string }) => Promise<string>;
}

/**
 * A viem `WalletClient` (`createWalletClient`), with or without a hoisted `account`: without one,
 * the first of `getAddresses()` signs (e.g. an injected wallet's selected account).
 */
export interface ViemWalletClientSigner {
  account?: { address: string } | undefined;
  transport: unknown;
  getAddresses: () => Promise<readonly string[]>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- viem's own parameter type depends on the client's generics
  signMessage: (args: { account: any; message: string }) => Promise<string>;
}

/** An ethers v6 `Signer` (`Wallet`, `JsonRpcSigner`, …): `getAddress()` and `signMessage(string)`. */
export interface EthersSigner {
  getAddress(): Promise<string>;
  signMessage(message: string): Promise<string>;
}

/** Anything `gw.login` can sign with: a viem account, a viem wallet client, or an ethers v6 signer. */
export type SiweSigner = ViemAccountSigner | ViemWalletClientSigner | EthersSigner;

/** Options of `gw.login`: the EIP-4361 message fields the caller may choose. */
export interface LoginOptions {
  /**
   * The message's `domain` (RFC 3986 authority). Must equal the server's `SIWE_DOMAIN`; a local
   * server (`NODE_ENV=development`, loopback `SIWE_DOMAIN`) also accepts `localhost`, `127.0.0.1`
   * and `[::1]` with or without its port. Default: the host (and port) of the client's `baseUrl`.
   */
  domain?: string;
  /**
   * The message's `URI`: its authority must be `domain`, https (http only for `localhost`, and on
   * a local server for any loopback host). Default: the origin of the client's `baseUrl`.
   */
  uri?: string;
  /** The message's `Chain ID`: one of the server's `SIWE_CHAIN_IDS` (default 1, Ethereum mainnet). */
  chainId?: number;
  /** The human-readable statement (one line; default `Sign in to the Service Gateway`). */
  statement?: string;
  /** Optional `Expiration Time` of the message (the server honours it at login). */
  expirationTime?: Date;
  /** Optional `Resources` (URIs). */
  resources?: string[];
}

/** The default statement of the login message. */
export const DEFAULT_STATEMENT = 'Sign in to the Service Gateway';

/** The address and a personal_sign function of any {@link SiweSigner}. */
export async function resolveSigner(signer: SiweSigner): Promise<{ address: `0x${string}`; sign: (message: string) => Promise<string> }> {
  if (typeof (signer as EthersSigner).getAddress === 'function') {
    const s = signer as EthersSigner;
    return { address: getAddress(await s.getAddress()), sign: (message) => s.signMessage(message) };
  }
  if ('transport' in signer && typeof (signer as ViemWalletClientSigner).getAddresses === 'function') {
    const c = signer as ViemWalletClientSigner;
    const account = c.account ?? (await c.getAddresses())[0];
    if (!account) throw new TypeError('login: the wallet client has no account (connect one, or pass an account)');
    const address = getAddress(typeof account === 'string' ? account : account.address);
    return { address, sign: (message) => c.signMessage({ account, message }) };
  }
  if (typeof (signer as ViemAccountSigner).signMessage === 'function' && typeof (signer as ViemAccountSigner).address === 'string') {
    const a = signer as ViemAccountSigner;
    return { address: getAddress(a.address), sign: (message) => a.signMessage({ message }) };
  }
  throw new TypeError('login: expected a viem Account or WalletClient, or an ethers Signer (a JSON-RPC account cannot sign here)');
}

/**
 * The EIP-4361 (Sign-In with Ethereum) message for `address`, formatted by viem's
 * `createSiweMessage` (version 1, `Issued At` now).
 * @param baseUrl the client's base address, for the default `domain` and `uri`
 */
export function buildLoginMessage(address: `0x${string}`, nonce: string, baseUrl: string, opts: LoginOptions = {}): string {
  const base = new URL(baseUrl);
  return createSiweMessage({
    domain: opts.domain ?? base.host,
    address,
    statement: opts.statement ?? DEFAULT_STATEMENT,
    uri: opts.uri ?? base.origin,
    version: '1',
    chainId: opts.chainId ?? 1,
    nonce,
    issuedAt: new Date(),
    ...(opts.expirationTime ? { expirationTime: opts.expirationTime } : {}),
    ...(opts.resources ? { resources: opts.resources } : {}),
  });
}
