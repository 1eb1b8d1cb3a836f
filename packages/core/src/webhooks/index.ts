/** The `webhooks` module's public surface: other modules and the apps import it only through this file. */
export * from './backoff.js';
export * from './delivery-metrics.js';
export * from './delivery-store.js';
export * from './endpoint-gate.js';
export * from './process-delivery.js';
export * from './record-event.js';
export * from './recover-deliveries.js';
export * from './send-attempt.js';
export * from './sweep.js';
export * from './webhook-dto.js';
export * from './webhook-list-cache.js';
export * from './webhooks.js';
