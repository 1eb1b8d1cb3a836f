/** The `evm` module's public surface: other modules and the apps import it only through this file. */
export * from './evm-address.js';
