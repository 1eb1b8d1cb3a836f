/**
 * The e2e section's ledger part ("serve account lookups from the index and show the
 * cost does not grow with accounts"): at each account count of `BENCH_E2E_LEDGER_ACCOUNTS`
 * (default 1,000 and 100,000 rows in `ledger_accounts`):
 *
 * 1. funded wallets are added with one bulk statement (`INSERT … SELECT generate_series`: the
 *    accounts with 1,000 base units each, one `bench.seed` journal entry, its postings and the
 *    issuance account's debit, so the ledger still balances), then `VACUUM (ANALYZE)`;
 * 2. `EXPLAIN (ANALYZE, BUFFERS)` of the account lookup as `postEntry` sent it for a confirm
 *    before credits took free stripes (payer wallet debit at stripe 0, organization credit at one
 *    stripe, one statement; now the credit's stripe is its own `FOR UPDATE SKIP LOCKED` statement on
 *    the same index, explained with the other statements of a confirm below), with literal
 *    parameters, inside a transaction rolled back at the end;
 * 3. the same lookup with bind parameters, as Prisma sends it, `BENCH_E2E_LEDGER_CONFIRMS` times
 *    for random seeded wallets (one transaction, rolled back): µs per lookup;
 * 4. as many `confirmPayment` calls, one at a time, of payments from random seeded wallets to an
 *    organization without webhooks: ms per confirm (the whole transaction).
 *
 * At the largest count it also explains every statement of one confirm transaction, and the
 * account lookup in its older form (an expression over the index columns) for contrast.
 *
 * @module
 */
import pg from 'pg';
import { paymentFulfilments } from '@gw/api/catalogue';
import { confirmPayment, createPayment } from '@gw/core/payments';
import { type Context } from '@gw/runtime';
import type { SectionDeps } from './pipeline-section.js';
import { summarizeLatency, type LatencySummary } from '../lib/stats.js';

export interface LedgerScalePoint {
  /** Rows in `ledger_accounts`. */
  accounts: number;
  /** EXPLAIN (ANALYZE, BUFFERS) of the account lookup (literal parameters). */
  lookupPlan: string;
  /** Its "Execution Time", ms. */
  lookupExecMs: number;
  /** The lookup with bind parameters, random seeded wallets, µs per statement (client round trip included). */
  lookupUs: LatencySummary;
  /** `confirmPayment`, one at a time, ms. */
  confirmMs: LatencySummary;
}

export interface LedgerScaleResult {
  points: LedgerScalePoint[];
  /** At the largest count: EXPLAIN (ANALYZE, BUFFERS) of each statement of one confirm transaction. */
  confirmPlans: { statement: string; plan: string }[];
  /** At the largest count: the lookup in its older form, for contrast. */
  oldLookupPlan: string;
}

/** Owner id of seeded wallet g (a 42-character 0x address; no real wallet has this prefix). */
const seedAddress = (g: number) => `0x5eed${g.toString(16).padStart(36, '0')}`;
const SEED_BALANCE = 1000;

/** Adds seeded wallets `from`…`to` (inclusive), funded, with their journal entry and postings. */
async function seed(client: pg.Client, token: string, from: number, to: number): Promise<void> {
  if (to < from) return;
  await client.query('BEGIN');
  try {
    await client.query(
      `WITH entry AS (
         INSERT INTO journal_entries (id, kind, reference, created_at) VALUES (gen_random_uuid(), 'bench.seed', NULL, now()) RETURNING id
       ),
       acc AS (
         INSERT INTO ledger_accounts (id, owner_type, owner_id, token, stripe, balance)
         SELECT gen_random_uuid(), 'wallet', '0x5eed' || lpad(to_hex(g), 36, '0'), $1, 0, $4
         FROM generate_series($2::int, $3::int) AS g
         RETURNING id, balance
       )
       INSERT INTO postings (id, entry_id, account_id, amount, created_at)
       SELECT gen_random_uuid(), entry.id, acc.id, acc.balance, now() FROM entry, acc
       UNION ALL
       SELECT gen_random_uuid(), entry.id, i.id, -(SELECT sum(balance) FROM acc), now()
       FROM entry, ledger_accounts i
       WHERE i.owner_type = 'system' AND i.owner_id = 'issuance' AND i.token = $1 AND i.stripe = 0`,
      [token, from, to, SEED_BALANCE],
    );
    await client.query(
      `UPDATE ledger_accounts SET balance = balance - $2::numeric
       WHERE owner_type = 'system' AND owner_id = 'issuance' AND token = $1 AND stripe = 0`,
      [token, (to - from + 1) * SEED_BALANCE],
    );
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
}

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The account lookup of `postEntry` (`lockAccounts` in packages/core/src/ledger/repository.ts), with literal parameters. */
const lookupSql = (token: string, wallet: string, org: string, orgStripe: number) => `
    SELECT a.id::text, a.owner_type::text AS owner_type, a.owner_id, a.stripe, a.balance::text AS balance
    FROM unnest(ARRAY['wallet','organization']::text[], ARRAY[${lit(wallet)},${lit(org)}]::text[], ARRAY[0,${orgStripe}]::int[]) AS t(owner_type, owner_id, stripe)
    JOIN ledger_accounts a
      ON a.owner_type = t.owner_type::owner_type AND a.owner_id = t.owner_id AND a.token = ${lit(token)}
     AND (t.stripe < 0 OR a.stripe = t.stripe)
    ORDER BY a.id
    FOR UPDATE OF a`;

/** The same with bind parameters, as Prisma sends it. */
const LOOKUP_PARAMS_SQL = `
    SELECT a.id::text, a.owner_type::text AS owner_type, a.owner_id, a.stripe, a.balance::text AS balance
    FROM unnest($1::text[], $2::text[], $3::int[]) AS t(owner_type, owner_id, stripe)
    JOIN ledger_accounts a
      ON a.owner_type = t.owner_type::owner_type AND a.owner_id = t.owner_id AND a.token = $4
     AND (t.stripe < 0 OR a.stripe = t.stripe)
    ORDER BY a.id
    FOR UPDATE OF a`;

async function explain(client: pg.Client, sql: string): Promise<{ plan: string; execMs: number }> {
  const res = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`);
  const plan = res.rows.map((r) => r['QUERY PLAN']).join('\n');
  const m = /Execution Time: ([\d.]+) ms/.exec(plan);
  return { plan, execMs: m ? Number(m[1]) : Number.NaN };
}

const randomSeeded = (seeded: number) => seedAddress(1 + Math.floor(Math.random() * seeded));

async function explainConfirm(client: pg.Client, ctx: Context, token: string, orgId: string, fanoutOrgId: string, payer: string) {
  const { body } = await createPayment(ctx, { organizationId: orgId, payer, amount: 1n, expiresInSeconds: 3600 });
  const pid = lit(body.id);
  const plans: { statement: string; plan: string }[] = [];
  const step = async (statement: string, sql: string) => plans.push({ statement, plan: (await explain(client, sql)).plan });
  await client.query('BEGIN');
  try {
    await step(
      'lock the payment (lockPayment)',
      `SELECT id FROM payments WHERE id = ${pid}::uuid AND organization_id = ${lit(orgId)}::uuid FOR UPDATE`,
    );
    await step(
      'read the payment (Prisma findFirst)',
      `SELECT * FROM payments WHERE id = ${pid}::uuid AND organization_id = ${lit(orgId)}::uuid LIMIT 1`,
    );
    await step(
      'create missing accounts (postEntry)',
      `INSERT INTO ledger_accounts (id, owner_type, owner_id, token, stripe, balance)
       SELECT gen_random_uuid(), t.owner_type::owner_type, t.owner_id, ${lit(token)}, greatest(t.stripe, 0), 0
       FROM unnest(ARRAY['wallet','organization']::text[], ARRAY[${lit(payer)},${lit(orgId)}]::text[], ARRAY[0,3]::int[]) AS t(owner_type, owner_id, stripe)
       ON CONFLICT (owner_type, owner_id, token, stripe) DO NOTHING`,
    );
    await step('look up and lock the accounts (postEntry)', lookupSql(token, payer, orgId, 3));
    await step(
      "a free stripe for the organization's credit (postEntry)",
      `SELECT id::text, owner_type::text AS owner_type, owner_id, stripe, balance::text AS balance
       FROM ledger_accounts WHERE owner_type = 'organization' AND owner_id = ${lit(orgId)} AND token = ${lit(token)}
       ORDER BY random() LIMIT 1
       FOR UPDATE SKIP LOCKED`,
    );
    const accounts = await client.query<{ id: string; owner_type: string }>(lookupSql(token, payer, orgId, 3));
    const ids = accounts.rows.map((a) => lit(a.id)).join(',');
    const amounts = accounts.rows.map((a) => (a.owner_type === 'wallet' ? '-1' : '1')).join(',');
    await step(
      'journal entry, postings, balances (postEntry, one statement)',
      `WITH t AS (
        SELECT * FROM unnest(ARRAY[${ids}]::uuid[], ARRAY[${amounts}]::numeric[]) AS t(account_id, amount)
      ),
      entry AS (
        INSERT INTO journal_entries (id, kind, reference, created_at)
        VALUES (gen_random_uuid(), 'payment.settle', ${pid}, now())
        RETURNING id
      ),
      posted AS (
        INSERT INTO postings (id, entry_id, account_id, amount, created_at)
        SELECT gen_random_uuid(), entry.id, t.account_id, t.amount, now() FROM entry, t
      )
      UPDATE ledger_accounts a SET balance = a.balance + t.amount FROM t WHERE a.id = t.account_id`,
    );
    await step(
      'status change (Prisma update)',
      `UPDATE payments SET status = 'settled', settled_at = now(), updated_at = now() WHERE id = ${pid}::uuid RETURNING *`,
    );
    await step(
      'subscribed webhooks (recordEvent; organization with 10 webhooks)',
      `SELECT id::text FROM webhooks WHERE organization_id = ${lit(fanoutOrgId)}::uuid AND active AND 'payment.settled' = ANY(events)`,
    );
    const hooks = await client.query<{ id: string }>(
      `SELECT id::text FROM webhooks WHERE organization_id = $1::uuid AND active AND 'payment.settled' = ANY(events)`,
      [fanoutOrgId],
    );
    const hookIds = hooks.rows.map((h) => lit(h.id)).join(',') || 'NULL';
    await step(
      'event and deliveries (recordEvent)',
      `WITH e AS (
        INSERT INTO events (id, organization_id, type, payload, created_at)
        VALUES (gen_random_uuid(), ${lit(fanoutOrgId)}::uuid, 'payment.settled', '{"payment":{}}'::jsonb, now())
        RETURNING id
      )
      INSERT INTO deliveries (id, organization_id, webhook_id, event_id, event, status, attempts, manual, next_attempt_at, created_at, updated_at)
      SELECT gen_random_uuid(), ${lit(fanoutOrgId)}::uuid, t.webhook_id, e.id, 'payment.settled', 'pending', 0, false, now(), now(), now()
      FROM e, unnest(ARRAY[${hookIds}]::uuid[]) AS t(webhook_id)`,
    );
  } finally {
    await client.query('ROLLBACK');
  }
  return plans;
}

/** Runs the ledger part; see the module doc. @param orgId an organization without webhooks */
export async function runLedgerScale(d: SectionDeps, orgId: string, fanoutOrgId?: string): Promise<LedgerScaleResult> {
  const { ctx, cfg, log } = d;
  const token = ctx.config.NATIVE_TOKEN_SYMBOL;
  const client = new pg.Client({ connectionString: d.env.DATABASE_URL });
  await client.connect();
  try {
    const points: LedgerScalePoint[] = [];
    let seeded = 0;
    let confirmPlans: LedgerScaleResult['confirmPlans'] = [];
    let oldLookupPlan = '';
    const targets = [...cfg.e2eLedgerAccounts].sort((a, b) => a - b);
    for (const target of targets) {
      const { rows } = await client.query<{ n: string }>('SELECT count(*)::text AS n FROM ledger_accounts');
      const have = Number(rows[0]!.n);
      const t0 = performance.now();
      await seed(client, token, seeded + 1, seeded + Math.max(0, target - have));
      seeded += Math.max(0, target - have);
      await client.query('VACUUM (ANALYZE) ledger_accounts');
      await client.query('VACUUM (ANALYZE) postings');
      const accounts = Number((await client.query<{ n: string }>('SELECT count(*)::text AS n FROM ledger_accounts')).rows[0]!.n);
      log(`  ledger: ${accounts} accounts (${seeded} seeded wallets; seeding + vacuum ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
      if (seeded === 0) throw new Error('ledger part: no seeded wallets (BENCH_E2E_LEDGER_ACCOUNTS too small)');

      await client.query('BEGIN');
      let lookup: { plan: string; execMs: number };
      const lookupSamples: number[] = [];
      try {
        lookup = await explain(client, lookupSql(token, randomSeeded(seeded), orgId, 3));
        for (let i = 0; i < cfg.e2eLedgerConfirms; i++) {
          const t = performance.now();
          await client.query(LOOKUP_PARAMS_SQL, [['wallet', 'organization'], [randomSeeded(seeded), orgId], [0, i % 8], token]);
          lookupSamples.push((performance.now() - t) * 1000);
        }
      } finally {
        await client.query('ROLLBACK');
      }

      // Confirms, one at a time, from random seeded wallets (each holds 1,000 base units; a payment is 1).
      const payments: { id: string; payer: string }[] = [];
      for (let i = 0; i < cfg.e2eLedgerConfirms; i++) {
        const payer = randomSeeded(seeded);
        const { body } = await createPayment(ctx, { organizationId: orgId, payer, amount: 1n, expiresInSeconds: 3600 });
        payments.push({ id: body.id, payer });
      }
      const confirmSamples: number[] = [];
      for (const p of payments) {
        const t = performance.now();
        const out = await confirmPayment({ ...ctx, paymentFulfilments }, orgId, p.id, p.payer);
        confirmSamples.push(performance.now() - t);
        if (out.status !== 'settled') throw new Error(`ledger part: payment ${p.id} ended ${out.status}`);
      }
      const point: LedgerScalePoint = {
        accounts,
        lookupPlan: lookup.plan,
        lookupExecMs: lookup.execMs,
        lookupUs: summarizeLatency(lookupSamples),
        confirmMs: summarizeLatency(confirmSamples),
      };
      points.push(point);
      log(
        `  ledger: ${accounts} accounts: lookup executes in ${lookup.execMs.toFixed(3)} ms (EXPLAIN), ${point.lookupUs.p50.toFixed(0)} µs p50 / ${point.lookupUs.p99.toFixed(0)} µs p99 per round trip; ` +
          `confirmPayment p50 ${point.confirmMs.p50.toFixed(2)} ms / p95 ${point.confirmMs.p95.toFixed(2)} ms`,
      );

      if (target === targets[targets.length - 1]) {
        confirmPlans = await explainConfirm(client, ctx, token, orgId, fanoutOrgId ?? orgId, randomSeeded(seeded));
        const before = await explain(
          client,
          `SELECT id::text, owner_type::text AS owner_type, owner_id, balance::text AS balance
           FROM ledger_accounts
           WHERE token = ${lit(token)}
             AND (owner_type::text || ':' || owner_id) = ANY(ARRAY[${lit(`wallet:${randomSeeded(seeded)}`)}, ${lit(`organization:${orgId}`)}]::text[])
           ORDER BY id`,
        );
        oldLookupPlan = before.plan;
        log(`  ledger: the older lookup (expression, no FOR UPDATE) executes in ${before.execMs.toFixed(1)} ms`);
      }
    }
    return { points, confirmPlans, oldLookupPlan };
  } finally {
    await client.end();
  }
}
