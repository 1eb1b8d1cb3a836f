/** The `staking` module's public surface: other modules and the apps import it only through this file. */
export { FarmingPool, StakingOperation, StakingPosition, STAKING_TYPES } from './schemas.js';
export {
  aprBps,
  claim,
  claimTransactions,
  getStakingOperation,
  listFarmingPools,
  listStakingPositions,
  stake,
  stakeOutflows,
  stakePermitTransactions,
  stakedPrincipal,
  STAKING_KINDS,
  stakingTypedData,
  unstake,
  unstakeTransactions,
} from './service.js';
export { stakingRoutes } from './routes.js';
export { countFarmingPools, findFarmingPoolIdByName, insertFarmingPool } from './repository.js';
export { stakingProblem } from './problems.js';
