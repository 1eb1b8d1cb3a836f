/** The `deliveries` module (the delivery engine): other modules and the apps import it only through this file. */
export * from './contract.js';
export * from './endpoint-gate.js';
export * from './fair-share.js';
export * from './metrics.js';
export * from './processor.js';
export * from './queue.js';
export * from './recovery.js';
export * from './recovery-budget.js';
export * from './repository.js';
export * from './sender.js';
export * from './signing.js';
export * from './sweep.js';
export * from './webhook-changes.js';
