/** The `custody-outflows` module's public surface (custody outflows: withdrawals, stakes, bridge locks): other modules and the apps import it only through this file. */
export { Withdrawal, WITHDRAWAL_EVENTS, WITHDRAWAL_STATUSES } from './schemas.js';
export { getWithdrawal, withdraw, WITHDRAWAL_KIND, withdrawalsAcrossBlock, withdrawalOutflows } from './service.js';
export {
  ALLOWANCE_RESET_KIND,
  type CustodyOutflowCall,
  type CustodyOutflowInput,
  type CustodyOutflowKind,
  type CustodyOutflowKindInput,
  custodyOutflowsAcrossBlock,
  custodyOutflowKind,
  custodyOutflowTransactionKinds,
  recordCustodyOutflow,
  type RecordedCustodyOutflow,
} from './outflows.js';
export type { CustodyOutflowPurpose, CustodyOutflowRow } from './repository.js';
export { withdrawalRoutes } from './routes.js';
