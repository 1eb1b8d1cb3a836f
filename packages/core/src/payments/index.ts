/** The `payments` module's public surface: other modules and the apps import it only through this file. */
export * from './contract.js';
export * from './repository.js';
export * from './service.js';
export * from './queue.js';
export * from './routes.js';
