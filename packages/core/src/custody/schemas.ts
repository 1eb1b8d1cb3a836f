import { z } from 'zod';
import { EX, address, amount, dateTime, listQuerySchema, page, symbol, units, uuid } from '@gw/runtime';
import { caip2 } from '../chain/index.js';
import { eventBody, TEST_EVENT_ADDRESS, TEST_EVENT_PAYMENT_ID, type WebhookEventDefinition } from '../webhooks/index.js';

/**
 * The custody contract: the wallet's deposits (`GET /wallet/deposits`) and the proof of
 * reserves' report. Amounts are strings of integer base units; timestamps are ISO 8601 UTC.
 */

export const listDepositsQuery = listQuerySchema;

/** What a deposit's status means (see docs/chain.md, "Deposits"). */
export const DEPOSIT_STATUSES = ['pending', 'credited', 'orphaned'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

const txHash = () =>
  z
    .string()
    .regex(/^0x[0-9a-f]{64}$/)
    .meta({ description: 'Transaction hash', example: '0x8b7f7b3c5f0a2b1e4c6d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b' });

/** One deposit of the wallet: a transfer of the native token to the custody address, found on chain. */
export const Deposit = z
  .object({
    id: uuid().meta({ example: EX.transferId }),
    chain: caip2(),
    address: address().meta({ description: 'The wallet that sent the tokens: its custodial balance is the one credited' }),
    txHash: txHash(),
    logIndex: z.number().int().min(0).meta({ description: 'Index of the Transfer log in its block', example: 0 }),
    blockNumber: units().meta({ description: 'Block holding the transfer, as a decimal string', example: '1234' }),
    token: symbol(),
    amount: amount(),
    confirmations: z.number().int().min(0).meta({
      description: "Blocks on top of the deposit's block when read (0 for an orphaned one); credited at CHAIN_CONFIRMATIONS",
      example: 2,
    }),
    status: z.enum(DEPOSIT_STATUSES).meta({
      description:
        '`pending`: seen on chain, waiting for its confirmations (one reorged out before them disappears, never credited); ' +
        "`credited`: added to the wallet's custodial balance, once; `orphaned`: credited, then removed from the chain by a reorg deeper than the confirmations (reported to the operator)",
    }),
    createdAt: dateTime().meta({ example: EX.time }),
    creditedAt: dateTime().nullable().meta({ example: EX.later }),
  })
  .meta({ id: 'Deposit', description: 'A deposit to the custody address' });
export type DepositDto = z.infer<typeof Deposit>;

export const DepositPage = page('DepositPage', Deposit, "The wallet's deposits, newest first");

export const custodyExamples = {
  depositPage: {
    data: [
      {
        id: EX.transferId,
        chain: 'eip155:31337',
        address: EX.wallet,
        txHash: '0x8b7f7b3c5f0a2b1e4c6d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b',
        logIndex: 0,
        blockNumber: '1234',
        token: 'GTK',
        amount: '25000000000000000000',
        confirmations: 2,
        status: 'credited' as const,
        createdAt: EX.time,
        creditedAt: EX.later,
      },
    ],
    nextCursor: null,
  },
};

// --- the event a credited deposit pushes to webhooks ------------------------------------------------

/**
 * `deposit.credited`: a deposit's confirmations are reached and the wallet's custodial
 * balance is credited, once. Sent only to the organizations the deposit is attributable to (a
 * gasless deposit's; a plain transfer to the custody address belongs to no organization: see
 * docs/chain.md, "Deposits").
 */
export const DEPOSIT_EVENTS = {
  'deposit.credited': {
    type: 'deposit.credited',
    payload: eventBody('deposit.credited', 'deposit', Deposit, {
      id: 'DepositCreditedEvent',
      description:
        "A deposit to the custody address reached `CHAIN_CONFIRMATIONS` and the wallet's custodial balance is credited (once); only for a deposit made on the organization's behalf (a gasless deposit, `POST /gateway/v1/wallet/permit-deposits`)",
      data: 'The deposit as `GET /gateway/v1/wallet/deposits` lists it, `credited`',
    }),
    example: {
      id: EX.eventId,
      type: 'deposit.credited',
      createdAt: EX.later,
      delivery: { id: EX.deliveryId, timestamp: 1795281301 },
      data: { deposit: custodyExamples.depositPage.data[0] },
    },
    sourceOfTruth:
      'A deposit is credited once; a reorg deeper than the confirmations may later make it `orphaned` (no event: the operator is alerted): `GET /gateway/v1/wallet/deposits` is the source of truth.',
    sample: (s) => ({
      deposit: {
        id: TEST_EVENT_PAYMENT_ID,
        chain: s.chain,
        address: TEST_EVENT_ADDRESS,
        txHash: `0x${'7e57'.repeat(16)}`,
        logIndex: 0,
        blockNumber: '1',
        token: s.token,
        amount: '1000000000000000000',
        confirmations: 2,
        status: 'credited',
        createdAt: s.now.toISOString(),
        creditedAt: s.now.toISOString(),
      },
    }),
  },
} as const satisfies { 'deposit.credited': WebhookEventDefinition<'deposit.credited'> };

/** The proof of reserves of one chain and token (`checkReserves`, `admin reserves:check`). */
export interface ReservesReport {
  /** CAIP-2 id of the home chain. */
  chain: string;
  /** Token symbol (the native token). */
  token: string;
  /** The custody address. */
  custody: string;
  /** Block at which the on-chain balance was read: every deposit at or below it is credited. */
  block: string;
  /**
   * Custodial supply in the ledger (minus the balance of `system:issuance`) as of `block`: plus the
   * withdrawals final in the ledger whose transaction was mined above `block`, minus those mined at
   * or below it and not final yet; base units.
   */
  custodial: string;
  /** The custody address's `balanceOf` at `block`, base units. */
  onchain: string;
  /** onchain − custodial, base units (negative: the ledger holds more than the chain backs). */
  difference: string;
  /** True when difference is 0. */
  holds: boolean;
}
