/** The `ledger` module's public surface: other modules and the apps import it only through this file. */
export { evmAddressSchema, Transfer } from './schemas.js';
export {
  balanceOf,
  CREDIT_UNIT,
  ensureNativeToken,
  findToken,
  insufficientFunds,
  ORGANIZATION_CREDIT_STRIPES,
  postEntry,
  postEntryIfFunded,
  tokenInfo,
  transfer,
  type TransferEntry,
  transferIfFunded,
  transferTokens,
} from './service.js';
export { tokenRoutes, walletRoutes } from './routes.js';
export { BRIDGE_ESCROW, BRIDGE_OUTBOUND, ISSUANCE, type Owner, STAKING_POOL, TREASURY, WITHDRAWALS_IN_FLIGHT } from './system-accounts.js';
export { findJournalEntryIdByReference, getBalance, lockAccounts } from './repository.js';
