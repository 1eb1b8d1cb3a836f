/** The `energy` module's public surface: other modules and the apps import it only through this file. */
export * from './carbon-credits.js';
