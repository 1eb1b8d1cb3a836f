/** The `withdrawals` module's public surface (issue #27): other modules and the apps import it only through this file. */
export { Withdrawal, WITHDRAWAL_EVENTS, WITHDRAWAL_STATUSES } from './contract.js';
export { getWithdrawal, withdraw, WITHDRAWAL_KIND, withdrawalsAcrossBlock, withdrawalTransactions } from './service.js';
export { withdrawalRoutes } from './routes.js';
