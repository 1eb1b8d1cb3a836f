/** The `auth` module's public surface: other modules and the apps import it only through this file. */
export * from './credential-cache.js';
export * from './credentials.js';
export * from './reencrypt-secrets.js';
export * from './session-tokens.js';
export * from './signing-keys.js';
export * from './siwe-login.js';
