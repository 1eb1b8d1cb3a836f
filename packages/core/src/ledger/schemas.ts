import { z } from 'zod';
import { EX, address, amount, amountSchema, dateTime, symbol, units, uuid } from '@gw/runtime';
import { isEvmAddress } from '../evm/index.js';
import { OnchainBalance, OnchainToken, caip2 } from '../chain/index.js';

/**
 * The ledger contract: request and response schemas of the wallet (`/wallet/balances`,
 * `/wallet/transfer`), the token (`/token/info`) and the treasury (`/treasury/overview`).
 * Amounts are strings of integer base units; timestamps are ISO 8601 UTC. Unknown body fields are 400.
 */

// --- requests -----------------------------------------------------------------------------------

/** An EVM address: 0x + 40 hex digits; mixed case must match the EIP-55 checksum. */
export const evmAddressSchema = z.string().refine(isEvmAddress, 'must be an EVM address (mixed case must match the EIP-55 checksum)').meta({
  description: 'EVM address, 0x + 40 hex digits: all lower case, all upper case, or mixed case matching its EIP-55 checksum',
  example: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
});

/** A token symbol as stored in the `tokens` table (existence is checked by the service: unknown → 400). */
export const tokenSymbolSchema = z
  .string()
  .min(1)
  .max(32)
  .meta({ description: 'Token symbol known to the service (unknown → 400)', example: 'GTK' });

export const transferBody = z.strictObject({
  to: evmAddressSchema,
  amount: amountSchema,
  /** Default: the native token. */
  token: tokenSymbolSchema.optional().meta({ description: 'Token symbol; default the native token' }),
});

// --- responses ----------------------------------------------------------------------------------

/** How a token is shown inside balances and overviews. */
export const TokenRef = z
  .object({
    symbol: symbol(),
    name: z.string().meta({ example: 'Gateway Token' }),
    decimals: z.number().int().min(0).meta({ example: 18 }),
  })
  .meta({ id: 'TokenRef' });
export type TokenRef = z.infer<typeof TokenRef>;

/** `GET /wallet/balances`: every token of the `tokens` table, zeros included; balances in integer base units. */
export const WalletBalances = z
  .object({
    address: address(),
    data: z.array(z.object({ token: TokenRef, balance: units() })).meta({
      description:
        'Custodial balances: what the gateway holds for the wallet in its ledger (what payments, transfers and AI billing spend), every token, zeros included, native token first',
    }),
    onchain: z.array(OnchainBalance).optional().meta({
      description:
        "The wallet's own balances on chain (its address's ERC-20 balance on each configured chain: the token on the home chain, the wrapped token elsewhere), read at the latest block. Absent when the service runs without a chain",
    }),
  })
  .meta({ id: 'WalletBalances', description: 'Custodial (`data`) and on-chain (`onchain`) balances of the wallet' });
export type WalletBalances = z.infer<typeof WalletBalances>;

/** The transfer object of `POST /wallet/transfer`. Amount in integer base units. */
export const Transfer = z
  .object({ id: uuid(), from: address(), to: address(), token: symbol(), amount: amount(), createdAt: dateTime() })
  .meta({ id: 'Transfer' });
export type TransferDto = z.infer<typeof Transfer>;

/** `GET /token/info`: the native token and its supply, strings of integer base units. */
export const TokenInfo = z
  .object({
    symbol: symbol(),
    name: z.string(),
    decimals: z.number().int().min(0),
    totalSupply: units().meta({ description: 'Everything ever minted' }),
    circulatingSupply: units().meta({ description: 'Total supply less the treasury, the staking pool and the bridge escrow' }),
    onchain: OnchainToken.optional().meta({
      description:
        'The token contract on the home chain as it states itself (its `totalSupply()`). Absent when the service runs without a chain',
    }),
  })
  .meta({
    id: 'TokenInfo',
    description: "The native token: `totalSupply` and `circulatingSupply` are the custodial ledger's figures; `onchain` is the contract's",
  });
export type TokenInfoDto = z.infer<typeof TokenInfo>;

/** `GET /treasury/overview`; amounts are strings of integer base units. */
export const TreasuryOverview = z
  .object({
    balances: z.array(z.object({ token: TokenRef, balance: units() })),
    last30Days: z.array(z.object({ token: TokenRef, inflow: units(), outflow: units() })),
    onchain: z
      .object({
        chain: caip2(),
        address: address().meta({ description: 'The DAO treasury on chain: the TimelockController the governor executes through' }),
        balances: z.array(OnchainBalance),
      })
      .optional()
      .meta({
        description: "The timelock's holdings on the home chain, read at the latest block. Absent when the service runs without a chain",
      }),
  })
  .meta({
    id: 'TreasuryOverview',
    description: '`balances` and `last30Days`: the `system:treasury` ledger account; `onchain`: the timelock contract',
  });
export type TreasuryOverviewDto = z.infer<typeof TreasuryOverview>;

// --- examples -----------------------------------------------------------------------------------

const GTK = { symbol: 'GTK', name: 'Gateway Token', decimals: 18 };
const USDC = { symbol: 'USDC', name: 'USD Coin', decimals: 6 };
const TOKEN_ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const WRAPPED_ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

/** Example answers of the API reference (validated against their schemas by the contract tests). */
export const ledgerExamples = {
  walletBalances: {
    address: EX.wallet,
    data: [
      { token: GTK, balance: '100000000000000000000' },
      { token: USDC, balance: '0' },
    ],
    onchain: [
      { chain: 'eip155:31337', contract: TOKEN_ADDRESS, symbol: 'GTK', balance: '25000000000000000000' },
      { chain: 'eip155:31338', contract: WRAPPED_ADDRESS, symbol: 'wGTK', balance: '0' },
    ],
  },
  transfer: { id: EX.transferId, from: EX.wallet, to: EX.recipient, token: 'GTK', amount: '3000000000000000000', createdAt: EX.time },
  tokenInfo: {
    symbol: 'GTK',
    name: 'Gateway Token',
    decimals: 18,
    totalSupply: '1000000000000000000000000',
    circulatingSupply: '820000000000000000000000',
    onchain: {
      chain: 'eip155:31337',
      contract: TOKEN_ADDRESS,
      name: 'Gateway Token',
      symbol: 'GTK',
      decimals: 18,
      totalSupply: '1000000000000000000000000000',
    },
  },
  treasury: {
    balances: [
      { token: GTK, balance: '150000000000000000000000' },
      { token: USDC, balance: '0' },
    ],
    last30Days: [
      { token: GTK, inflow: '50000000000000000000000', outflow: '98630136986301369' },
      { token: USDC, inflow: '0', outflow: '0' },
    ],
    onchain: {
      chain: 'eip155:31337',
      address: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
      balances: [{ chain: 'eip155:31337', contract: TOKEN_ADDRESS, symbol: 'GTK', balance: '1234000000000000000000' }],
    },
  },
};
