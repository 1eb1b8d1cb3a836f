import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getAddress, isAddress } from 'viem';
import { z } from 'zod';

/** The contracts every supported network deploys (issue #3, contracts and ABIs). */
export const CONTRACT_KINDS = ['token', 'staking', 'governor', 'treasury', 'bridge'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

/** `config/contracts.json` at the repository root, found from this file (not from the working directory). */
export const DEFAULT_CONTRACTS_CONFIG = fileURLToPath(new URL('../../../../config/contracts.json', import.meta.url));

/** CAIP-2 chain id (`namespace:reference`), e.g. `eip155:1`. */
export const CAIP2_PATTERN = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/;

const checksummed = z
  .string()
  .refine((a) => isAddress(a, { strict: true }) && getAddress(a) === a, 'must be an EIP-55 checksummed address');

const contractsFile = z.strictObject({
  version: z.number().int().min(1),
  networks: z
    .record(
      z.string().regex(CAIP2_PATTERN, 'must be a CAIP-2 chain id'),
      z.strictObject({
        name: z.string().min(1),
        contracts: z.strictObject(
          Object.fromEntries(CONTRACT_KINDS.map((k) => [k, checksummed])) as Record<ContractKind, typeof checksummed>,
        ),
      }),
    )
    .refine((n) => Object.keys(n).length > 0, 'at least one network'),
});

/** The versioned contract configuration, as served by `GET /gateway/v1/contracts/addresses`. */
export interface ContractAddresses {
  version: number;
  /** Keyed by CAIP-2 chain id; these are also the chains the bridge accepts. */
  networks: Record<string, { name: string; contracts: Record<ContractKind, string> }>;
}

/**
 * Reads and validates the contract configuration once (call at start-up, not per request).
 * @param file path of the JSON file (default: `config/contracts.json` of the repository)
 * @throws Error naming the file and the invalid field: a bad deployment fails at start-up
 */
export function loadContractAddresses(file: string = DEFAULT_CONTRACTS_CONFIG): ContractAddresses {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`contract configuration ${file} cannot be read: ${(err as Error).message}`, { cause: err });
  }
  const parsed = contractsFile.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    throw new Error(`contract configuration ${file} is invalid at ${first.path.join('.') || '(root)'}: ${first.message}`);
  }
  return deepFreeze(parsed.data as ContractAddresses);
}

/** True when the bridge may send to `chainId` (a network listed in the configuration). */
export const isSupportedChain = (addresses: ContractAddresses, chainId: string): boolean =>
  Object.prototype.hasOwnProperty.call(addresses.networks, chainId);

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
