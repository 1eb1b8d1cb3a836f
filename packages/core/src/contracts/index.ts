/** The `contracts` module's public surface: other modules and the apps import it only through this file. */
export * from './abi-catalog.js';
export * from './contract-addresses.js';
