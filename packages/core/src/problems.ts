/**
 * The full catalogue of problem types, composed once above the modules: the generic ones of
 * `@gw/runtime` and each module's `problems.ts`. The problem pages (`/problems/<code>`) and the
 * OpenAPI document are generated from it; the `satisfies` below fails to compile when a module's
 * problem types are missing here. Imports each `problems.ts` alone, never a module's index.
 */
import { composeProblemTypes, genericProblemTypes, type ErrorCode, type ProblemTypeInfo } from '@gw/runtime';
import { idempotencyProblems } from './idempotency/problems.js';
import { authProblems } from './auth/problems.js';
import { connectorsProblems } from './connectors/problems.js';
import { chainProblems } from './chain/problems.js';
import { webhooksProblems } from './webhooks/problems.js';
import { consentsProblems } from './consents/problems.js';
import { paymentsProblems } from './payments/problems.js';
import { creditsProblems } from './credits/problems.js';
import { bridgeProblems } from './bridge/problems.js';
import { stakingProblems } from './staking/problems.js';
import { governanceProblems } from './governance/problems.js';

/** Every problem type by code, ordered by HTTP status (then generic first, then the modules in dependency order). */
export const errorCatalog = composeProblemTypes([
  genericProblemTypes,
  idempotencyProblems,
  authProblems,
  connectorsProblems,
  chainProblems,
  webhooksProblems,
  consentsProblems,
  paymentsProblems,
  creditsProblems,
  bridgeProblems,
  stakingProblems,
  governanceProblems,
]) satisfies Record<ErrorCode, ProblemTypeInfo>;
