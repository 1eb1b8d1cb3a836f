import type { Context } from '@gw/runtime';
import { enqueueDeliveries, type RecoveryJob } from './queue.js';
import { reopenDeadDeliveries } from './repository.js';

/**
 * The worker's side of a bulk recovery: the `webhook-recovery` processor. The API's side (checks,
 * the organization's hourly budget in `recovery-budget.ts`, the enqueue) is `recoverWebhook` in
 * `../service.ts`.
 */

/** Deliveries reopened per statement: bounded, so a large recovery never holds many row locks at once. */
const RECOVERY_BATCH = 500;

/**
 * Runs a bulk recovery job (`POST /gateway/v1/webhooks/:id/recover`): every `dead`
 * delivery of the webhook created at or after `since` that was already dead at `until` becomes
 * `pending` with `manual = true` (one attempt, like a manual resend: success → `delivered`,
 * failure → `dead`) and gets a job. Works in batches of 500 rows; only deliveries dead at `until`
 * qualify, so a delivery that dies again during the recovery is not picked up twice. If the job
 * dies between a batch's commit and its enqueue, the outbox sweeper enqueues those deliveries.
 * Nothing is reopened when the webhook is no longer active. At most `job.limit` deliveries,
 * oldest first (WEBHOOK_RECOVERY_MAX_DELIVERIES of this worker for a job queued without one); a
 * run retried after an infrastructure failure counts afresh.
 * @returns how many deliveries were reopened
 */
export async function recoverDeadDeliveries(
  ctx: Pick<Context, 'sql' | 'queues' | 'redis' | 'config'>,
  job: RecoveryJob,
): Promise<{ recovered: number }> {
  const limit = job.limit ?? ctx.config.WEBHOOK_RECOVERY_MAX_DELIVERIES;
  let recovered = 0;
  while (recovered < limit) {
    const ids = await reopenDeadDeliveries(ctx.sql, job, Math.min(RECOVERY_BATCH, limit - recovered));
    if (ids.length === 0) break;
    await enqueueDeliveries(
      ctx,
      ids.map((id) => ({ id, organizationId: job.organizationId, webhookId: job.webhookId })),
      { replaceFinished: true },
    );
    recovered += ids.length;
  }
  return { recovered };
}
