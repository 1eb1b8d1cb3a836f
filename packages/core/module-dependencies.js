// @ts-check
/**
 * The allowed dependencies between the modules of `packages/core/src`, written once:
 * `pnpm lint` enforces them (eslint.config.js, `no-restricted-imports` generated from this table)
 * and ARCHITECTURE.md shows them (a section generated from it by `pnpm docs:generate`).
 *
 * A module imports another only through that module's `index.ts` (`../<module>/index.js`), only
 * if the other is listed here, and never a name that index.ts re-exports from the other's
 * `repository.ts` (those are for the apps, the tests and the bench: another module calls a
 * function of the owner's service). Adding a dependency is a change to this table, reviewed as such.
 *
 * `local-chain` is tooling for a development chain (anvil's own JSON-RPC methods): only the operator
 * CLI and the tests import it, so no module may list it (eslint.boundaries.js refuses the table then).
 *
 * @type {Readonly<Record<string, readonly string[]>>}
 */
export const MODULE_DEPENDENCIES = Object.freeze({
  evm: [],
  idempotency: [],
  auth: [],
  energy: [],
  connectors: ['auth'],
  chain: ['idempotency'],
  contracts: ['chain'],
  ledger: ['chain', 'evm', 'idempotency'],
  webhooks: [],
  consents: ['auth'],
  logistics: ['idempotency'],
  'health-records': ['consents', 'evm'],
  payments: ['idempotency', 'ledger', 'webhooks'],
  retention: ['auth', 'connectors', 'idempotency', 'webhooks'],
  credits: ['idempotency', 'ledger', 'payments'],
  'custody-outflows': ['chain', 'ledger', 'webhooks'],
  bridge: ['chain', 'contracts', 'evm', 'ledger', 'webhooks', 'custody-outflows'],
  staking: ['chain', 'custody-outflows'],
  custody: ['chain', 'ledger', 'webhooks', 'custody-outflows'],
  'permit-deposits': ['chain', 'custody'],
  governance: ['chain', 'custody'],
  'local-chain': ['chain', 'custody', 'ledger'],
});
