/**
 * `@service-gateway/client`: the typed client of the Service Gateway API. Types are generated from the API's
 * OpenAPI document (openapi-typescript), requests go through openapi-fetch; see README.md.
 */
export {
  createGatewayClient,
  isIdempotentOperation,
  type DataOf,
  type GatewayClient,
  type GatewayClientOptions,
  type LoginSession,
  type BridgeTransfer,
  type BridgeWithPermitOptions,
  type GovernanceDelegation,
  type GovernanceVote,
  type PermitDeposit,
  type StakingOperation,
  type PageItem,
  type PaginateInit,
  type PaginatedPath,
} from './client.js';
export { ProblemError, problemCode, type Problem } from './errors.js';
export {
  signBallot,
  signDelegation,
  signPermit,
  type BallotTypedData,
  type DelegationTypedData,
  signStakingTypedData,
  type EthersTypedDataSigner,
  type PermitTypedData,
  type StakingTypedData,
  type TypedDataSigner,
  type ViemTypedDataAccount,
  type ViemTypedDataWalletClient,
} from './permit.js';
export {
  DEFAULT_RETRY,
  RETRYABLE_STATUSES,
  backoffDelay,
  isRetrySafe,
  isSafeMethod,
  parseRetryAfter,
  retryDelay,
  withRetries,
  type FetchLike,
  type RetryOptions,
} from './retry.js';
export {
  DEFAULT_STATEMENT,
  buildLoginMessage,
  type EthersSigner,
  type LoginOptions,
  type SiweSigner,
  type ViemAccountSigner,
  type ViemWalletClientSigner,
} from './siwe.js';
export type { components, operations, paths, webhooks } from './generated/openapi.js';
export { IDEMPOTENT_OPERATIONS } from './generated/openapi.js';
