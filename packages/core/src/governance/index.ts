/** The `governance` module's public surface: other modules and the apps import it only through this file. */
export * from './cast-vote.js';
export * from './list-proposals.js';
export * from './voting-power.js';
