import type { Context } from '@gw/runtime';
import { enqueueDeliveries } from './queue.js';
import { findOverdueDeliveries } from './repository.js';

/**
 * The deliveries' part of the outbox sweep: a crash between commit and enqueue, a Redis
 * that lost its data, or a job that exhausted its infrastructure retries would otherwise leave a
 * pending delivery without a job. Gives a job again (job id = delivery id, so a live job is never
 * duplicated) to each pending delivery more than `graceMs` past its due time. Safe to run from
 * every worker replica at once; raw SQL on the plain pg pool.
 * @param batch max deliveries looked at per call (default 500)
 * @returns how many jobs were added
 */
export async function sweepDeliveries(
  ctx: Pick<Context, 'sql' | 'queues' | 'redis' | 'config'>,
  opts: { graceMs: number; batch?: number },
): Promise<number> {
  const overdue = await findOverdueDeliveries(ctx.sql, new Date(Date.now() - opts.graceMs), opts.batch ?? 500);
  return enqueueDeliveries(ctx, overdue, { replaceFinished: true });
}
