/** The `health-records` module's public surface: other modules and the apps import it only through this file. */
export * from './read-health-records.js';
