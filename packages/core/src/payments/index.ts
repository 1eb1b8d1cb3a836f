/**
 * The `payments` module's public surface: other modules and the apps import it only through this file.
 * The contract comes first: the webhooks contract (which payments imports) reads `Payment` while
 * the modules load.
 */
export * from './contract.js';
export * from './repository.js';
export * from './service.js';
export * from './queue.js';
export * from './routes.js';
