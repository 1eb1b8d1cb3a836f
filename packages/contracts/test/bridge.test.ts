/**
 * A bridge round trip between two real anvils (chain ids 31337, the home chain, and 31338): lock on
 * the home chain's BridgeVault → the relayer mints WrappedToken on the second chain with the lock's
 * nonce (a second mint of the same (source chain, nonce) reverts) → burn on the second chain → the
 * relayer releases on the home chain (a replayed release reverts).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Address, parseEther, parseEventLogs } from 'viem';
import { BridgeVault, GatewayToken, WrappedToken } from '../src/index.js';
import { devAccount, startChain, type TestChain } from './support.js';

const admin = devAccount(0);
const relayer = devAccount(1);
const carol = devAccount(2); // on the home chain
const dave = devAccount(3); // on the second chain
const HOME = 31337;
const SECOND = 31338;

let a: TestChain;
let b: TestChain;
let token: { address: Address; abi: typeof GatewayToken.abi };
let vault: { address: Address; abi: typeof BridgeVault.abi };
let wrapped: { address: Address; abi: typeof WrappedToken.abi };

beforeAll(async () => {
  [a, b] = await Promise.all([startChain(HOME), startChain(SECOND)]);
  token = {
    address: await a.deploy(admin, GatewayToken, ['Gateway Token', 'GWT', admin.address, parseEther('1000000')]),
    abi: GatewayToken.abi,
  };
  vault = { address: await a.deploy(admin, BridgeVault, [token.address, admin.address, relayer.address]), abi: BridgeVault.abi };
  wrapped = {
    address: await b.deploy(admin, WrappedToken, ['Wrapped Gateway Token', 'wGWT', admin.address, relayer.address]),
    abi: WrappedToken.abi,
  };
  await a.send(admin, token, 'transfer', [carol.address, parseEther('100')]);
});

afterAll(async () => {
  await Promise.all([a?.anvil.stop(), b?.anvil.stop()]);
});

describe('BridgeVault (home chain) + WrappedToken (second chain)', () => {
  it('round trip: lock → mint once → burn → release once', async () => {
    // lock on A
    await a.send(carol, token, 'approve', [vault.address, parseEther('40')]);
    const lockReceipt = await a.send(carol, vault, 'lock', [parseEther('40'), BigInt(SECOND), dave.address]);
    const [locked] = parseEventLogs({ abi: BridgeVault.abi, eventName: 'Locked', logs: lockReceipt.logs });
    expect(locked!.args).toEqual({ from: carol.address, to: dave.address, amount: parseEther('40'), toChainId: BigInt(SECOND), nonce: 0n });
    expect(await a.read(token, 'balanceOf', [vault.address])).toBe(parseEther('40'));
    expect(await a.read(vault, 'nonce')).toBe(1n);

    // the relayer mints on B with the lock's nonce
    const mintArgs = [locked!.args.to, locked!.args.amount, BigInt(HOME), locked!.args.nonce] as const;
    await expect(b.publicClient.simulateContract({ account: dave, ...wrapped, functionName: 'mint', args: mintArgs })).rejects.toThrow(
      /AccessControlUnauthorizedAccount/,
    );
    await b.send(relayer, wrapped, 'mint', mintArgs);
    expect(await b.read(wrapped, 'balanceOf', [dave.address])).toBe(parseEther('40'));
    await expect(b.publicClient.simulateContract({ account: relayer, ...wrapped, functionName: 'mint', args: mintArgs })).rejects.toThrow(
      /AlreadyMinted/,
    );

    // burn on B
    const burnReceipt = await b.send(dave, wrapped, 'burn', [parseEther('15'), BigInt(HOME), carol.address]);
    const [burned] = parseEventLogs({ abi: WrappedToken.abi, eventName: 'Burned', logs: burnReceipt.logs });
    expect(burned!.args).toEqual({ from: dave.address, to: carol.address, amount: parseEther('15'), toChainId: BigInt(HOME), nonce: 0n });
    expect(await b.read(wrapped, 'balanceOf', [dave.address])).toBe(parseEther('25'));
    expect(await b.read(wrapped, 'totalSupply')).toBe(parseEther('25'));

    // the relayer releases on A
    const releaseArgs = [burned!.args.to, burned!.args.amount, BigInt(SECOND), burned!.args.nonce] as const;
    await a.send(relayer, vault, 'release', releaseArgs);
    expect(await a.read(token, 'balanceOf', [carol.address])).toBe(parseEther('75'));
    expect(await a.read(token, 'balanceOf', [vault.address])).toBe(parseEther('25'));
    expect(await a.read(vault, 'released', [BigInt(SECOND), 0n])).toBe(true);
    await expect(
      a.publicClient.simulateContract({ account: relayer, ...vault, functionName: 'release', args: releaseArgs }),
    ).rejects.toThrow(/AlreadyReleased/);
  });
});
