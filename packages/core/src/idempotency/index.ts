/** The `idempotency` module's public surface: other modules and the apps import it only through this file. */
export * from './repository.js';
export * from './service.js';
