import type { RawSql } from '@gw/db';
import { v7 as uuidv7 } from 'uuid';
import { coalesce } from '../batching/coalesce.js';
import type { PaymentDto } from './payment-dto.js';

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

interface PaymentRow {
  id: string;
  organization_id: string;
  payer: string;
  token: string;
  amount: string;
  description: string | null;
  purpose: PaymentDto['purpose'];
  credits: string | null;
  status: PaymentDto['status'];
  failure_reason: string | null;
  expires_at: Date;
  settled_at: Date | null;
  refunded_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

const toDto = (r: PaymentRow): PaymentDto => ({
  id: r.id,
  object: 'payment',
  status: r.status,
  amount: r.amount,
  token: r.token,
  payer: r.payer,
  organizationId: r.organization_id,
  description: r.description,
  purpose: r.purpose,
  credits: r.credits,
  failureReason: r.failure_reason,
  expiresAt: iso(r.expires_at)!,
  createdAt: iso(r.created_at)!,
  updatedAt: iso(r.updated_at)!,
  settledAt: iso(r.settled_at),
  refundedAt: iso(r.refunded_at),
});

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
    RETURNING id::text, organization_id::text, payer, token, amount::text, description, purpose::text AS purpose,
              credits::text, status::text AS status, failure_reason, expires_at, settled_at, refunded_at, created_at, updated_at`;
  return new Map(inserted.map((r) => [r.id, toDto(r)]));
}

const inserters = new WeakMap<RawSql, (p: NewPayment) => Promise<Outcome>>();

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
  let insert = inserters.get(sql);
  if (!insert) {
    insert = coalesce<NewPayment, Outcome>(
      async (batch) => {
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
    inserters.set(sql, insert);
  }
  const outcome = await insert(payment);
  if ('error' in outcome) throw outcome.error;
  return outcome.payment;
}
