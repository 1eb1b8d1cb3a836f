/** The `ledger` module's public surface: other modules and the apps import it only through this file. */
export * from './find-token.js';
export * from './post-entry.js';
export * from './system-accounts.js';
export * from './token-info.js';
export * from './tokens.js';
export * from './transfer-tokens.js';
export * from './treasury-overview.js';
export * from './wallet-balances.js';
