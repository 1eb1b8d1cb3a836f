import { defineRoute, idempotentReply, type Context } from '@gw/runtime';
import { Payment, PaymentPage, createPaymentBody, listPaymentsQuery, paymentExamples as ex, paymentIdParam } from './schemas.js';
import type { PaymentFulfilments } from './fulfilment.js';
import { confirmPayment, createPayment, getPayment, listPayments, refundPayment } from './service.js';

const route = defineRoute<Context & { paymentFulfilments: PaymentFulfilments }>();

/**
 * Payments. The JWT's wallet is the payer; the API key's organization is the payee.
 * Amounts are strings of integer base units of the native token.
 */
export const paymentRoutes = [
  route({
    operationId: 'createPayment',
    method: 'post',
    path: '/gateway/v1/payments',
    tag: 'Payments',
    summary: 'Create a payment',
    description:
      "A payment of `amount` (integer base units of the native token) from the JWT's wallet (payer) to the API key's organization (payee), `pending` until the payer confirms it. " +
      "It expires after `expiresInSeconds` (default 900): the expiry scan moves it to `expired` within about a second. Each payment created counts one event against the organization's `ORG_EVENT_QUOTA_PER_MINUTE` (it will send one webhook event).",
    auth: 'gateway',
    scope: 'payments:write',
    eventQuota: true,
    idempotent: true,
    body: { schema: createPaymentBody, example: { amount: '12000000000000000000', description: 'Order #1001' } },
    success: [{ status: 201, description: 'The payment, `pending`', schema: Payment, example: ex.pending }],
    handler: async (deps, { body, principal, session, header }) =>
      idempotentReply(
        await createPayment(deps, {
          organizationId: principal.organizationId,
          payer: session.address,
          amount: BigInt(body.amount),
          description: body.description,
          expiresInSeconds: body.expiresInSeconds,
          idempotencyKey: header('idempotency-key'),
        }),
      ),
  }),
  route({
    operationId: 'listPayments',
    method: 'get',
    path: '/gateway/v1/payments',
    tag: 'Payments',
    summary: "List the organization's payments",
    description: 'Payments to the organization, newest first, optionally of one status.',
    auth: 'gateway',
    scope: 'payments:read',
    query: listPaymentsQuery,
    success: [{ status: 200, description: 'A page of payments', schema: PaymentPage, example: ex.page }],
    handler: (deps, { query, principal }) => listPayments(deps, principal.organizationId, query),
  }),
  route({
    operationId: 'getPayment',
    method: 'get',
    path: '/gateway/v1/payments/{id}',
    tag: 'Payments',
    summary: 'Read a payment',
    description: 'The source of truth about a payment (webhooks are not): query it when in doubt.',
    auth: 'gateway',
    scope: 'payments:read',
    params: paymentIdParam,
    errors: ['not-found'],
    problems: { 'not-found': { detail: 'No such payment' } },
    success: [{ status: 200, description: 'The payment', schema: Payment, example: ex.settled }],
    handler: (deps, { params, principal }) => getPayment(deps, principal.organizationId, params.id),
  }),
  route({
    operationId: 'confirmPayment',
    method: 'post',
    path: '/gateway/v1/payments/{id}/confirm',
    tag: 'Payments',
    summary: 'Confirm (pay) a pending payment',
    description:
      "Only the payer's JWT may confirm (403 `not-payer`). Settles the payment (one ledger entry payer → organization) or, when the payer's balance is short, answers 200 with the payment `failed`. " +
      'Not pending → 409; past its expiry → expired and 409. A `credit_purchase` mints its credits in the same transaction.',
    auth: 'gateway',
    scope: 'payments:write',
    params: paymentIdParam,
    errors: ['not-payer', 'not-found', 'invalid-state'],
    problems: {
      'not-found': { detail: 'No such payment' },
      'not-payer': { detail: 'Only the payer can confirm this payment' },
      'invalid-state': { detail: 'Payment is settled; only pending payments can be confirmed' },
    },
    success: [
      {
        status: 200,
        description: 'The payment, `settled` (or `failed` for a short balance, with `failureReason`)',
        schema: Payment,
        example: ex.settled,
      },
    ],
    handler: (deps, { params, principal, session }) =>
      confirmPayment(deps, principal.organizationId, params.id, session.address, principal.spendGuard),
  }),
  route({
    operationId: 'refundPayment',
    method: 'post',
    path: '/gateway/v1/payments/{id}/refund',
    tag: 'Payments',
    summary: 'Refund a settled payment',
    description:
      'Moves the amount back from the organization to the payer. Not settled → 409. A settled `credit_purchase` takes its credits back; once any were consumed the refund is 409.',
    auth: 'gateway',
    scope: 'payments:write',
    eventQuota: true,
    params: paymentIdParam,
    errors: ['not-found', 'invalid-state', 'insufficient-funds'],
    problems: {
      'not-found': { detail: 'No such payment' },
      'invalid-state': { detail: 'Payment is pending; only settled payments can be refunded' },
    },
    success: [{ status: 200, description: 'The payment, `refunded`', schema: Payment, example: ex.refunded }],
    handler: (deps, { params, principal }) => refundPayment(deps, principal.organizationId, params.id),
  }),
];
