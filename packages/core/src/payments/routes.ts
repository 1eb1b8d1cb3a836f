import { Reply, defineRoute, idempotentReply, type Context } from '@gw/runtime';
import { Delivery, TEST_EVENT_PAYMENT_ID, testWebhookBody, webhookExamples, webhookIdParam } from '../webhooks/index.js';
import { Payment, PaymentPage, createPaymentBody, listPaymentsQuery, paymentExamples as ex, paymentIdParam } from './contract.js';
import {
  confirmPayment,
  createPayment,
  getPayment,
  listPayments,
  refundPayment,
  sendTestPaymentEvent,
  TEST_EVENT_PAYER,
} from './service.js';

const route = defineRoute<Context>();

/**
 * The test event of a webhook (issue #25). Here rather than in the webhooks module because its
 * sample is a payment (this module's), and payments already depend on webhooks, not the reverse.
 */
export const webhookTestRoutes = [
  route({
    operationId: 'sendTestEvent',
    method: 'post',
    path: '/gateway/v1/webhooks/{id}/test',
    tag: 'Webhooks',
    summary: 'Send a test event to a webhook',
    description:
      'Sends a signed sample event of type `event` (default `payment.settled`) to this one webhook, even if it does not subscribe to that type, through the real pipeline: ' +
      'an event and one delivery are written in one transaction and the delivery is queued, signed, attempted, retried and recorded like every other. ' +
      `Its body carries \`"test": true\`, and its payment is made up: id \`${TEST_EVENT_PAYMENT_ID}\`, payer \`${TEST_EVENT_PAYER}\`, 1 token, a description that says it is a test, the state the event reports. ` +
      'The answer is the delivery (202, `pending`): poll `GET /gateway/v1/webhooks/deliveries/{id}` to watch its attempts. The event is listed by `GET /gateway/v1/events` with `test: true`. ' +
      "A deactivated webhook is 409 (register its URL again first). Each test event counts one event against the organization's `ORG_EVENT_QUOTA_PER_MINUTE`.",
    auth: 'webhooks',
    scope: 'webhooks:write',
    eventQuota: true,
    params: webhookIdParam,
    body: {
      schema: testWebhookBody,
      example: { event: 'payment.refunded' },
      description: 'Optional: no body (or `{}`) sends `payment.settled`',
      required: false,
    },
    errors: ['not-found', 'invalid-state'],
    problems: {
      'not-found': { detail: 'No such webhook' },
      'invalid-state': { detail: 'The webhook is deactivated; register its URL again first' },
    },
    success: [
      {
        status: 202,
        description: 'Accepted: the delivery of the test event, `pending` until its attempt is made',
        schema: Delivery,
        example: webhookExamples.testDelivery,
      },
    ],
    handler: async (deps, { params, body, principal }) =>
      new Reply(202, await sendTestPaymentEvent(deps, principal.organizationId, params.id, body.event)),
  }),
];

/**
 * Payments (issue #2). The JWT's wallet is the payer; the API key's organization is the payee.
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
    handler: (deps, { params, principal, session }) => confirmPayment(deps, principal.organizationId, params.id, session.address),
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
