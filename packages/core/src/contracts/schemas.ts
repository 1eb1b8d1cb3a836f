import { z } from 'zod';
import { address } from '@gw/runtime';
import { ABI_FILES, CONTRACT_NAMES, type ContractName } from '../chain/index.js';

/**
 * The contracts contract: the addresses of our deployed contracts
 * per chain (`GET /gateway/v1/contracts/addresses`) and their compiled ABIs (`GET /contracts-abi/{file}`).
 */

/** CAIP-2 chain id (`namespace:reference`), e.g. `eip155:31337`. */
export const CAIP2_PATTERN = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/;

/** Names an ABI file may have: lower-case words, `.json`. Nothing else is served. */
export const ABI_FILE_NAME = /^[a-z0-9][a-z0-9-]{0,63}\.json$/;

const contractAddressFields = Object.fromEntries(
  CONTRACT_NAMES.map((k) => [
    k,
    address()
      .optional()
      .meta({ description: `Address of the ${k} contract (ABI: \`/contracts-abi/${ABI_FILES[k]}\`)` }),
  ]),
) as Record<ContractName, z.ZodOptional<ReturnType<typeof address>>>;

export const ContractAddresses = z
  .object({
    version: z.literal(2).meta({ description: 'Shape version: 2, the addresses of the contracts actually deployed' }),
    networks: z.record(
      z.string().meta({ description: 'CAIP-2 chain id' }),
      z.object({
        chainId: z.number().int().min(1).meta({ description: 'EIP-155 chain id' }),
        home: z.boolean().meta({ description: 'The home chain: the token, custody, governance, staking and the bridge vault live here' }),
        local: z.boolean().meta({ description: 'A local development chain (anvil): tokens have no value, the faucet works' }),
        rpcUrl: z.url().optional().meta({
          description:
            "The chain's JSON-RPC URL, for a wallet or `cast` on the developer's machine: only for a local chain on a loopback address, and only with NODE_ENV=development (never a provider's URL, which may carry a key)",
        }),
        custody: address().meta({
          description:
            'The custody address: send the token here to deposit it (credited after the confirmations); withdrawals leave from it',
        }),
        contracts: z.object(contractAddressFields).meta({
          description:
            'Home chain: `token`, `treasury` (the timelock), `governor`, `staking`, `bridge` (lock vault). Other chains: `wrappedToken` (mint/burn of the bridge)',
        }),
      }),
    ),
  })
  .meta({ id: 'ContractAddresses', description: 'Our deployed contracts per chain, keyed by CAIP-2 chain id, EIP-55 checksummed' });
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
    version: 2,
    networks: {
      'eip155:31337': {
        chainId: 31337,
        home: true,
        local: true,
        rpcUrl: 'http://127.0.0.1:8545',
        custody: '0x8B3a350cf5c34C9194ca85829a2dF0eC3153Be03',
        contracts: {
          token: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
          treasury: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
          governor: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
          staking: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9',
          bridge: '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707',
        },
      },
      'eip155:31338': {
        chainId: 31338,
        home: false,
        local: true,
        rpcUrl: 'http://127.0.0.1:8546',
        custody: '0x8B3a350cf5c34C9194ca85829a2dF0eC3153Be03',
        contracts: { wrappedToken: '0x5FbDB2315678afecb367f032d93F642f64180aa3' },
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
