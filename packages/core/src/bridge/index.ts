/** The `bridge` module's public surface: other modules and the apps import it only through this file. */
export * from './contract.js';
export * from './queue.js';
export * from './relay.js';
export * from './repository.js';
export * from './routes.js';
export * from './service.js';
