import type { PrismaClient } from '@gw/db';

/**
 * A fingerprint of every tenant-visible table: row counts, plus the latest `updated_at` and the
 * sum of ledger balances, so any insert, update or delete changes it. The clinical access log is
 * left out on purpose: every read attempt of clinical records is logged, refused ones included.
 */
export async function dbDigest(prisma: PrismaClient): Promise<string> {
  const tables = [
    'organizations',
    'credentials',
    'webhooks',
    'events',
    'deliveries',
    'delivery_attempts',
    'payments',
    'idempotency_records',
    'ledger_accounts',
    'journal_entries',
    'postings',
    'wallet_transfers',
    'staking_positions',
    'governance_votes',
    'governance_delegations',
    'bridge_transfers',
    'credit_consumptions',
    'shipments',
    'checkpoints',
    'certificates',
    'customs_clearances',
    'consents',
    'siwe_nonces',
    'custody_outflows',
    'permit_deposits',
    'deposits',
    'connector_ceilings',
    'connector_grants',
    'connector_spends',
    'connector_approvals',
    'connector_audit',
  ];
  const counts = tables.map((t) => `(SELECT count(*) FROM ${t})`).join(` || ',' || `);
  const rows = await prisma.$queryRawUnsafe<{ d: string }[]>(
    `SELECT ${counts} || '|' || coalesce((SELECT sum(balance)::text FROM ledger_accounts WHERE owner_type <> 'system'), '0')
       || '|' || coalesce((SELECT max(updated_at)::text FROM payments), '') || '|' || coalesce((SELECT max(updated_at)::text FROM webhooks), '')
       || '|' || coalesce((SELECT max(updated_at)::text FROM deliveries), '') || '|' || coalesce((SELECT count(*) FROM consents WHERE revoked_at IS NOT NULL)::text, '')
       || '|' || coalesce((SELECT count(*) FROM staking_positions WHERE status = 'unstaked')::text, '') AS d`,
  );
  return rows[0]!.d;
}
