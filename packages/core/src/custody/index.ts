/** The `custody` module's public surface: other modules and the apps import it only through this file. */
export { Deposit, DEPOSIT_EVENTS, DepositPage, type DepositDto, type ReservesReport } from './schemas.js';
export { type CreditedDeposit, type DepositAttribution } from './attribution.js';
export {
  checkReserves,
  composeDepositScanCatalogue,
  scheduledReservesCheck,
  creditSystemDeposit,
  CUSTODY_REORG_WINDOW,
  depositStatusOfLog,
  depositStatusOfTransaction,
  type DepositScanCatalogue,
  forgetCustodyChain,
  listDeposits,
  orphanedDeposits,
  scanDeposits,
  type ScanReport,
  type SentDeposit,
  systemAccountFunded,
} from './service.js';
export { custodyJobSchema, custodyQueue, depositScans, reservesChecks, type CustodyJob } from './queue.js';
export { custodyMetrics } from './metrics.js';
export { depositRoutes } from './routes.js';
export {
  ChainLogPass,
  type LogPassReport,
  type LogPassScope,
  type LogStream,
  type OpenLogStream,
  pollChainLogs,
  type StreamLog,
} from './log-poller.js';
