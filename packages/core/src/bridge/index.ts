/** The `bridge` module's public surface: other modules and the apps import it only through this file. */
export * from './bridge-transfer-dto.js';
export * from './get-bridge-transfer.js';
export * from './initiate-bridge.js';
export * from './relay-bridge.js';
export * from './queue.js';
