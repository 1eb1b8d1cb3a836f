import { Prisma, type KeysetPage, type Payment, type PaymentStatus, type RawSql, keysetArgs, sqlFragment } from '@gw/db';
import { type Context, isUuid } from '@gw/runtime';

/**
 * Every statement on the `payments` table. The hot paths are raw SQL (on the pg
 * pool, or in the caller's transaction); the reads of the API go through Prisma.
 */

/** A payments row as raw SQL returns it: the model's columns, `amount` and `credits` as text. */
export type PaymentRow = Omit<Payment, 'amount' | 'credits'> & { amount: string; credits: string | null };

/** The model of a raw {@link PaymentRow}. */
export const fromPaymentRow = (r: PaymentRow): Payment => ({
  ...r,
  amount: new Prisma.Decimal(r.amount),
  credits: r.credits === null ? null : BigInt(r.credits),
});

/** The columns of a {@link PaymentRow}, as every raw statement returns them. */
const PAYMENT_COLUMNS = sqlFragment(`id::text, organization_id::text AS "organizationId", payer, token, amount::text, description,
    purpose::text, credits::text, status::text, failure_reason AS "failureReason", expires_at AS "expiresAt",
    settled_at AS "settledAt", refunded_at AS "refundedAt", created_at AS "createdAt", updated_at AS "updatedAt"`);

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

/**
 * Inserts `rows` (`pending`) in one statement, on the pool or in the caller's transaction (a
 * Prisma transaction too). Ids are the caller's (UUID v7, like the schema's default).
 * @returns the inserted rows, in no particular order
 */
export async function insertPaymentRows(db: RawSql, rows: (NewPayment & { id: string })[]): Promise<Payment[]> {
  const col = <K extends keyof (NewPayment & { id: string })>(k: K) => rows.map((r) => r[k]);
  const text = (values: (bigint | null)[]) => values.map((v) => (v === null ? null : v.toString()));
  const inserted = await db.$queryRaw<PaymentRow[]>`
    INSERT INTO payments (id, organization_id, payer, token, amount, description, purpose, credits, expires_at, updated_at)
    SELECT t.id, t.organization_id, t.payer, t.token, t.amount, t.description, t.purpose, t.credits, t.expires_at, now()
    FROM unnest(
      ${col('id')}::uuid[], ${col('organizationId')}::uuid[], ${col('payer')}::text[], ${col('token')}::text[],
      ${text(col('amount'))}::numeric[], ${col('description')}::text[], ${col('purpose')}::payment_purpose[],
      ${text(col('credits'))}::bigint[], ${col('expiresAt')}::timestamptz[]
    ) AS t(id, organization_id, payer, token, amount, description, purpose, credits, expires_at)
    RETURNING ${PAYMENT_COLUMNS}`;
  return inserted.map(fromPaymentRow);
}

/**
 * Locks a payment row for the rest of the transaction and reads it, in one statement.
 * @param organizationId scopes the row to its organization; omitted only by `expirePayment` (run by
 *   the expiry scan on the due payments it found, or by a per-payment job an earlier version queued),
 *   never on an id from a request
 * @returns the payment, or undefined when there is no such row (for that organization)
 */
export async function lockPayment(tx: RawSql, paymentId: string, organizationId?: string): Promise<Payment | undefined> {
  if (!isUuid(paymentId)) return undefined;
  const rows = await tx.$queryRaw<PaymentRow[]>`
    SELECT ${PAYMENT_COLUMNS}
    FROM payments
    WHERE id = ${paymentId}::uuid AND (${organizationId ?? null}::uuid IS NULL OR organization_id = ${organizationId ?? null}::uuid)
    FOR UPDATE`;
  return rows[0] ? fromPaymentRow(rows[0]) : undefined;
}

/**
 * Changes a payment's status (and, when given, its failure reason, settle or refund time).
 * @returns the payment after the change
 */
export async function updatePaymentStatus(
  tx: RawSql,
  paymentId: string,
  status: PaymentStatus,
  extra: { failureReason?: string; settledAt?: Date; refundedAt?: Date } = {},
): Promise<Payment> {
  const rows = await tx.$queryRaw<PaymentRow[]>`
    UPDATE payments SET status = ${status}::payment_status,
           failure_reason = coalesce(${extra.failureReason ?? null}::text, failure_reason),
           settled_at = coalesce(${extra.settledAt ?? null}::timestamptz, settled_at),
           refunded_at = coalesce(${extra.refundedAt ?? null}::timestamptz, refunded_at),
           updated_at = now()
    WHERE id = ${paymentId}::uuid
    RETURNING ${PAYMENT_COLUMNS}`;
  return fromPaymentRow(rows[0]!);
}

/** The organization's payment, or null. */
export function findPayment(ctx: Pick<Context, 'prisma'>, organizationId: string, paymentId: string): Promise<Payment | null> {
  return ctx.prisma.payment.findFirst({ where: { id: paymentId, organizationId } });
}

/** A page of the organization's payments, newest first, optionally of one status (`keysetArgs`). */
export function findPayments(
  ctx: Pick<Context, 'prisma'>,
  organizationId: string,
  q: { status?: PaymentStatus | undefined },
  page: KeysetPage,
): Promise<Payment[]> {
  return ctx.prisma.payment.findMany(keysetArgs({ organizationId, ...(q.status ? { status: q.status } : {}) }, page));
}

/** Pending payments whose `expiresAt` is at or before `cutoff`, oldest first (the expiry scan's; index `payments(status, expires_at)`). */
export async function findOverduePendingPaymentIds(sql: RawSql, cutoff: Date, limit: number): Promise<string[]> {
  const payments = await sql.$queryRaw<{ id: string }[]>`
    SELECT id::text FROM payments WHERE status = 'pending' AND expires_at <= ${cutoff}::timestamptz
    ORDER BY expires_at LIMIT ${limit}::int`;
  return payments.map((p) => p.id);
}
