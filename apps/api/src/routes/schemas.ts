import { z } from 'zod';

export { createPaymentBody, listPaymentsQuery } from '@gw/core/payments';
export { registerWebhookBody, recoverWebhookBody, listDeliveriesQuery } from '@gw/core/webhooks';

/** Request schemas, shared by validation and (issue #4) the OpenAPI document. */

export const loginBody = z.strictObject({
  message: z.string().min(1).max(4096).meta({ description: 'The EIP-4361 (Sign-In with Ethereum) message, as signed' }),
  signature: z
    .string()
    .regex(/^0x[0-9a-fA-F]+$/, 'must be 0x-prefixed hex')
    .max(2048)
    .meta({ description: "The wallet's personal_sign signature of `message`, 0x-prefixed hex" }),
});
