/** The `staking` module's public surface: other modules and the apps import it only through this file. */
export * from './accrued-reward.js';
export * from './list-farming-pools.js';
export * from './list-staking-positions.js';
export * from './stake.js';
export * from './staking-position-dto.js';
export * from './unstake.js';
