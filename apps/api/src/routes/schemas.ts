import { z } from 'zod';
import { listQuerySchema, WEBHOOK_EVENTS } from '@gw/runtime';

export { createPaymentBody, listPaymentsQuery } from '@gw/core/payments';

/** Request schemas, shared by validation and (issue #4) the OpenAPI document. */

export const registerWebhookBody = z.strictObject({
  url: z.string({ error: 'url is required' }).min(1).max(2048).meta({
    description: 'Absolute http(s) URL of the receiver; private and loopback destinations are refused',
    example: 'https://merchant.example/webhooks',
  }),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1)
    .max(WEBHOOK_EVENTS.length)
    .optional()
    .meta({ description: 'Events to deliver (default `["payment.settled"]`)', example: ['payment.settled', 'payment.refunded'] }),
  signatureScheme: z.enum(['service', 'standard-webhooks']).optional().meta({
    description:
      'Default `service`: X-Service-* headers. `standard-webhooks` also sends `webhook-id`, `webhook-timestamp` and `webhook-signature` (Standard Webhooks, replay protection). Re-registering without it resets it to `service`.',
    example: 'standard-webhooks',
  }),
  maxConcurrency: z.number().int().min(1).max(1000).optional().meta({
    description:
      'Most attempts in flight to this URL at once, across every worker (default `WEBHOOK_ENDPOINT_CONCURRENCY`, 10). Re-registering without it resets it to the default.',
    example: 5,
  }),
});

/** `POST /gateway/v1/webhooks/:id/recover` (issue #10). */
export const recoverWebhookBody = z.strictObject({
  since: z
    .string({ error: 'since is required' })
    .pipe(z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time, e.g. "2026-11-21T17:00:00Z"' }))
    .meta({
      description: 'Recover the dead deliveries created at or after this time; at most 30 days ago, not in the future',
      example: '2026-11-21T17:00:00Z',
    }),
});

export const listDeliveriesQuery = listQuerySchema.extend({
  status: z.enum(['pending', 'delivered', 'dead']).optional().meta({ description: 'Only deliveries in this status' }),
});

export { loginBody } from '@gw/core/auth';
