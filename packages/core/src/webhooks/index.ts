/** The `webhooks` module's public surface: other modules and the apps import it only through this file. */
export * from './contract.js';
export * from './repository.js';
export * from './service.js';
export * from './routes.js';
export * from './webhook-list-cache.js';
