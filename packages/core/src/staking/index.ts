/** The `staking` module's public surface: other modules and the apps import it only through this file. */
export { accruedReward, stake, stakedPrincipal, unstake } from './service.js';
export { stakingRoutes } from './routes.js';
export { countFarmingPools, findFarmingPoolIdByName, insertFarmingPool } from './repository.js';
