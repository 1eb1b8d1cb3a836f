import type { Context } from '../context/context.js';

/** What after-commit work may use: the queues it adds jobs to, Redis (a delivery's fair-share rank), the configuration and the logger. */
export type AfterCommitCtx = Pick<Context, 'queues' | 'redis' | 'config' | 'logger'>;

/**
 * Work to run once the transaction that wrote its rows has committed: add the jobs of those rows
 * (a webhook delivery's, an on-chain transaction's). It runs after the commit, never inside the
 * transaction, so that a worker never takes a job whose row it cannot see yet; and it is safe to
 * lose (a crash between the commit and it): every such row has a sweeper that gives it a job
 * again (the outbox's transactional-outbox rule). The modules make them (`deliverAfterCommit`,
 * `dispatchAfterCommit`); {@link runAfterCommit} runs them.
 */
export type AfterCommit<C = AfterCommitCtx> = (ctx: C) => Promise<void>;

/**
 * Runs the after-commit work of a committed transaction, in order. A failure is logged at `warn`
 * and never thrown: the rows are committed, the sweeper covers them, and the caller's answer (the
 * committed change) stands.
 * @param work each item's work; `undefined` items are skipped (nothing to enqueue)
 */
export async function runAfterCommit<C extends Pick<Context, 'logger'>>(ctx: C, work: Iterable<AfterCommit<C> | undefined>): Promise<void> {
  for (const run of work) {
    if (!run) continue;
    try {
      await run(ctx);
    } catch (err) {
      ctx.logger.warn({ err }, 'enqueue after commit failed; the sweeper will re-enqueue');
    }
  }
}
