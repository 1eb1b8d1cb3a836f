import { z } from 'zod';
import { address } from '@gw/runtime';

/**
 * The contracts contract (issue #3, contracts and ABIs): the contract addresses per network
 * (`GET /gateway/v1/contracts/addresses`) and the ABI files (`GET /contracts-abi/{file}`).
 */

/** The contracts every supported network deploys (issue #3, contracts and ABIs). */
export const CONTRACT_KINDS = ['token', 'staking', 'governor', 'treasury', 'bridge'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

/** CAIP-2 chain id (`namespace:reference`), e.g. `eip155:1`. */
export const CAIP2_PATTERN = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/;

/** Names an ABI file may have: lower-case words, `.json`. Nothing else in the directory is served. */
export const ABI_FILE_NAME = /^[a-z0-9][a-z0-9-]{0,63}\.json$/;

export const ContractAddresses = z
  .object({
    version: z.number().int().min(1),
    networks: z.record(
      z.string().meta({ description: 'CAIP-2 chain id' }),
      z.object({
        name: z.string(),
        contracts: z.object(
          Object.fromEntries(CONTRACT_KINDS.map((k) => [k, address()])) as Record<ContractKind, ReturnType<typeof address>>,
        ),
      }),
    ),
  })
  .meta({ id: 'ContractAddresses', description: 'Contract addresses per network, keyed by CAIP-2 chain id' });
/** The versioned contract configuration; its networks are also the chains the bridge accepts. */
export type ContractAddresses = z.infer<typeof ContractAddresses>;

export const Abi = z
  .array(z.object({ type: z.string() }).catchall(z.unknown()))
  .meta({ id: 'Abi', description: 'A Solidity JSON ABI: an array of function, event and error descriptions' });

/**
 * Path parameter of `GET /contracts-abi/{file}`. The pattern is documented, not enforced: any
 * other name is answered 404 like an unknown file (never 400).
 */
export const abiFileParam = z.object({
  file: z.string().meta({ description: 'File name of the ABI', example: 'token.json', pattern: ABI_FILE_NAME.source }),
});

/** Request header of `GET /contracts-abi/{file}` (documentation only). */
export const abiRequestHeaders = z.object({
  'If-None-Match': z.string().optional().meta({ description: 'An ETag from an earlier answer: 304 when it still matches' }),
});

/** Example answers of the API reference (validated against the schemas by the contract tests). */
export const contractExamples = {
  addresses: {
    version: 1,
    networks: {
      'eip155:1': {
        name: 'Ethereum',
        contracts: {
          token: '0x3c693b615ba2349eA20D24971E5075CA20074644',
          staking: '0xa14FF93480F1B8F942c605e5Fca6B897334Beaa7',
          governor: '0x9fbD9B0DD8A44081425a6Bf708fb4d75d2EB70FF',
          treasury: '0xeb44B86bC64B9093447aF4eae24e81FDEFe6b257',
          bridge: '0x4BB07071049123DfD6504E6165c2228a1B4f0a08',
        },
      },
    },
  },
  abi: [
    {
      type: 'function',
      name: 'balanceOf',
      inputs: [{ name: 'account', type: 'address', internalType: 'address' }],
      outputs: [{ name: '', type: 'uint256', internalType: 'uint256' }],
      stateMutability: 'view',
    },
  ],
};
