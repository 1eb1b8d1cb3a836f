import { BRIDGE_TRANSFER_EVENTS } from '@gw/core/bridge';
import { DEPOSIT_EVENTS } from '@gw/core/custody';
import { PAYMENT_EVENTS } from '@gw/core/payments';
import type { WebhookEventCatalogue } from '@gw/core/webhooks';
import { WITHDRAWAL_EVENTS } from '@gw/core/custody-outflows';

/**
 * Every webhook event type with its body schema, example, ordering note and test sample, assembled
 * from the modules that own the objects: payments, withdrawals, custody (deposits) and the bridge.
 * The `webhooks` section of the API reference and `POST /gateway/v1/webhooks/{id}/test` are built
 * from it; a type of `WEBHOOK_EVENTS` missing here does not compile.
 */
export const WEBHOOK_EVENT_CATALOGUE: WebhookEventCatalogue = {
  ...PAYMENT_EVENTS,
  ...WITHDRAWAL_EVENTS,
  ...DEPOSIT_EVENTS,
  ...BRIDGE_TRANSFER_EVENTS,
};
