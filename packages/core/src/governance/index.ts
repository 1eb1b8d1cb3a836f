/** The `governance` module's public surface: other modules and the apps import it only through this file. */
export { BALLOT_TYPES, DELEGATION_TYPES, SUPPORT, VOTE_CHOICES, type VoteChoice } from './schemas.js';
export {
  delegateTransactions,
  executeTransactions,
  GOVERNANCE_KINDS,
  type KeeperReport,
  listGovernanceProposals,
  proposeTransactions,
  proposeTreasuryPayment,
  queueTransactions,
  runGovernanceKeeper,
  type TreasuryPaymentProposal,
  voteTransactions,
} from './service.js';
export { forgetGovernanceIndex, GOVERNOR_STREAM, governorStream } from './indexer.js';
export { governanceJobSchema, governanceKeeperRuns, governanceQueue, type GovernanceJob } from './queue.js';
export { governanceRoutes } from './routes.js';
export { governanceProblem } from './problems.js';
