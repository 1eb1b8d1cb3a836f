import { type Abi, decodeErrorResult, type Hex, isHex } from 'viem';
import { artifacts } from '@gw/contracts';

type AbiError = Extract<Abi[number], { type: 'error' }>;

/**
 * The custom errors of every contract of ours (`@gw/contracts`' artifacts: our own errors and the
 * OpenZeppelin ones they inherit, e.g. `ERC20InsufficientBalance`, IERC20Errors of ERC-6093), in
 * one ABI, once per signature. A call made with a narrower ABI (viem's `erc20Abi`) cannot name a
 * revert (`Unable to decode signature "0xe450d38c"`): decode with this one, or add it to the call's
 * ABI ({@link withContractErrors}).
 */
export const CONTRACT_ERRORS_ABI: readonly AbiError[] = (() => {
  const bySignature = new Map<string, AbiError>();
  for (const artifact of Object.values(artifacts)) {
    for (const item of artifact.abi as Abi) {
      if (item.type !== 'error') continue;
      const signature = `${item.name}(${item.inputs.map((i) => i.type).join(',')})`;
      if (!bySignature.has(signature)) bySignature.set(signature, item);
    }
  }
  return [...bySignature.values()];
})();

/** `abi` with every custom error of our contracts added, so that viem names any revert of a call made with it. */
export const withContractErrors = <A extends Abi>(abi: A): A => [...abi, ...CONTRACT_ERRORS_ABI] as unknown as A;

/** The revert data viem kept somewhere in an error's chain (`data` of the node's JSON-RPC error, `raw` of a decoded revert). */
function revertData(err: unknown): Hex | undefined {
  for (let e = err as Record<string, unknown> | undefined, depth = 0; e && typeof e === 'object' && depth < 10; depth++) {
    for (const v of [e.raw, e.data, (e.data as { data?: unknown } | undefined)?.data]) {
      if (typeof v === 'string' && isHex(v) && v.length >= 10) return v;
    }
    e = e.cause as Record<string, unknown> | undefined;
  }
  return undefined;
}

const formatArg = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(formatArg).join(', ')}]`
    : typeof v === 'object' && v !== null
      ? JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x))
      : String(v);

/**
 * The revert an error of viem carries, named with our contracts' errors (and Solidity's
 * `Error(string)` and `Panic(uint256)`): e.g. `ERC20InsufficientBalance(0x…, 0, 5)` (amounts in
 * base units, as the contract has them). Undefined when the error holds no revert data, or data of
 * an error none of our contracts declares.
 */
export function describeRevert(err: unknown): string | undefined {
  const data = revertData(err);
  if (!data) return undefined;
  try {
    const { errorName, args } = decodeErrorResult({ abi: CONTRACT_ERRORS_ABI as Abi, data });
    if (errorName === 'Error' && typeof args?.[0] === 'string') return `reverted: ${args[0]}`;
    return `${errorName}(${(args ?? []).map(formatArg).join(', ')})`;
  } catch {
    return undefined;
  }
}
