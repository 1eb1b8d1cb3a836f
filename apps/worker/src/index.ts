export * from './start-worker.js';
export * from './jobs.js';
