import type { RawSql } from '@gw/db';
import { v7 as uuidv7 } from 'uuid';
import { coalescePer } from '@gw/runtime';
import { fromPaymentRow, toPaymentDto, type PaymentDto, type PaymentRow } from './payment-dto.js';

/** A payment to create: everything but the columns PostgreSQL fills in. */
export interface NewPayment {
  organizationId: string;
  payer: string;
  token: string;
  /** Integer base units. */
  amount: bigint;
  description: string | null;
  purpose: 'payment' | 'credit_purchase';
  credits: bigint | null;
  expiresAt: Date;
}

type Outcome = { payment: PaymentDto } | { error: unknown };

/** Inserts `rows` in one statement; ids are generated here (UUID v7, like the schema's default). */
async function insertRows(sql: RawSql, rows: (NewPayment & { id: string })[]): Promise<Map<string, PaymentDto>> {
  const col = <K extends keyof (NewPayment & { id: string })>(k: K) => rows.map((r) => r[k]);
  const text = (values: (bigint | null)[]) => values.map((v) => (v === null ? null : v.toString()));
  const inserted = await sql.$queryRaw<PaymentRow[]>`
    INSERT INTO payments (id, organization_id, payer, token, amount, description, purpose, credits, expires_at, updated_at)
    SELECT t.id, t.organization_id, t.payer, t.token, t.amount, t.description, t.purpose, t.credits, t.expires_at, now()
    FROM unnest(
      ${col('id')}::uuid[], ${col('organizationId')}::uuid[], ${col('payer')}::text[], ${col('token')}::text[],
      ${text(col('amount'))}::numeric[], ${col('description')}::text[], ${col('purpose')}::payment_purpose[],
      ${text(col('credits'))}::bigint[], ${col('expiresAt')}::timestamptz[]
    ) AS t(id, organization_id, payer, token, amount, description, purpose, credits, expires_at)
    RETURNING id::text, organization_id::text AS "organizationId", payer, token, amount::text, description,
              purpose::text, credits::text, status::text, failure_reason AS "failureReason", expires_at AS "expiresAt",
              settled_at AS "settledAt", refunded_at AS "refundedAt", created_at AS "createdAt", updated_at AS "updatedAt"`;
  return new Map(inserted.map((r) => [r.id, toPaymentDto(fromPaymentRow(r))]));
}

/** The group commit of {@link insertPayment}, one batcher per pool. */
const insertBatch = coalescePer(
  async (sql: RawSql, batch: NewPayment[]): Promise<Outcome[]> => {
    const rows = batch.map((p) => ({ ...p, id: uuidv7() }));
    const settle = (byId: Map<string, PaymentDto>, r: { id: string }): Outcome => {
      const dto = byId.get(r.id);
      return dto ? { payment: dto } : { error: new Error(`payment ${r.id} was not inserted`) };
    };
    try {
      const byId = await insertRows(sql, rows);
      return rows.map((r) => settle(byId, r));
    } catch (err) {
      if (rows.length === 1) return [{ error: err }];
      return Promise.all(
        rows.map((r) =>
          insertRows(sql, [r]).then(
            (byId) => settle(byId, r),
            (error: unknown): Outcome => ({ error }),
          ),
        ),
      );
    }
  },
  { maxBatch: 200, maxInFlight: 2 },
);

/**
 * Inserts a `pending` payment (issue #5: the write path of `POST /payments` without an
 * Idempotency-Key). Concurrent calls are group-committed: the payments requested while an insert
 * is running are written together by the next single `INSERT … SELECT FROM unnest(…)`, so N
 * concurrent requests cost one round trip instead of N; each caller still gets its own committed
 * row. If a batch fails, each of its payments is retried alone, so one bad row (e.g. its
 * organization was just deleted) fails only its own request.
 *
 * @param sql the process's plain pg pool (`ctx.sql`); one batcher per pool
 * @returns the created payment, as the API returns it
 * @throws the database error of this payment's own insert
 */
export async function insertPayment(sql: RawSql, payment: NewPayment): Promise<PaymentDto> {
  const outcome = await insertBatch(sql, payment);
  if ('error' in outcome) throw outcome.error;
  return outcome.payment;
}
