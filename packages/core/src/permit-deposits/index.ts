/** The `permit-deposits` module's public surface (the gasless deposit): imported only through this file. */
export { PermitDeposit, type PermitDepositDto } from './schemas.js';
export {
  depositWithPermit,
  getPermitDeposit,
  PERMIT_DEPOSIT_KINDS,
  permitDepositAttribution,
  permitTransactions,
  permitTransferTransactions,
  permitTypedData,
} from './service.js';
export { permitDepositRoutes } from './routes.js';
