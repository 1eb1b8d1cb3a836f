import { type ChainTransactionKinds, chainTransactionCatalogue } from '@gw/core/chain';
import {
  BRIDGE_KINDS,
  bridgeBurnTransactions,
  bridgeCustodyLocks,
  bridgeLockTransactions,
  bridgeMintTransactions,
  bridgeReleaseTransactions,
} from '@gw/core/bridge';
import { composeDepositScanCatalogue, type DepositScanCatalogue } from '@gw/core/custody';
import {
  delegateTransactions,
  executeTransactions,
  GOVERNANCE_KINDS,
  governorStream,
  proposeTransactions,
  queueTransactions,
  voteTransactions,
} from '@gw/core/governance';
import { PERMIT_DEPOSIT_KINDS, permitDepositAttribution, permitTransactions, permitTransferTransactions } from '@gw/core/permit-deposits';
import { claimTransactions, STAKING_KINDS, stakeOutflows, stakePermitTransactions, unstakeTransactions } from '@gw/core/staking';
import { ALLOWANCE_RESET_KIND, custodyOutflowTransactionKinds, WITHDRAWAL_KIND, withdrawalOutflows } from '@gw/core/custody-outflows';

/**
 * What the worker runs of the business modules when the chain answers, listed where it is composed
 * (its queues and their processors are in `jobs.ts`). A module offers values; only these lists
 * decide what runs, so go-to-definition leads from here to each outcome.
 */

/**
 * Every kind of on-chain transaction the outbox may hold, and the outcome that finishes it (run in
 * the transaction that marks the row `confirmed` or `failed`). A row of a kind missing here is
 * never finished: the worker refuses to start without the kinds the modules write (`start-worker.ts`).
 */
export const chainTransactionKinds: ChainTransactionKinds = chainTransactionCatalogue([
  // Custody outflows (custody-outflows module): tokens leaving the custody address. For each, the call
  // (ledger: in flight → issuance, or back to the wallet) and its approve; and the reset of the
  // custody address's allowance once nothing to a spender is pending.
  ...custodyOutflowTransactionKinds([
    withdrawalOutflows, // `withdrawal`: a wallet's withdrawal to an address of its choice
    stakeOutflows, // `stake` (+ `stake.approve`): staking module, a stake from the custodial balance
    bridgeCustodyLocks, // `bridge-custody-lock` (+ `.approve`): bridge module, a lock from the custodial balance
  ]),
  // Permit deposits: the holder's signed `permit`, then the `transferFrom` it allows.
  permitTransactions,
  permitTransferTransactions,
  // Staking: relayed stake by permit, unstake and claim (the operation follows the receipt).
  stakePermitTransactions,
  unstakeTransactions,
  claimTransactions,
  // Bridge: the source leg (lock or burn) writes the destination leg (mint or release).
  bridgeLockTransactions,
  bridgeBurnTransactions,
  bridgeMintTransactions,
  bridgeReleaseTransactions,
  // Governance: relayed votes and delegations by signature; the keeper's propose, queue and execute.
  voteTransactions,
  delegateTransactions,
  proposeTransactions,
  queueTransactions,
  executeTransactions,
]);

/**
 * The kind names the modules write to the outbox (their constants): the worker refuses to start
 * unless {@link chainTransactionKinds} finishes each (`start-worker.ts`).
 */
export const writtenChainTransactionKinds: readonly string[] = [
  WITHDRAWAL_KIND,
  ALLOWANCE_RESET_KIND,
  ...Object.values(PERMIT_DEPOSIT_KINDS),
  ...Object.values(BRIDGE_KINDS),
  ...Object.values(GOVERNANCE_KINDS),
  ...Object.values(STAKING_KINDS),
];

/**
 * What the deposit scan reads and asks besides the deposits; its streams' names are checked here,
 * as the worker (or the admin CLI) is composed.
 */
export const depositScanCatalogue: DepositScanCatalogue = composeDepositScanCatalogue({
  // governance: the Governor's events, indexed in the deposit scan's pass
  logStreams: [governorStream],
  // permit-deposits: a gasless deposit is told to the organization that started it
  depositAttributions: [permitDepositAttribution],
});
