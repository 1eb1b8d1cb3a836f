/** The `webhooks` module's public surface: other modules and the apps import it only through this file. */
export * from './contract.js';
export * from './repository.js';
export * from './service.js';
export * from './routes.js';
export * from './queue.js';
export * from './signing.js';
export * from './endpoint-gate.js';
export * from './fair-share.js';
export * from './send-attempt.js';
export * from './webhook-list-cache.js';
