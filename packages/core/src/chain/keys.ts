import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { ChainEndpoint, Context } from '@gw/runtime';
import { findChainKey, insertChainKeyIfAbsent } from './repository.js';
import { chainProblem } from './problems.js';

/**
 * The gateway's signing keys on chain. They are secrets: never logged, never returned,
 * and a generated one is stored only sealed by the SecretBox (SECRETS_ENCRYPTION_KEY), like the
 * webhook secrets.
 */

/**
 * anvil's first dev account (its default mnemonic, public knowledge): the deployer on local chains
 * when CHAIN_DEPLOYER_KEY is unset. It holds 10 000 ETH there and, after the deployment, the
 * token's initial supply (the faucet's source). Never used on a chain that is not local.
 */
export const ANVIL_DEV_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

/** The role whose address is the custody address and which pays gas on every chain. */
export const RELAYER_ROLE = 'relayer';

/**
 * The deployer of `chain`: CHAIN_DEPLOYER_KEY, else anvil's first dev account on a local chain.
 * @throws AppError chain-not-local when the chain is not local and CHAIN_DEPLOYER_KEY is unset
 */
export function deployerAccount(ctx: Pick<Context, 'config'>, chain: ChainEndpoint): PrivateKeyAccount {
  const key = ctx.config.CHAIN_DEPLOYER_KEY ?? (chain.local ? ANVIL_DEV_KEY : undefined);
  if (!key) throw chainProblem('chain-not-local', `Chain ${chain.caip2} is not local: set CHAIN_DEPLOYER_KEY to deploy there`);
  return privateKeyToAccount(key as `0x${string}`);
}

/**
 * The relayer: CHAIN_RELAYER_KEY, else the key stored (sealed) in `chain_keys`, else a new key
 * generated and stored now (the first of two concurrent starts wins; both then use it). Kept for
 * the context's lifetime.
 */
export function relayerAccount(ctx: Pick<Context, 'config' | 'prisma' | 'secretBox' | 'chains'>): Promise<PrivateKeyAccount> {
  const memoKey = 'key:relayer';
  let account = ctx.chains.memo.get(memoKey) as Promise<PrivateKeyAccount> | undefined;
  if (!account) {
    account = loadRelayer(ctx);
    ctx.chains.memo.set(memoKey, account);
    account.catch(() => ctx.chains.memo.delete(memoKey));
  }
  return account;
}

async function loadRelayer(ctx: Pick<Context, 'config' | 'prisma' | 'secretBox'>): Promise<PrivateKeyAccount> {
  if (ctx.config.CHAIN_RELAYER_KEY) return privateKeyToAccount(ctx.config.CHAIN_RELAYER_KEY as `0x${string}`);
  let stored = await findChainKey(ctx.prisma, RELAYER_ROLE);
  if (!stored) {
    const key = generatePrivateKey();
    const address = privateKeyToAccount(key).address;
    await insertChainKeyIfAbsent(ctx.prisma, { role: RELAYER_ROLE, address, privateKeyEncrypted: ctx.secretBox.seal(key) });
    stored = await findChainKey(ctx.prisma, RELAYER_ROLE);
    if (!stored) throw new Error('chain_keys: the relayer key was not stored');
  }
  const account = privateKeyToAccount(ctx.secretBox.open(stored.privateKeyEncrypted) as `0x${string}`);
  if (account.address !== stored.address) throw new Error('chain_keys: the stored relayer key does not match its address');
  return account;
}
