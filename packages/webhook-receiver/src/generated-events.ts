/**
 * GENERATED FILE: do not edit. Regenerate with `pnpm client:generate` (scripts/generate-client.ts).
 *
 * The event names the service delivers, in the order of its event catalogue (`WEBHOOK_EVENTS` of
 * packages/core/src/webhooks/schemas.ts), copied here so that the kit depends on no package of the service.
 */
export const WEBHOOK_EVENT_NAMES = [
  'payment.settled',
  'payment.failed',
  'payment.expired',
  'payment.refunded',
  'withdrawal.confirmed',
  'withdrawal.failed',
  'deposit.credited',
  'bridge_transfer.completed',
  'bridge_transfer.failed',
] as const;
