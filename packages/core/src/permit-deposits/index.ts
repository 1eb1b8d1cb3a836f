/** The `permit-deposits` module's public surface (issue #27, the gasless deposit): imported only through this file. */
export { PERMIT_TYPES, PermitDeposit, PermitTypedData, type PermitDepositDto, type PermitTypedDataDto } from './contract.js';
export {
  depositWithPermit,
  getPermitDeposit,
  PERMIT_DEPOSIT_KINDS,
  permitTransactions,
  permitTransferTransactions,
  permitTypedData,
} from './service.js';
export { permitDepositRoutes } from './routes.js';
