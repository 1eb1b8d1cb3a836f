import { type Context, enqueueDeliveries, type RecoveryJob } from '@gw/runtime';

/** Deliveries reopened per statement: bounded, so a large recovery never holds many row locks at once. */
const BATCH = 500;

/**
 * Runs a bulk recovery job (issue #10, `POST /gateway/v1/webhooks/:id/recover`): every `dead`
 * delivery of the webhook created at or after `since` that was already dead at `until` becomes
 * `pending` with `manual = true` (one attempt, like a manual resend: success → `delivered`,
 * failure → `dead`) and gets a job. Works in batches of 500 rows; only deliveries dead at `until`
 * qualify, so a delivery that dies again during the recovery is not picked up twice. If the job
 * dies between a batch's commit and its enqueue, the outbox sweeper enqueues those deliveries.
 * Nothing is reopened when the webhook is no longer active.
 * @returns how many deliveries were reopened
 */
export async function recoverDeadDeliveries(ctx: Pick<Context, 'sql' | 'queues'>, job: RecoveryJob): Promise<{ recovered: number }> {
  let recovered = 0;
  for (;;) {
    const rows = await ctx.sql.$queryRaw<{ id: string }[]>`
      UPDATE deliveries SET status = 'pending', manual = true, next_attempt_at = now(), updated_at = now()
      WHERE id IN (
        SELECT d.id FROM deliveries d JOIN webhooks w ON w.id = d.webhook_id AND w.active
        WHERE d.webhook_id = ${job.webhookId}::uuid AND d.organization_id = ${job.organizationId}::uuid
          AND d.status = 'dead' AND d.created_at >= ${job.since}::timestamptz AND d.updated_at <= ${job.until}::timestamptz
        ORDER BY d.id LIMIT ${BATCH}::int
        FOR UPDATE OF d
      )
      RETURNING id::text`;
    if (rows.length === 0) return { recovered };
    await enqueueDeliveries(
      ctx.queues,
      rows.map((r) => r.id),
      { replaceFinished: true },
    );
    recovered += rows.length;
  }
}
