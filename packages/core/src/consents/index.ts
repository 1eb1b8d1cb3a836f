/** The `consents` module's public surface: other modules and the apps import it only through this file. */
export * from './consent-typed-data.js';
export * from './list-consents.js';
export * from './record-consent.js';
export * from './revoke-consent.js';
