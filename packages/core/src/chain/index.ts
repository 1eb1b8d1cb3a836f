/** The `chain` module's public surface: other modules and the apps import it only through this file. */
export {
  ABI_FILES,
  caip2,
  CONTRACT_NAMES,
  type ContractName,
  type Deployment,
  HOME_CONTRACTS,
  OnchainBalance,
  OnchainToken,
  PERMIT_TYPES,
  PermitTypedData,
  type PermitTypedDataDto,
  permitDeadlineSchema,
  permitTypedDataQuery,
  REMOTE_CONTRACTS,
  signatureSchema,
} from './schemas.js';
export {
  checkPermit,
  assertDeadlineAhead,
  eip712DomainOf,
  type PermitState,
  permitTypedDataOf,
  readPermitState,
  type SignedPermit,
  typedDataDeadline,
} from './permit.js';
export { chainCall, chainOf, homeChainOf, isTransportError, publicClientOf, walletClientOf } from './clients.js';
export { CONTRACT_ERRORS_ABI, describeRevert, withContractErrors } from './errors.js';
export { DEFAULT_PROPOSAL_THRESHOLD, deployContracts, governanceSettings, INITIAL_SUPPLY, localStakingRewards } from './deploy.js';
export { ANVIL_DEV_KEY, deployerAccount, relayerAccount } from './keys.js';
export {
  cachedRead,
  type ChainDeploymentReport,
  contractAddress,
  custodyAddress,
  homeContracts,
  deploymentBlock,
  deployments,
  ensureDeployments,
  expectedContracts,
  faucet,
  faucetGas,
  onchainBalances,
  onchainToken,
  onchainTreasury,
  type ChainResetHandler,
} from './service.js';
export {
  assertChainTransactionKinds,
  attemptBase,
  type ChainOutcomeResult,
  type ChainTransactionInput,
  type ChainTransactionKind,
  chainTransactionCatalogue,
  type ChainTransactionKinds,
  type ChainTransactionOutcome,
  chainTransactionReferences,
  chainTransactionState,
  chainTransactionTarget,
  minedButUnfinished,
  nextAttemptReference,
  processChainTransaction,
  recordAttemptAgain,
  recordChainTransaction,
  type RecordedChainTransaction,
  type RetryPolicy,
  unfinishedChainTransactionReferences,
  writtenChainTransactions,
} from './pipeline.js';
export {
  chainTransactionQueue,
  dispatchAfterCommit,
  enqueueChainTransactions,
  knownChainTransactionQueues,
  sweepChainTransactions,
} from './queue.js';
export {
  recordRelayedOperation,
  type RelayedOperation,
  relayedRequest,
  type RelayedRow,
  type RelayedScope,
  relayedStatus,
} from './relayed.js';
export { type ChainTransactionRow, findChainTransaction, findChainTransactionByReference, listDeployments } from './repository.js';
export { chainProblem } from './problems.js';
