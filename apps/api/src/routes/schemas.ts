import { z } from 'zod';
import { AMOUNT_PATTERN, WEBHOOK_EVENTS } from '@gw/core';

/** Request schemas, shared by validation and (issue #4) the OpenAPI document. */

export const amountSchema = z.string().regex(AMOUNT_PATTERN, 'must be a string of positive integer base units');

export const listQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});

export const createPaymentBody = z.strictObject({
  amount: amountSchema,
  description: z.string().max(500).optional(),
  /** Default 900 s (15 minutes), at most 30 days. */
  expiresInSeconds: z.number().int().min(1).max(30 * 24 * 3600).default(900),
});

export const listPaymentsQuery = listQuerySchema.extend({
  status: z.enum(['pending', 'settled', 'failed', 'expired', 'refunded']).optional(),
});

export const registerWebhookBody = z.strictObject({
  url: z.string({ error: 'url is required' }).min(1).max(2048),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length).optional(),
});

export const listDeliveriesQuery = listQuerySchema.extend({
  status: z.enum(['pending', 'delivered', 'dead']).optional(),
});

export const loginBody = z.strictObject({
  message: z.string().min(1).max(4096),
  signature: z.string().regex(/^0x[0-9a-fA-F]+$/, 'must be 0x-prefixed hex').max(2048),
});
