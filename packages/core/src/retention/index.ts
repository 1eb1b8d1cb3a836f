/** The `retention` module's public surface: other modules and the apps import it only through this file. */
export * from './queue.js';
export * from './service.js';
