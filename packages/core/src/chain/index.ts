/** The `chain` module's public surface (issue #27): other modules and the apps import it only through this file. */
export {
  ABI_FILES,
  caip2,
  CONTRACT_NAMES,
  type ContractName,
  type Deployment,
  HOME_CONTRACTS,
  OnchainBalance,
  OnchainToken,
  REMOTE_CONTRACTS,
} from './contract.js';
export { chainCall, chainOf, homeChainOf, isTransportError, publicClientOf, walletClientOf } from './clients.js';
export { governanceSettings, INITIAL_SUPPLY, localStakingRewards } from './deploy.js';
export { ANVIL_DEV_KEY, deployerAccount, relayerAccount } from './keys.js';
export {
  cachedRead,
  type ChainDeploymentReport,
  contractAddress,
  custodyAddress,
  deploymentBlock,
  deployments,
  ensureDeployments,
  expectedContracts,
  faucet,
  onchainBalances,
  onchainToken,
  onchainTreasury,
  onChainReset,
  type ChainResetHandler,
} from './service.js';
export {
  assertChainTransactionKinds,
  type ChainTransactionInput,
  type ChainTransactionKind,
  type ChainTransactionOutcome,
  chainTransactionState,
  defineChainTransactionKind,
  minedButUnfinished,
  processChainTransaction,
  recordChainTransaction,
  type RecordedChainTransaction,
} from './pipeline.js';
export {
  chainTransactionQueue,
  dispatchChainTransaction,
  enqueueChainTransactions,
  knownChainTransactionQueues,
  sweepChainTransactions,
} from './queue.js';
export { type ChainTransactionRow, findChainTransaction, findChainTransactionByReference, listDeployments } from './repository.js';
