import { z } from 'zod';
import { address, amountSchema, units } from '@gw/runtime';

/**
 * The chain contract: the names of our deployed contracts and the shapes of what is read
 * from the chain. Amounts are strings of integer base units; chains are CAIP-2 ids (`eip155:<id>`).
 */

/**
 * The contracts of a deployment, by public name. On the home chain: `token` (GatewayToken, ERC-20 +
 * EIP-2612 permit + ERC20Votes), `treasury` (the TimelockController: the DAO treasury), `governor`
 * (OpenZeppelin Governor), `staking` (the default farming pool: stake the token, earn the token) and
 * `bridge` (the lock vault). On every other chain: `wrappedToken` (mint/burn by the relayer).
 */
export const CONTRACT_NAMES = ['token', 'treasury', 'governor', 'staking', 'bridge', 'wrappedToken'] as const;
export type ContractName = (typeof CONTRACT_NAMES)[number];

/** What the home chain deploys, in deployment order. */
export const HOME_CONTRACTS = ['token', 'treasury', 'governor', 'staking', 'bridge'] as const satisfies readonly ContractName[];
/** What each other chain (a bridge destination) deploys. */
export const REMOTE_CONTRACTS = ['wrappedToken'] as const satisfies readonly ContractName[];

/** The ABI file served for each contract at `/contracts-abi/<file>`. */
export const ABI_FILES: Record<ContractName, string> = {
  token: 'token.json',
  treasury: 'treasury.json',
  governor: 'governor.json',
  staking: 'staking.json',
  bridge: 'bridge.json',
  wrappedToken: 'wrapped-token.json',
};

/** CAIP-2 chain id (`namespace:reference`), e.g. `eip155:31337`. */
export const caip2 = () =>
  z
    .string()
    .regex(/^eip155:[1-9][0-9]{0,15}$/)
    .meta({ description: 'CAIP-2 chain id', example: 'eip155:31337' });

/** A wallet's balance of our token on one chain (the token on the home chain, the wrapped token elsewhere). */
export const OnchainBalance = z
  .object({
    chain: caip2(),
    contract: address().meta({ description: 'The ERC-20 contract read' }),
    symbol: z.string().meta({ example: 'GTK' }),
    balance: units(),
  })
  .meta({ id: 'OnchainBalance', description: "A balance read from the chain's ERC-20 contract at the latest block" });
export type OnchainBalance = z.infer<typeof OnchainBalance>;

/** The native token as its contract on the home chain states it. */
export const OnchainToken = z
  .object({
    chain: caip2(),
    contract: address(),
    name: z.string(),
    symbol: z.string(),
    decimals: z.number().int().min(0),
    totalSupply: units().meta({ description: 'Integer base units: `totalSupply()` of the contract' }),
  })
  .meta({ id: 'OnchainToken', description: 'The token contract on the home chain, read at the latest block' });
export type OnchainToken = z.infer<typeof OnchainToken>;

/** What a recorded deployment is, for the repository and the services. */
export interface Deployment {
  chainId: number;
  contract: ContractName;
  address: `0x${string}`;
  codeHash: `0x${string}`;
  sourceHash: string;
  txHash: `0x${string}` | null;
  blockNumber: bigint | null;
}

// --- EIP-2612 permits (shared by every flow that relays a holder's permit) -----------------------

/** EIP-2612's typed data: `Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)`. */
export const PERMIT_TYPES = {
  Permit: [
    { name: 'owner', type: 'address' },
    { name: 'spender', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const;

/** `?amount=` of a typed-data request: base units. */
export const permitTypedDataQuery = z.strictObject({ amount: amountSchema });

/** The EIP-712 `Permit` of EIP-2612 for the wallet, ready for `signTypedData` (viem, ethers). */
export const PermitTypedData = z
  .object({
    object: z.literal('permit_typed_data'),
    chain: caip2(),
    /** Who may spend the permitted amount: the custody address, the bridge vault, the staking contract, … (the endpoint says which). */
    spender: address(),
    typedData: z.object({
      domain: z
        .object({
          name: z.string(),
          version: z.string(),
          chainId: z.number().int(),
          verifyingContract: address(),
        })
        .meta({ description: "The token's EIP-712 domain, as the contract reports it (ERC-5267 `eip712Domain()`)" }),
      types: z
        .object({ Permit: z.array(z.object({ name: z.string(), type: z.string() })) })
        .meta({ description: 'EIP-2612: Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)' }),
      primaryType: z.literal('Permit'),
      message: z.object({
        owner: address(),
        spender: address(),
        value: units().meta({ description: 'The amount, base units (a uint256 as a decimal string)' }),
        nonce: units().meta({ description: "The token's `nonces(owner)` when read: a permit signed for another nonce is refused" }),
        deadline: units().meta({ description: 'Unix seconds; one hour from now' }),
      }),
    }),
  })
  .meta({
    id: 'PermitTypedData',
    description: 'What the wallet signs to let the gateway move its tokens without gas (EIP-2612 permit, EIP-712 typed data)',
  });
export type PermitTypedDataDto = z.infer<typeof PermitTypedData>;

/** The `deadline` of a signed permit in a request body: unix seconds, as in the typed data. */
export const permitDeadlineSchema = z
  .number()
  .int()
  .positive()
  .meta({ description: "The signed permit's deadline, unix seconds (as in the typed data); at least 60 s ahead", example: 1795800000 });

/** A 65-byte EIP-712 signature in a request body. */
export const signatureSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{130}$/, 'must be a 65-byte signature as 0x-prefixed hex')
  .meta({ description: "The wallet's EIP-712 signature of the typed data (65 bytes, hex)", example: `0x${'ab'.repeat(65)}` });
