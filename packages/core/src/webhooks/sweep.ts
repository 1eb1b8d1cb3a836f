import { type Context, ensureLiveJobs } from '@gw/runtime';

export interface SweepResult {
  /** Pending deliveries whose job was missing or finished, re-enqueued. */
  deliveries: number;
  /** Pending payments past expiry whose expiry job was missing, re-scheduled. */
  payments: number;
}

/**
 * The outbox sweeper (issue #2): a crash between commit and enqueue, a Redis that lost its
 * data, or a job that exhausted its infrastructure retries would otherwise leave work behind.
 * Finds pending deliveries more than `graceMs` past their due time, and pending payments more
 * than `graceMs` past `expiresAt`, and gives each a job again (job id = row id, so a live job is
 * never duplicated). Safe to run from every worker replica at once.
 * @param batch max rows of each kind looked at per call
 */
export async function sweepOutbox(ctx: Pick<Context, 'sql' | 'queues'>, opts: { graceMs: number; batch?: number }): Promise<SweepResult> {
  // Raw SQL on the plain pg pool: a worker that only delivers never loads Prisma's engine.
  const db = ctx.sql;
  const cutoff = new Date(Date.now() - opts.graceMs);
  const batch = opts.batch ?? 500;
  const deliveries = await db.$queryRaw<{ id: string }[]>`
    SELECT id::text FROM deliveries WHERE status = 'pending' AND next_attempt_at <= ${cutoff}::timestamptz
    ORDER BY next_attempt_at LIMIT ${batch}::int`;
  const payments = await db.$queryRaw<{ id: string }[]>`
    SELECT id::text FROM payments WHERE status = 'pending' AND expires_at <= ${cutoff}::timestamptz
    ORDER BY expires_at LIMIT ${batch}::int`;
  return {
    deliveries: await ensureLiveJobs(
      ctx.queues.deliveries,
      'deliver',
      deliveries.map((d) => ({ id: d.id, data: { deliveryId: d.id } })),
    ),
    payments: await ensureLiveJobs(
      ctx.queues.paymentExpiry,
      'expire',
      payments.map((p) => ({ id: p.id, data: { paymentId: p.id } })),
    ),
  };
}
