// @ts-check
/**
 * The module of `packages/core/src` that owns each table of prisma/schema.prisma, written once:
 * only that module's repositories name the table (in SQL, or as a Prisma delegate such as
 * `tx.payment`); every other module, and every app, calls the owner's functions.
 * `test/table-ownership.test.ts` holds the code to it, and holds this map to the schema (every
 * table listed, none twice) and to the modules of `module-dependencies.js`.
 *
 * @type {Readonly<Record<string, string>>}
 */
export const TABLE_OWNERS = Object.freeze({
  // auth: API keys, SIWE login, wallet roles
  organizations: 'auth',
  credentials: 'auth',
  signing_keys: 'auth',
  siwe_nonces: 'auth',
  wallet_roles: 'auth',

  // ledger: double entry
  tokens: 'ledger',
  ledger_accounts: 'ledger',
  journal_entries: 'ledger',
  postings: 'ledger',
  wallet_transfers: 'ledger',

  payments: 'payments',
  idempotency_records: 'idempotency',

  // webhooks: the subscriptions, the outbox (events and their deliveries) and the delivery engine's records
  webhooks: 'webhooks',
  events: 'webhooks',
  deliveries: 'webhooks',
  delivery_attempts: 'webhooks',

  // staking: operations relayed on chain; the legacy ledger positions (governance's voting power) and pools (seed data)
  staking_operations: 'staking',
  staking_positions: 'staking',
  farming_pools: 'staking',

  governance_proposals: 'governance',
  governance_vote_casts: 'governance',
  governance_votes: 'governance',
  governance_delegations: 'governance',

  bridge_transfers: 'bridge',
  credit_consumptions: 'credits',

  // chain: deployments, keys and the on-chain outbox
  chain_deployments: 'chain',
  chain_keys: 'chain',
  chain_transactions: 'chain',
  chain_nonces: 'chain',

  custody_outflows: 'custody-outflows',

  // custody: deposits found by the log poller, its cursors and its memory of blocks
  deposits: 'custody',
  custody_cursors: 'custody',
  custody_blocks: 'custody',

  permit_deposits: 'permit-deposits',

  // connectors: the OAuth authorization server and the grants of AI connectors
  oauth_records: 'connectors',
  oauth_signing_keys: 'connectors',
  connector_ceilings: 'connectors',
  connector_grants: 'connectors',
  connector_spends: 'connectors',
  connector_approvals: 'connectors',
  connector_audit: 'connectors',

  // logistics: supply, customs
  shipments: 'logistics',
  checkpoints: 'logistics',
  certificates: 'logistics',
  tariffs: 'logistics',
  customs_clearances: 'logistics',

  carbon_credits: 'energy',
  clinical_records: 'health-records',
  health_access_logs: 'health-records',
  consents: 'consents',
});
