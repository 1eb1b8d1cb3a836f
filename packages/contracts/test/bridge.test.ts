/**
 * A bridge round trip between two real anvils (chain ids 31337, the home chain, and 31338): lock on
 * the home chain's BridgeVault → the relayer mints WrappedToken on the second chain with the lock's
 * nonce (a second mint of the same (source chain, nonce) reverts) → burn on the second chain → the
 * relayer releases on the home chain (a replayed release reverts). The same round trip by EIP-2612
 * permits: the relayer locks and burns holders' tokens with their signatures (`lockWithPermit`,
 * `burnWithPermit`), a front-run permit does not stop it, and a permit cannot be used twice.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Address, type Hex, parseEther, parseEventLogs, parseSignature } from 'viem';
import type { HDAccount } from 'viem/accounts';
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

  it("by permit: the relayer locks and burns with the holders' signatures; a front-run permit still works; no permit is used twice", async () => {
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600);
    /** `owner`'s EIP-2612 permit of `value` to `spender` on `chain`'s token `t`, split for the contract call. */
    const permit = async (
      chain: TestChain,
      t: { address: Address; abi: typeof token.abi | typeof wrapped.abi },
      owner: HDAccount,
      spender: Address,
      value: bigint,
    ) => {
      const [, name, version] = await chain.read<readonly [Hex, string, string]>(t, 'eip712Domain');
      const nonce = await chain.read<bigint>(t, 'nonces', [owner.address]);
      const signature = await owner.signTypedData({
        domain: { name, version, chainId: chain.chain.id, verifyingContract: t.address },
        types: {
          Permit: [
            { name: 'owner', type: 'address' },
            { name: 'spender', type: 'address' },
            { name: 'value', type: 'uint256' },
            { name: 'nonce', type: 'uint256' },
            { name: 'deadline', type: 'uint256' },
          ],
        },
        primaryType: 'Permit',
        message: { owner: owner.address, spender, value, nonce, deadline },
      });
      const { v, r, s } = parseSignature(signature);
      return [Number(v), r, s] as const;
    };

    // lock carol's tokens with her permit for the vault; the relayer submits it and pays the gas
    const carolBefore = await a.read<bigint>(token, 'balanceOf', [carol.address]);
    const lockNonce = await a.read<bigint>(vault, 'nonce');
    const lockSig = await permit(a, token, carol, vault.address, parseEther('10'));
    const lockArgs = [carol.address, parseEther('10'), BigInt(SECOND), dave.address, deadline, ...lockSig] as const;
    // only the relayer may submit it: a standing allowance to the vault is nobody else's to spend
    await expect(
      a.publicClient.simulateContract({ account: carol, ...vault, functionName: 'lockWithPermit', args: lockArgs }),
    ).rejects.toThrow(/AccessControlUnauthorizedAccount/);
    const lockReceipt = await a.send(relayer, vault, 'lockWithPermit', lockArgs);
    const [locked] = parseEventLogs({ abi: BridgeVault.abi, eventName: 'Locked', logs: lockReceipt.logs });
    expect(locked!.args).toEqual({
      from: carol.address,
      to: dave.address,
      amount: parseEther('10'),
      toChainId: BigInt(SECOND),
      nonce: lockNonce,
    });
    expect(await a.read(token, 'balanceOf', [carol.address])).toBe(carolBefore - parseEther('10'));
    // the same permit again: its nonce is spent and no allowance is left, so nothing moves (the
    // token's ERC20InsufficientAllowance, selector 0xfb8f41b2, is not in the vault's ABI)
    await expect(
      a.publicClient.simulateContract({ account: relayer, ...vault, functionName: 'lockWithPermit', args: lockArgs }),
    ).rejects.toThrow(/0xfb8f41b2/);

    // the relayer mints, then burns dave's wrapped tokens with his permit for the relayer
    await b.send(relayer, wrapped, 'mint', [dave.address, parseEther('10'), BigInt(HOME), lockNonce]);
    const daveBefore = await b.read<bigint>(wrapped, 'balanceOf', [dave.address]);
    const burnNonce = await b.read<bigint>(wrapped, 'nonce');
    const burnSig = await permit(b, wrapped, dave, relayer.address, parseEther('4'));
    const burnArgs = [dave.address, parseEther('4'), BigInt(HOME), carol.address, deadline, ...burnSig] as const;
    // someone submits dave's permit first: the burn still goes through on the allowance it granted
    await b.send(carol, wrapped, 'permit', [dave.address, relayer.address, parseEther('4'), deadline, ...burnSig]);
    const burnReceipt = await b.send(relayer, wrapped, 'burnWithPermit', burnArgs);
    const [burned] = parseEventLogs({ abi: WrappedToken.abi, eventName: 'Burned', logs: burnReceipt.logs });
    expect(burned!.args).toEqual({
      from: dave.address,
      to: carol.address,
      amount: parseEther('4'),
      toChainId: BigInt(HOME),
      nonce: burnNonce,
    });
    expect(await b.read(wrapped, 'balanceOf', [dave.address])).toBe(daveBefore - parseEther('4'));
    await expect(
      b.publicClient.simulateContract({ account: relayer, ...wrapped, functionName: 'burnWithPermit', args: burnArgs }),
    ).rejects.toThrow(/ERC20InsufficientAllowance/);
    // another caller cannot use dave's permit for the relayer
    await expect(
      b.publicClient.simulateContract({ account: carol, ...wrapped, functionName: 'burnWithPermit', args: burnArgs }),
    ).rejects.toThrow(/ERC20InsufficientAllowance/);
  });
});
