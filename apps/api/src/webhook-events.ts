import { z } from 'zod';
import { EX, uuid } from '@gw/runtime';
import { DEPOSIT_EVENTS } from '@gw/core/custody';
import { PAYMENT_EVENTS } from '@gw/core/payments';
import {
  eventBody,
  TEST_EVENT_ADDRESS,
  TEST_EVENT_PAYMENT_ID,
  type WebhookEventCatalogue,
  type WebhookEventDefinition,
} from '@gw/core/webhooks';
import { WITHDRAWAL_EVENTS } from '@gw/core/withdrawals';

/**
 * PLACEHOLDER until the bridge module declares its events (issue #28; the recipe is in
 * docs/webhooks.md, "Adding an event type"): the bridge transfer object is `BridgeTransfer` of the
 * bridge module, which does not export it yet, so the body documents the members every receiver may
 * rely on (`id`, `object`, `status`) and lets the others through. The bridge module replaces this
 * with `BRIDGE_TRANSFER_EVENTS` (`data.bridgeTransfer`: its `BridgeTransfer`) and records the events
 * in its outcomes; until then no `bridge_transfer.*` event is written (only test events).
 */
const bridgeTransferPlaceholder = z
  .object({
    id: uuid(),
    object: z.literal('bridge_transfer'),
    status: z.enum(['completed', 'failed']),
  })
  .catchall(z.unknown())
  .meta({
    description: 'The bridge transfer as `GET /gateway/v1/bridge/transfers/{id}` returns it (schema `BridgeTransfer`), in its final state',
  });

const bridgeTransfer = (status: 'completed' | 'failed', at: string, from: string, token: string) => ({
  id: TEST_EVENT_PAYMENT_ID,
  object: 'bridge_transfer',
  status,
  from,
  toChainId: 'eip155:31338',
  toAddress: from,
  token,
  amount: '1000000000000000000',
  relayTxHash: status === 'completed' ? `0x${'7e57'.repeat(16)}` : null,
  failureReason: status === 'failed' ? 'test event: not a real bridge transfer' : null,
  createdAt: at,
  updatedAt: at,
});

const bridgeEvent = <E extends 'bridge_transfer.completed' | 'bridge_transfer.failed'>(
  type: E,
  id: string,
  description: string,
): WebhookEventDefinition<E> => {
  const status = type === 'bridge_transfer.completed' ? 'completed' : 'failed';
  return {
    type,
    payload: eventBody(type, 'bridgeTransfer', bridgeTransferPlaceholder, {
      id,
      description,
      data: 'The bridge transfer as `GET /gateway/v1/bridge/transfers/{id}` returns it, in its final state',
    }),
    example: {
      id: EX.eventId,
      type,
      createdAt: '2026-11-21T17:00:02.000Z',
      delivery: { id: EX.deliveryId, timestamp: 1795280402 },
      data: { bridgeTransfer: { ...bridgeTransfer(status, '2026-11-21T17:00:02.000Z', EX.wallet, 'GTK'), id: EX.bridgeId } },
    },
    sourceOfTruth: 'A bridge transfer has one final state: `GET /gateway/v1/bridge/transfers/{id}` is the source of truth.',
    sample: (s) => ({ bridgeTransfer: bridgeTransfer(status, s.now.toISOString(), TEST_EVENT_ADDRESS, s.token) }),
  };
};

/**
 * Every webhook event type with its body schema, example, ordering note and test sample (issue
 * #28), assembled from the modules that own the objects: payments, withdrawals, custody (deposits)
 * and, for now, the bridge placeholder above. The `webhooks` section of the API reference and
 * `POST /gateway/v1/webhooks/{id}/test` are built from it; a type of `WEBHOOK_EVENTS` missing here
 * does not compile.
 */
export const WEBHOOK_EVENT_CATALOGUE: WebhookEventCatalogue = {
  ...PAYMENT_EVENTS,
  ...WITHDRAWAL_EVENTS,
  ...DEPOSIT_EVENTS,
  'bridge_transfer.completed': bridgeEvent(
    'bridge_transfer.completed',
    'BridgeTransferCompletedEvent',
    'The bridge relayed the transfer to the destination network (`relayTxHash`)',
  ),
  'bridge_transfer.failed': bridgeEvent(
    'bridge_transfer.failed',
    'BridgeTransferFailedEvent',
    'The bridge could not relay the transfer: the amount went back to the wallet (`failureReason` says why)',
  ),
};
