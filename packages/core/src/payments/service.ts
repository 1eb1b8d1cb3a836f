import { type Payment, type PaymentStatus, type RawSql, withTransaction } from '@gw/db';
import { v7 as uuidv7 } from 'uuid';
import { AppError, type Context, coalescePer, fetchPage, findOrNotFound, runAfterCommit, type SpendGuard } from '@gw/runtime';
import { transfer, transferIfFunded } from '../ledger/index.js';
import {
  type DeliveryRef,
  deliverAfterCommit,
  recordEvent,
  TEST_EVENT_ADDRESS,
  TEST_EVENT_PAYMENT_ID,
  type WebhookEvent,
  type WebhookEventDefinition,
} from '../webhooks/index.js';
import { requestFingerprint, withIdempotency } from '../idempotency/index.js';
import { PAYMENT_EVENT_PAYLOADS, paymentEventExamples, toPaymentDto, type PaymentDto } from './schemas.js';
import { fulfilmentOf, type PaymentFulfilments } from './fulfilment.js';
import {
  findOverduePendingPaymentIds,
  findPayment,
  findPayments,
  insertPaymentRows,
  lockPayment,
  updatePaymentStatus,
  type NewPayment,
} from './repository.js';
import { paymentsProblem } from './problems.js';

/**
 * The payments use cases: creation (group-committed without an
 * Idempotency-Key), confirmation, refund and expiry (the scan of due payments) with their events,
 * and reads.
 */

type Ctx = Pick<Context, 'prisma' | 'sql' | 'queues' | 'redis' | 'logger' | 'config'>;
/** What payment creation needs: also the plain pg pool of its hot path. */
/** Creating a payment enqueues nothing (expiry is a scan), so it needs no Redis. */
/** What settling or refunding needs besides the stores: the fulfilments of the purposes other than `payment`. */
type SettleCtx = Ctx & { paymentFulfilments: PaymentFulfilments };
type CreateCtx = Pick<Context, 'prisma' | 'sql' | 'queues' | 'logger' | 'config'>;

export interface CreatePaymentInput {
  organizationId: string;
  /** Checksummed address of the JWT's wallet. */
  payer: string;
  /** Integer base units. */
  amount: bigint;
  description?: string | undefined;
  /** Seconds until the payment expires (default 900). */
  expiresInSeconds: number;
  idempotencyKey?: string | undefined;
  /** `credit_purchase` (`/ai-billing`): settling also mints `credits` CREDIT to the payer. Default `payment`. */
  purpose?: 'payment' | 'credit_purchase' | undefined;
  /** Credits bought; only with purpose `credit_purchase`. */
  credits?: bigint | undefined;
}

/**
 * Creates a `pending` payment from `payer` to the organization, expiring at now +
 * `expiresInSeconds` (the expiry scan, {@link expireDuePayments}, expires it then; nothing is
 * written to Redis). With an Idempotency-Key, the same key and body return the same payment;
 * without one, the insert is group-committed with concurrent ones ({@link insertPayment}).
 * @returns HTTP status (201) and the payment object; `replayed` when answered from the key
 */
export async function createPayment(ctx: CreateCtx, input: CreatePaymentInput) {
  const purpose = input.purpose ?? 'payment';
  const expiresAt = new Date(Date.now() + input.expiresInSeconds * 1000);
  const credits = purpose === 'credit_purchase' ? (input.credits ?? null) : null;
  const newPayment: NewPayment = {
    organizationId: input.organizationId,
    payer: input.payer,
    token: ctx.config.NATIVE_TOKEN_SYMBOL,
    amount: input.amount,
    description: input.description ?? null,
    purpose,
    credits,
    expiresAt,
  };
  if (input.idempotencyKey === undefined) {
    // The hot path: one group-committed INSERT on the plain pg pool, no transaction.
    const payment = await insertPayment(ctx.sql, newPayment);
    return { statusCode: 201, body: payment, replayed: false };
  }

  const fingerprint = requestFingerprint('payments.create', input.payer, {
    amount: input.amount.toString(),
    description: input.description ?? null,
    expiresInSeconds: input.expiresInSeconds,
    // Only credit purchases add fields, so the fingerprints of plain payments are unchanged.
    ...(purpose === 'credit_purchase' ? { purpose, credits: input.credits?.toString() ?? null } : {}),
  });
  const result = await withIdempotency<PaymentDto>(
    ctx,
    { organizationId: input.organizationId, key: input.idempotencyKey, fingerprint },
    async (tx) => {
      // The same INSERT as the hot path, in the transaction that stores the key's answer.
      const [payment] = await insertPaymentRows(tx, [{ ...newPayment, id: uuidv7() }]);
      return { statusCode: 201, body: toPaymentDto(payment!) };
    },
  );
  return result;
}

/** {@link lockPayment} of an organization's payment. @throws AppError('not-found') */
async function lockOwnPayment(tx: RawSql, organizationId: string, paymentId: string): Promise<Payment> {
  const payment = await lockPayment(tx, paymentId, organizationId);
  if (!payment) throw new AppError('not-found', 'No such payment');
  return payment;
}

/** Changes the status and writes the event with its deliveries, in the caller's transaction. */
async function transition(
  tx: RawSql,
  paymentId: string,
  status: PaymentStatus,
  event: WebhookEvent,
  extra: { failureReason?: string; settledAt?: Date; refundedAt?: Date } = {},
) {
  const dto = toPaymentDto(await updatePaymentStatus(tx, paymentId, status, extra));
  const deliveries = await recordEvent(tx, dto.organizationId, event, { payment: { ...dto } });
  return { dto, deliveries };
}

/**
 * Settles a pending payment: moves the amount from the payer's balance to the organization's,
 * atomically with the status change and the `payment.settled` event. A short balance makes
 * the payment `failed` (`payment.failed`); the response is still 200 with that status.
 * A payment already past `expiresAt` is expired on the spot and the call answers 409.
 * @param caller checksummed address of the JWT's wallet; must be the payer
 * @param spendGuard an AI connector's grant limits, charged with the settle in its transaction
 * @throws AppError not-found (other organization, unknown id), not-payer (403), invalid-state (409);
 *   with a spend guard also spending-limit-exceeded, approval-required (403)
 */
export async function confirmPayment(
  ctx: SettleCtx,
  organizationId: string,
  paymentId: string,
  caller: string,
  spendGuard?: SpendGuard,
): Promise<PaymentDto> {
  // Raw SQL in one pg transaction: Prisma's interactive transaction cost most of the
  // API's CPU on this path, and every statement is a round trip while the rows are locked.
  const out = await withTransaction(ctx.sql, async (tx) => {
    const payment = await lockOwnPayment(tx, organizationId, paymentId);
    if (payment.payer !== caller) throw paymentsProblem('not-payer', 'Only the payer can confirm this payment');
    if (payment.status !== 'pending')
      throw new AppError('invalid-state', `Payment is ${payment.status}; only pending payments can be confirmed`);
    if (payment.expiresAt.getTime() <= Date.now()) {
      return { ...(await transition(tx, payment.id, 'expired', 'payment.expired')), expired: true };
    }
    const settled = await transferIfFunded(tx, {
      kind: 'payment.settle',
      reference: payment.id,
      token: payment.token,
      from: { type: 'wallet', id: payment.payer },
      to: { type: 'organization', id: organizationId },
      amount: BigInt(payment.amount.toFixed(0)),
    });
    if (settled === null) {
      return {
        ...(await transition(tx, payment.id, 'failed', 'payment.failed', { failureReason: 'insufficient_funds' })),
        expired: false,
      };
    }
    // An AI connector's spending limits, checked on the settle's connection (rolled back with it).
    await spendGuard?.charge(tx, {
      action: 'payment.confirm',
      reference: payment.id,
      recipient: organizationId,
      token: payment.token,
      amount: BigInt(payment.amount.toFixed(0)),
    });
    await fulfilmentOf(ctx.paymentFulfilments, payment.purpose)?.settled(tx, payment); // e.g. a credit purchase mints its credits with the settle
    return { ...(await transition(tx, payment.id, 'settled', 'payment.settled', { settledAt: new Date() })), expired: false };
  });
  await runAfterCommit(ctx, [deliverAfterCommit(out.deliveries)]);
  if (out.expired) throw new AppError('invalid-state', 'Payment expired before it was confirmed');
  return out.dto;
}

/**
 * Refunds a settled payment: the amount goes back from the organization to the payer, with
 * the `payment.refunded` event, in one transaction.
 * @throws AppError not-found, invalid-state (not settled, 409), insufficient-funds (organization balance short, 422)
 */
export async function refundPayment(ctx: SettleCtx, organizationId: string, paymentId: string): Promise<PaymentDto> {
  const out = await withTransaction(ctx.sql, async (tx) => {
    const payment = await lockOwnPayment(tx, organizationId, paymentId);
    if (payment.status !== 'settled')
      throw new AppError('invalid-state', `Payment is ${payment.status}; only settled payments can be refunded`);
    await transfer(tx, {
      kind: 'payment.refund',
      reference: payment.id,
      token: payment.token,
      from: { type: 'organization', id: organizationId },
      to: { type: 'wallet', id: payment.payer },
      amount: BigInt(payment.amount.toFixed(0)),
    });
    await fulfilmentOf(ctx.paymentFulfilments, payment.purpose)?.refunded(tx, payment); // e.g. 409 when purchased credits were consumed
    return transition(tx, payment.id, 'refunded', 'payment.refunded', { refundedAt: new Date() });
  });
  await runAfterCommit(ctx, [deliverAfterCommit(out.deliveries)]);
  return out.dto;
}

// --- the events: the catalogue's entries and their test samples -----------------------------------

/** The made-up payer of a test event's payment: a valid address nobody holds the key of. */
export const TEST_EVENT_PAYER = TEST_EVENT_ADDRESS;

type PaymentEvent = keyof typeof PAYMENT_EVENT_PAYLOADS;

/**
 * The made-up payment a test event of `type` carries: a payment of 1 token of the
 * native token to the organization, in the state the event reports, with the fixed id
 * {@link TEST_EVENT_PAYMENT_ID}, the payer {@link TEST_EVENT_PAYER} and a description that says it
 * is a test. It matches the `Payment` schema, so a receiver parses it as it parses a real one.
 * @param now the time of the sample (creation, update, settle, refund)
 */
export function samplePayment(type: PaymentEvent, organizationId: string, token: string, now: Date): PaymentDto {
  const at = now.toISOString();
  const status = (
    { 'payment.settled': 'settled', 'payment.failed': 'failed', 'payment.expired': 'expired', 'payment.refunded': 'refunded' } as const
  )[type];
  return {
    id: TEST_EVENT_PAYMENT_ID,
    object: 'payment',
    status,
    amount: '1000000000000000000',
    token,
    payer: TEST_EVENT_PAYER,
    organizationId,
    description: 'Test event sent by POST /gateway/v1/webhooks/{id}/test: not a real payment',
    purpose: 'payment',
    credits: null,
    failureReason: status === 'failed' ? 'insufficient_funds' : null,
    expiresAt: status === 'expired' ? at : new Date(now.getTime() + 900_000).toISOString(),
    createdAt: at,
    updatedAt: at,
    settledAt: status === 'settled' || status === 'refunded' ? at : null,
    refundedAt: status === 'refunded' ? at : null,
  };
}

const paymentEvent = <E extends PaymentEvent>(type: E): WebhookEventDefinition<E> => ({
  type,
  payload: PAYMENT_EVENT_PAYLOADS[type],
  example: paymentEventExamples[type],
  sourceOfTruth: 'Events of one payment may arrive out of order: `GET /gateway/v1/payments/{id}` is the source of truth.',
  sample: (s) => ({ payment: samplePayment(type, s.organizationId, s.token, s.now) }),
});

/**
 * The payment events as the catalogue of event types takes them: each
 * one's body schema, example, and test sample ({@link samplePayment}).
 */
export const PAYMENT_EVENTS = {
  'payment.settled': paymentEvent('payment.settled'),
  'payment.failed': paymentEvent('payment.failed'),
  'payment.expired': paymentEvent('payment.expired'),
  'payment.refunded': paymentEvent('payment.refunded'),
} as const;

export type ExpireOutcome =
  { result: 'expired' } | { result: 'not-due'; expiresAt: Date } | { result: 'not-pending' } | { result: 'missing' };

/**
 * Expires a pending payment whose `expiresAt` has passed, in one transaction (row locked, status,
 * event and deliveries; the deliveries are enqueued after the commit). Any other state is left
 * alone. Run by the expiry scan ({@link expireDuePayments}) and by per-payment expiry jobs that
 * an earlier version scheduled.
 */
export async function expirePayment(ctx: Ctx, paymentId: string): Promise<ExpireOutcome> {
  const out = await withTransaction(ctx.sql, async (tx) => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment) return { outcome: { result: 'missing' } as ExpireOutcome, deliveries: [] as DeliveryRef[] };
    if (payment.status !== 'pending') return { outcome: { result: 'not-pending' } as ExpireOutcome, deliveries: [] };
    if (payment.expiresAt.getTime() > Date.now()) {
      return { outcome: { result: 'not-due', expiresAt: payment.expiresAt } as ExpireOutcome, deliveries: [] };
    }
    const { deliveries } = await transition(tx, payment.id, 'expired', 'payment.expired');
    return { outcome: { result: 'expired' } as ExpireOutcome, deliveries };
  });
  await runAfterCommit(ctx, [deliverAfterCommit(out.deliveries)]);
  return out.outcome;
}

/** @throws AppError('not-found') for an unknown id or another organization's payment */
export async function getPayment(ctx: Pick<Context, 'prisma'>, organizationId: string, paymentId: string): Promise<PaymentDto> {
  const payment = await findOrNotFound(paymentId, 'No such payment', (uuid) => findPayment(ctx, organizationId, uuid));
  return toPaymentDto(payment);
}

/**
 * Lists the organization's payments, newest first.
 * @param limit 1..100; @param cursor opaque `nextCursor` of the previous page
 */
export async function listPayments(
  ctx: Pick<Context, 'prisma'>,
  organizationId: string,
  q: { status?: PaymentStatus | undefined; limit: number; cursor?: string | undefined },
): Promise<{ data: PaymentDto[]; nextCursor: string | null }> {
  return fetchPage(q, (page) => findPayments(ctx, organizationId, { status: q.status }, page), toPaymentDto);
}

// --- the group commit of creations without a key -----------------------------------------------------

type Outcome = { payment: PaymentDto } | { error: unknown };

/** {@link insertPaymentRows}, as the API returns them by id. */
const insertRows = async (sql: RawSql, rows: (NewPayment & { id: string })[]): Promise<Map<string, PaymentDto>> =>
  new Map((await insertPaymentRows(sql, rows)).map((p) => [p.id, toPaymentDto(p)]));

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
 * Inserts a `pending` payment (the write path of `POST /payments` without an
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

/** Payments one statement of the expiry scan reads (and expires before it reads again). */
const EXPIRY_SCAN_BATCH = 200;
/** Expiries of one scan run at once (each its own transaction on the process's pool). */
const EXPIRY_SCAN_PARALLEL = 4;

/**
 * The expiry scan (a pending payment becomes `expired` at `expiresAt`):
 * expires every pending payment whose `expiresAt` is past, oldest first, reading the due ones by
 * the index `payments(status, expires_at)` in batches of 200 and expiring up to 4 at a time, each
 * with {@link expirePayment} (its own transaction, its `payment.expired` event and deliveries).
 * Run by the `payment-expiry` job scheduler every PAYMENT_EXPIRY_SCAN_MS, so a payment expires
 * within about that long after its `expiresAt`; a confirm after `expiresAt` expires it at once.
 * Safe to run from several workers at once: each expiry locks its row and re-checks the status.
 * Nothing is lost when a run fails or Redis is down: the rows stay due and the next run takes them.
 * @param budgetMs the run stops reading new batches after this long (ms); the next run goes on
 * @returns how many payments this run expired
 * @throws the first database error of the run (after the other expiries of its batch finished)
 */
export async function expireDuePayments(ctx: Ctx, opts: { budgetMs: number }): Promise<number> {
  const started = Date.now();
  let expired = 0;
  for (;;) {
    const ids = await findOverduePendingPaymentIds(ctx.sql, new Date(), EXPIRY_SCAN_BATCH);
    for (let i = 0; i < ids.length; i += EXPIRY_SCAN_PARALLEL) {
      const outcomes = await Promise.allSettled(ids.slice(i, i + EXPIRY_SCAN_PARALLEL).map((id) => expirePayment(ctx, id)));
      for (const o of outcomes) {
        if (o.status === 'rejected') throw o.reason;
        if (o.value.result === 'expired') expired += 1;
      }
    }
    if (ids.length < EXPIRY_SCAN_BATCH || Date.now() - started >= opts.budgetMs) return expired;
  }
}
