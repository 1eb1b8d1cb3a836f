/**
 * The full catalogue of problem types, composed once above the modules: the generic ones of
 * `@gw/runtime` and each module's `problems.ts`. The problem pages (`/problems/<code>`) and the
 * OpenAPI document are generated from it; the `satisfies` below fails to compile when a module's
 * problem types are missing here. Imports each `problems.ts` alone, never a module's index.
 */
import { composeProblemTypes, genericProblemTypes, type ErrorCode, type ProblemTypeInfo } from '@gw/runtime';
import { idempotencyProblem } from './idempotency/problems.js';
import { authProblem } from './auth/problems.js';
import { connectorsProblem } from './connectors/problems.js';
import { chainProblem } from './chain/problems.js';
import { webhooksProblem } from './webhooks/problems.js';
import { consentsProblem } from './consents/problems.js';
import { paymentsProblem } from './payments/problems.js';
import { creditsProblem } from './credits/problems.js';
import { bridgeProblem } from './bridge/problems.js';
import { stakingProblem } from './staking/problems.js';
import { governanceProblem } from './governance/problems.js';

/** Every problem type by code, ordered by HTTP status (then generic first, then the modules in dependency order). */
export const errorCatalog = composeProblemTypes([
  genericProblemTypes,
  idempotencyProblem.types,
  authProblem.types,
  connectorsProblem.types,
  chainProblem.types,
  webhooksProblem.types,
  consentsProblem.types,
  paymentsProblem.types,
  creditsProblem.types,
  bridgeProblem.types,
  stakingProblem.types,
  governanceProblem.types,
]) satisfies Record<ErrorCode, ProblemTypeInfo>;
