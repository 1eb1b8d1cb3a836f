import { z } from 'zod';

export { createPaymentBody, listPaymentsQuery } from '@gw/core/payments';
export { registerWebhookBody, recoverWebhookBody, listDeliveriesQuery } from '@gw/core/webhooks';

/** Request schemas, shared by validation and (issue #4) the OpenAPI document. */

export { loginBody } from '@gw/core/auth';
