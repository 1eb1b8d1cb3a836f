/** The `credits` module's public surface: other modules and the apps import it only through this file. */
export * from './consume-credits.js';
export * from './credit-balance.js';
export * from './grant-purchased-credits.js';
export * from './purchase-credits.js';
