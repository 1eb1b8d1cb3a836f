/**
 * The `local-chain` module's public surface: the tooling that funds wallets and system accounts on a
 * local development chain (anvil) through real deposits. For the operator CLI (`token:mint`,
 * `seed:demo`) and the tests only: no app that serves traffic and no other core module
 * imports it (`pnpm lint` refuses it, eslint.boundaries.js).
 */
export { fundSystemAccountByDeposit, mintByDeposit } from './service.js';
