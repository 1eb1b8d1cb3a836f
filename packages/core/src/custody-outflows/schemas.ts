import { z } from 'zod';
import { EX, address, amount, amountSchema, dateTime, idParam, symbol, uuid } from '@gw/runtime';
import { caip2 } from '../chain/index.js';
import { eventBody, TEST_EVENT_ADDRESS, TEST_EVENT_PAYMENT_ID, type WebhookEventDefinition } from '../webhooks/index.js';

/**
 * The withdrawals contract: `POST /gateway/v1/wallet/withdraw` and
 * `GET /gateway/v1/wallet/withdrawals/{id}`. Amounts are strings of integer base units.
 */

export const withdrawBody = z.strictObject({
  amount: amountSchema,
  token: z
    .string()
    .min(1)
    .max(32)
    .optional()
    .meta({ description: 'Token symbol; only the native token is on chain (default)', example: 'GTK' }),
});

/** States of a withdrawal, in order; `confirmed` and `failed` are final. */
export const WITHDRAWAL_STATUSES = ['pending', 'submitted', 'confirmed', 'failed'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export const Withdrawal = z
  .object({
    id: uuid(),
    object: z.literal('withdrawal'),
    status: z.enum(WITHDRAWAL_STATUSES).meta({
      description:
        '`pending`: debited from the custodial balance, the transaction not yet broadcast; `submitted`: broadcast, waiting for inclusion and the confirmations; ' +
        '`confirmed`: included `CHAIN_CONFIRMATIONS` deep and successful; `failed`: refused or reverted on chain, the amount credited back to the custodial balance (once)',
    }),
    chain: caip2(),
    /** The JWT's wallet: the debited account and the on-chain recipient. */
    to: address(),
    token: symbol(),
    amount: amount(),
    txHash: z
      .string()
      .nullable()
      .meta({ description: 'Hash of the transaction (the latest one signed while in flight; the mined one once final)' }),
    failureReason: z.string().nullable(),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  })
  .meta({ id: 'Withdrawal', description: 'Custodial tokens sent on chain to the wallet' });
export type WithdrawalDto = z.infer<typeof Withdrawal>;

export const withdrawalIdParam = idParam('withdrawal', '0193a5c0-0000-7000-8000-0000000000a1');

/** Example answers of the API reference (validated against {@link Withdrawal} by the contract tests). */
export const withdrawalExamples = {
  pending: {
    id: '0193a5c0-0000-7000-8000-0000000000a1',
    object: 'withdrawal',
    status: 'pending',
    chain: 'eip155:31337',
    to: EX.wallet,
    token: 'GTK',
    amount: '5000000000000000000',
    txHash: null,
    failureReason: null,
    createdAt: EX.time,
    updatedAt: EX.time,
  },
  confirmed: {
    id: '0193a5c0-0000-7000-8000-0000000000a1',
    object: 'withdrawal',
    status: 'confirmed',
    chain: 'eip155:31337',
    to: EX.wallet,
    token: 'GTK',
    amount: '5000000000000000000',
    txHash: '0x8f5a1c2a4f7b2d9d0e3b6a5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e',
    failureReason: null,
    createdAt: EX.time,
    updatedAt: EX.time,
  },
};

// --- the events a withdrawal's final state pushes to webhooks ------------------------------------------

const failed = {
  ...withdrawalExamples.confirmed,
  status: 'failed',
  failureReason: 'reverted on chain',
  updatedAt: '2026-11-21T17:00:30.000Z',
};

const withdrawalEvent = <E extends 'withdrawal.confirmed' | 'withdrawal.failed'>(
  type: E,
  id: string,
  description: string,
  example: object,
): WebhookEventDefinition<E> => ({
  type,
  payload: eventBody(type, 'withdrawal', Withdrawal, {
    id,
    description,
    data: 'The withdrawal as `GET /gateway/v1/wallet/withdrawals/{id}` returns it, in its final state',
  }),
  example: {
    id: EX.eventId,
    type,
    createdAt: '2026-11-21T17:00:30.000Z',
    delivery: { id: EX.deliveryId, timestamp: 1795280430 },
    data: { withdrawal: example },
  },
  sourceOfTruth:
    'A withdrawal has one final state, so it gets one of these two events, once: `GET /gateway/v1/wallet/withdrawals/{id}` is the source of truth.',
  sample: (s) => ({
    withdrawal: {
      id: TEST_EVENT_PAYMENT_ID,
      object: 'withdrawal',
      status: type === 'withdrawal.confirmed' ? 'confirmed' : 'failed',
      chain: s.chain,
      to: TEST_EVENT_ADDRESS,
      token: s.token,
      amount: '1000000000000000000',
      txHash: `0x${'7e57'.repeat(16)}`,
      failureReason: type === 'withdrawal.failed' ? 'test event: not a real withdrawal' : null,
      createdAt: s.now.toISOString(),
      updatedAt: s.now.toISOString(),
    },
  }),
});

/**
 * The withdrawals' webhook events, sent to the withdrawal's organization when its
 * transaction is final: `withdrawal.confirmed` (included `CHAIN_CONFIRMATIONS` deep and successful)
 * or `withdrawal.failed` (refused or reverted; the amount is back in the custodial balance).
 */
export const WITHDRAWAL_EVENTS = {
  'withdrawal.confirmed': withdrawalEvent(
    'withdrawal.confirmed',
    'WithdrawalConfirmedEvent',
    "The withdrawal's transaction is included `CHAIN_CONFIRMATIONS` blocks deep and succeeded: the tokens are in the wallet on chain",
    withdrawalExamples.confirmed,
  ),
  'withdrawal.failed': withdrawalEvent(
    'withdrawal.failed',
    'WithdrawalFailedEvent',
    "The chain refused or reverted the withdrawal's transaction: the amount is back in the wallet's custodial balance (`failureReason` says why)",
    failed,
  ),
} as const;
