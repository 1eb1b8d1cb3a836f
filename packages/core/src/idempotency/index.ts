/** The `idempotency` module's public surface: other modules and the apps import it only through this file. */
export { type IdempotentResult, pruneExpiredIdempotencyRecords, requestFingerprint, withIdempotency } from './service.js';
export { idempotencyProblem } from './problems.js';
