/** The `idempotency` module's public surface: other modules and the apps import it only through this file. */
export { pruneExpiredIdempotencyRecords, requestFingerprint, withIdempotency } from './service.js';
export { idempotencyProblems } from './problems.js';
