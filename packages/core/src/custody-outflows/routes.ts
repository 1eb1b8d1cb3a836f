import { defineRoute, idempotentReply, type Context } from '@gw/runtime';
import { Withdrawal, withdrawBody, withdrawalExamples as ex, withdrawalIdParam } from './schemas.js';
import { getWithdrawal, withdraw } from './service.js';

const route = defineRoute<Pick<Context, 'prisma' | 'config' | 'chains' | 'secretBox' | 'queues' | 'logger'>>();

/**
 * Withdrawals: the JWT wallet's custodial tokens sent on chain to its own address, through
 * the on-chain outbox (docs/chain.md).
 */
export const withdrawalRoutes = [
  route({
    operationId: 'withdraw',
    method: 'post',
    path: '/gateway/v1/wallet/withdraw',
    tag: 'Wallet',
    summary: 'Withdraw custodial tokens to the wallet on chain',
    description:
      "Debits `amount` of the native token from the JWT wallet's custodial balance and sends it on the home chain to the wallet's own address. " +
      'The debit and the on-chain transaction are recorded in one transaction; the worker signs and sends it (nonce from PostgreSQL, signed bytes stored first, fee bumps), ' +
      'and the withdrawal becomes `confirmed` once included `CHAIN_CONFIRMATIONS` deep, or `failed` (reverted or refused on chain) with the amount credited back once. ' +
      'Poll `GET /wallet/withdrawals/{id}`. A short custodial balance → 422; no chain or no token deployed → 503 `chain-unavailable`.',
    auth: 'gateway',
    scope: 'wallet:write',
    idempotent: true,
    body: { schema: withdrawBody, example: { amount: '5000000000000000000' } },
    errors: ['insufficient-funds', 'chain-unavailable'],
    success: [{ status: 202, description: 'Accepted: the withdrawal, `pending`', schema: Withdrawal, example: ex.pending }],
    handler: async (deps, { body, principal, session, header }) =>
      idempotentReply(
        await withdraw(deps, {
          organizationId: principal.organizationId,
          address: session.address,
          amount: BigInt(body.amount),
          token: body.token,
          idempotencyKey: header('idempotency-key'),
        }),
      ),
  }),
  route({
    operationId: 'getWithdrawal',
    method: 'get',
    path: '/gateway/v1/wallet/withdrawals/{id}',
    tag: 'Wallet',
    summary: 'A withdrawal and its state',
    description:
      "A withdrawal of the JWT's wallet: `pending`, `submitted` (broadcast; `txHash` is the latest transaction signed for it), `confirmed` or `failed`. Another wallet's or organization's id → 404.",
    auth: 'gateway',
    scope: 'wallet:read',
    params: withdrawalIdParam,
    errors: ['not-found'],
    success: [{ status: 200, description: 'The withdrawal', schema: Withdrawal, example: ex.confirmed }],
    handler: (deps, { params, principal, session }) => getWithdrawal(deps, principal.organizationId, session.address, params.id),
  }),
];
