export * from './start-worker.js';
export * from './handlers.js';
