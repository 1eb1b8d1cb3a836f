/** The `retention` module's public surface: other modules and the apps import it only through this file. */
export { pruneInBatches, retentionPrunedCounter, type RetentionReport, type RetentionStep, runRetention } from './service.js';
export { RETENTION_SCHEDULER_ID, retentionQueue, retentionRuns } from './queue.js';
