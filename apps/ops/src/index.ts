export * from './basic-auth.js';
export * from './board-actions.js';
export * from './config.js';
export * from './create-ops-app.js';
export * from './ops-metrics.js';
export * from './start-ops.js';
