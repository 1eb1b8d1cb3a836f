/** The `auth` module's public surface: other modules and the apps import it only through this file. */
export * from './contract.js';
export * from './credential-cache.js';
export * from './login-nonce.js';
export * from './repository.js';
export * from './routes.js';
export * from './service.js';
export * from './session-tokens.js';
export * from './wallet-role-cache.js';
