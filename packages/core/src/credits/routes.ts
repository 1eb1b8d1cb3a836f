import { defineRoute, idempotentReply, type Context } from '@gw/runtime';
import { Payment } from '../payments/index.js';
import { CreditBalance, CreditConsumption, consumeCreditsBody, creditExamples as ex, purchaseCreditsBody } from './schemas.js';
import { consumeCredits, getCreditBalance, purchaseCredits } from './service.js';

const route = defineRoute<Pick<Context, 'prisma' | 'sql' | 'queues' | 'logger' | 'config'>>();

/**
 * AI billing: credits are one balance per wallet for the whole ecosystem, bought
 * through a payment and consumed by the organization's AI features.
 */
export const creditRoutes = [
  route({
    operationId: 'purchaseCredits',
    method: 'post',
    path: '/ai-billing/credits/purchase',
    tag: 'AI billing',
    summary: 'Buy AI credits',
    description:
      'Creates a payment (purpose `credit_purchase`) of `credits × CREDIT_PRICE` base units of the native token to the organization. ' +
      'The payer confirms it with `POST /gateway/v1/payments/{id}/confirm`, which mints the credits in the same transaction.',
    auth: 'gateway',
    scope: 'billing:write',
    eventQuota: true,
    idempotent: true,
    body: { schema: purchaseCreditsBody, example: { credits: 500 } },
    success: [{ status: 201, description: 'The purchase payment, `pending`', schema: Payment, example: ex.purchase }],
    handler: async (deps, { body, principal, session, header }) =>
      idempotentReply(
        await purchaseCredits(deps, {
          organizationId: principal.organizationId,
          payer: session.address,
          credits: body.credits,
          idempotencyKey: header('idempotency-key'),
        }),
      ),
  }),
  route({
    operationId: 'consumeCredits',
    method: 'post',
    path: '/ai-billing/consumption',
    tag: 'AI billing',
    summary: 'Record a consumption of credits',
    description:
      'Debits `units` credits from the JWT wallet atomically. Not enough credits → 402 `payment-required` (`balance`, `required`) and nothing is recorded.',
    auth: 'gateway',
    scope: 'billing:write',
    idempotent: true,
    body: { schema: consumeCreditsBody, example: { units: 20, feature: 'chat.completion' } },
    errors: ['payment-required'],
    problems: {
      'payment-required': {
        detail: 'This needs 31 credits; the wallet holds 30. Buy credits first.',
        ext: { balance: '30', required: '31' },
      },
    },
    success: [{ status: 201, description: 'The consumption and the balance left', schema: CreditConsumption, example: ex.consumption }],
    handler: async (deps, { body, principal, session, header }) =>
      idempotentReply(
        await consumeCredits(deps, {
          organizationId: principal.organizationId,
          address: session.address,
          units: body.units,
          feature: body.feature,
          idempotencyKey: header('idempotency-key'),
          spendGuard: principal.spendGuard,
        }),
      ),
  }),
  route({
    operationId: 'getCreditBalance',
    method: 'get',
    path: '/ai-billing/credits',
    tag: 'AI billing',
    summary: "The wallet's credits",
    description:
      'One balance per wallet for the whole ecosystem; `recent` holds the last 20 consumptions recorded through the calling organization, newest first.',
    auth: 'gateway',
    scope: 'billing:read',
    success: [{ status: 200, description: 'Credit balance', schema: CreditBalance, example: ex.balance }],
    handler: (deps, { principal, session }) => getCreditBalance(deps, principal.organizationId, session.address),
  }),
];
