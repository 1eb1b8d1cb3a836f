import { performance } from 'node:perf_hooks';
import { DelayedError, type Job, UnrecoverableError } from 'bullmq';
import { type Context, type JobDataIssue, JobDataError, type QueueDef, parseJobData, runAfterCommit } from '@gw/runtime';
import {
  type DeliveryStore,
  type EndpointGate,
  deliveryQueue,
  processDelivery,
  type ProcessOutcome,
  type Sender,
  type StageObserver,
  recoverDeadDeliveries,
  recoveryQueue,
  sweepDeliveries,
} from '@gw/core/webhooks';
import { bridgeRelayQueue, relayBridgeTransfer } from '@gw/core/bridge';
import { expireDuePayments, expirePayment, paymentExpiryQueue } from '@gw/core/payments';
import { type RetentionReport, retentionQueue, runRetention } from '@gw/core/retention';
import {
  type ChainTransactionKinds,
  chainTransactionQueue,
  dispatchAfterCommit,
  processChainTransaction,
  sweepChainTransactions,
} from '@gw/core/chain';
import {
  custodyQueue,
  type DepositScanCatalogue,
  pollChainLogs,
  type ReservesReport,
  scanDeposits,
  scheduledReservesCheck,
  type ScanReport,
} from '@gw/core/custody';
import { governanceQueue, runGovernanceKeeper } from '@gw/core/governance';

/** A queue's processor. `token` is the worker's lock token, needed to reschedule the job itself. */
export type Handler = (job: Job, token: string | undefined) => Promise<unknown>;

/** One entry of the job catalogue: a queue (defined by the module that owns it) and its processor. */
export interface JobHandler {
  queue: QueueDef<unknown>;
  handle: Handler;
}

/**
 * A job whose data its queue's schema refuses (a producer's bug, or a job written by hand): failed
 * at once as an {@link UnrecoverableError}, since running it again cannot help. Its message names
 * the queue, the job id and each issue (path and message) and holds no value of the data; the
 * worker logs it at `error` with the issues (`start-worker.ts`).
 */
export class MalformedJobError extends UnrecoverableError {
  readonly queue: string;
  readonly jobId: string | undefined;
  readonly issues: JobDataIssue[];
  constructor(cause: JobDataError) {
    super(cause.message);
    this.queue = cause.queue;
    this.jobId = cause.jobId;
    this.issues = cause.issues;
  }
}

/**
 * Types a processor by its queue's job data: `defineHandler(deliveryQueue, ({ deliveryId }, job, token) => …)`.
 * The handler checks `job.data` against the queue's schema first and runs `run` with the data as
 * the schema reads it (unknown keys stripped).
 * @throws MalformedJobError (an UnrecoverableError: the job fails without retry) when the schema refuses the data
 */
export function defineHandler<Data>(
  queue: QueueDef<Data>,
  run: (data: Data, job: Job<Data>, token: string | undefined) => Promise<unknown>,
): JobHandler {
  return {
    queue,
    handle: async (job: Job<Data>, token) => {
      let data: Data;
      try {
        data = parseJobData(queue, job.data, job.id);
      } catch (err) {
        throw err instanceof JobDataError ? new MalformedJobError(err) : err;
      }
      return run(data, job, token);
    },
  };
}

/** Moves the running job back to `delayed` until `at` (the same job id keeps the delivery's identity). */
async function rescheduleAt(job: Job, token: string | undefined, at: Date): Promise<never> {
  await job.moveToDelayed(at.getTime(), token);
  throw new DelayedError();
}

/** When each delivery job's processor returned (performance.now() ms), for the `finish` stage: the job's completion by BullMQ. */
const runEnds = new WeakMap<Job, number>();

/** When the delivery processor of this job object returned (performance.now() ms), if it did in this process. */
export const deliveryRunEndedAt = (job: Job): number | undefined => runEnds.get(job);

/** Optional parts of the handlers. */
export interface HandlerOptions {
  /** Called with each delivery run's outcome, or `'error'` when the run threw (metrics). */
  onDeliveryOutcome?: ((outcome: ProcessOutcome | 'error') => void) | undefined;
  /**
   * Called with each awaited stage of a delivery run and its wall-clock time in ms
   * (`gw_delivery_stage_seconds`), `run` included; `finish` is timed by the worker from
   * {@link deliveryRunEndedAt}.
   */
  onDeliveryStage?: StageObserver | undefined;
  /** Called with each retention run's report (metrics). */
  onRetentionRun?: ((report: RetentionReport) => void) | undefined;
  /**
   * The (chain, signer) pairs whose on-chain outbox queue this worker serves (each
   * configured chain with the relayer); none without a chain.
   */
  chainSigners?: readonly { chainId: number; signer: string }[] | undefined;
  /** Called with each deposit scan's report (metrics). */
  onDepositScan?: ((report: ScanReport) => void) | undefined;
  /** Called with each reserves check's report (metrics). */
  onReservesCheck?: ((report: ReservesReport) => void) | undefined;
}

/**
 * What the processors run on: the process's context, the delivery path's store and gate, and the
 * worker's catalogue of business outcomes (`catalogue.ts`).
 */
export type JobsCtx = Context & {
  deliveries: DeliveryStore;
  gate: EndpointGate;
  chainTransactionKinds: ChainTransactionKinds;
} & DepositScanCatalogue;

/**
 * The job catalogue: one handler per queue of the project, each typed by its queue's definition.
 * `startWorker` refuses to start when a queue of the catalogue (`@gw/core/queues`) has none (see
 * {@link assertHandlers}).
 */
export function createJobs(ctx: JobsCtx, sender: Sender, opts: HandlerOptions = {}): JobHandler[] {
  const observe = opts.onDeliveryOutcome ?? (() => undefined);
  const observeStage = opts.onDeliveryStage;
  const deliveryCtx = observeStage ? { ...ctx, observeStage } : ctx;
  return [
    defineHandler(deliveryQueue, async (delivery, job, token) => {
      let outcome: ProcessOutcome;
      const start = performance.now();
      try {
        outcome = await processDelivery(deliveryCtx, sender, delivery);
      } catch (err) {
        observe('error');
        throw err;
      }
      if (observeStage) {
        const end = performance.now();
        observeStage('run', end - start);
        runEnds.set(job, end);
      }
      observe(outcome);
      if (outcome.kind === 'retry' || outcome.kind === 'not-due' || outcome.kind === 'deferred')
        return rescheduleAt(job, token, outcome.at);
      return outcome;
    }),
    /**
     * A scan (`{}`, produced by the job scheduler every PAYMENT_EXPIRY_SCAN_MS, see
     * `paymentExpiryScans`) expires every due payment, for at most one interval or 1 s; a job of
     * one payment (`{ paymentId }`, scheduled by versions before the scan) expires that payment.
     */
    defineHandler(paymentExpiryQueue, async ({ paymentId }, job, token) => {
      if (paymentId === undefined)
        return { expired: await expireDuePayments(ctx, { budgetMs: Math.max(1000, ctx.config.PAYMENT_EXPIRY_SCAN_MS) }) };
      const outcome = await expirePayment(ctx, paymentId);
      if (outcome.result === 'not-due') return rescheduleAt(job, token, outcome.expiresAt);
      return outcome;
    }),
    /** Fails and refunds a ledger-only bridge transfer from before the on-chain bridge (on-chain ones go through the outbox). */
    defineHandler(bridgeRelayQueue, async ({ transferId }) => relayBridgeTransfer(ctx, transferId)),
    /** Reopens a webhook's dead deliveries in batches; a failure is retried by BullMQ and resumes where it stopped. */
    defineHandler(recoveryQueue, async (recovery) => recoverDeadDeliveries(ctx, recovery)),
    /**
     * One retention run, produced by the job scheduler every RETENTION_INTERVAL_MS (see
     * `retentionRuns`); bounded by RETENTION_RUN_BUDGET_MS, not retried (the next run goes on).
     */
    defineHandler(retentionQueue, async () => {
      const report = await runRetention(ctx);
      opts.onRetentionRun?.(report);
      return report;
    }),
    /**
     * One pass of the on-chain outbox over a row (sign, broadcast, follow the receipts);
     * while the transaction is in flight the same job comes back every CHAIN_TX_POLL_MS. A node
     * that does not answer fails the pass and BullMQ retries it.
     */
    ...(opts.chainSigners ?? []).map(({ chainId, signer }) =>
      defineHandler(chainTransactionQueue(chainId, signer), async ({ transactionId }, job, token) => {
        const outcome = await processChainTransaction(ctx, transactionId);
        if (outcome.state === 'wait') return rescheduleAt(job, token, new Date(Date.now() + ctx.config.CHAIN_TX_POLL_MS));
        // The business change's next transactions, written with this outcome, and what the outcome
        // asked for after its commit (its webhook events' deliveries): now, not at the next sweep.
        if (outcome.state === 'confirmed' || outcome.state === 'failed')
          await runAfterCommit(ctx, [dispatchAfterCommit(outcome.next), ...outcome.afterCommit]);
        return outcome;
      }),
    ),
    /**
     * A deposit scan (every CHAIN_POLL_INTERVAL_MS; one at a time per chain across the
     * replicas, a busy scan is skipped) or a proof of reserves (every CHAIN_RESERVES_CHECK_MS; a
     * difference is logged at error). Without a chain both do nothing; before our token is
     * deployed, or while the node is behind the scan, the reserves check is skipped.
     */
    defineHandler(custodyQueue, async ({ task }) => {
      if (task === 'scan') {
        const report = await scanDeposits(ctx);
        opts.onDepositScan?.(report);
        // The log streams of the other chains (none reads one yet: a no-op).
        const others = ctx.chains.list.filter((c) => c.chainId !== ctx.chains.home?.chainId);
        for (const chain of others) await pollChainLogs(ctx, chain);
        return report;
      }
      // Not ready yet (no chain, token not deployed, node behind the scan): skipped, not failed.
      const report = await scheduledReservesCheck(ctx);
      if ('skipped' in report) return report;
      opts.onReservesCheck?.(report);
      if (!report.holds)
        ctx.logger.error({ ...report }, 'proof of reserves does not hold: custodial supply differs from the custody balance');
      return report;
    }),
    /**
     * The governance keeper (every CHAIN_POLL_INTERVAL_MS): queues the Governor's passed
     * proposals and executes them after their eta, through the on-chain outbox. Without a chain it does nothing.
     */
    defineHandler(governanceQueue, async () => runGovernanceKeeper(ctx)),
  ];
}

/** The job catalogue's processors by queue name. */
export function createHandlers(ctx: JobsCtx, sender: Sender, opts: HandlerOptions = {}): Record<string, Handler> {
  return Object.fromEntries(createJobs(ctx, sender, opts).map((j) => [j.queue.name, j.handle]));
}

/**
 * Checks that every queue of `catalogue` (the project's, `queueCatalogue` of `@gw/core/queues`) and
 * of `configured` has a handler, and no handler names a queue of neither. The on-chain outbox's
 * queues (one per configured chain and signer) are not in the catalogue: `configured` names those
 * this worker was configured to serve.
 * @throws Error naming the queues, so a mis-wired deployment fails at start-up, not at run time
 */
export function assertHandlers(
  handlers: Record<string, Handler>,
  catalogue: readonly QueueDef<unknown>[],
  configured: readonly string[] = [],
): void {
  const queues = catalogue.map((q) => q.name);
  const missing = [...queues, ...configured].filter((q) => typeof handlers[q] !== 'function');
  const unknown = Object.keys(handlers).filter((h) => !queues.includes(h) && !configured.includes(h));
  if (missing.length) throw new Error(`No handler for queue(s): ${missing.join(', ')}`);
  if (unknown.length) throw new Error(`Handler(s) for unknown queue(s): ${unknown.join(', ')}`);
}

export interface SweepResult {
  /** Pending deliveries whose job was missing or finished, re-enqueued. */
  deliveries: number;
  /** Unfinished on-chain outbox rows whose job was missing or finished, re-enqueued. */
  chainTransactions: number;
}

/**
 * The outbox sweeper: a crash between commit and enqueue, a Redis that lost its data,
 * or a job that exhausted its infrastructure retries would otherwise leave work behind. Gives a
 * job again to each pending delivery more than `graceMs` past its due time (job id = row id, so a
 * live job is never duplicated). Safe to run from every worker replica at once. (Payments need no
 * sweep: the expiry scan reads the due ones from PostgreSQL.)
 * @param batch max rows looked at per call
 */
export async function sweepOutbox(
  ctx: Pick<Context, 'sql' | 'queues' | 'redis' | 'config' | 'chains'>,
  opts: { graceMs: number; batch?: number },
): Promise<SweepResult> {
  const deliveries = await sweepDeliveries(ctx, opts);
  const chainTransactions = ctx.chains.list.length ? await sweepChainTransactions(ctx, opts) : 0;
  return { deliveries, chainTransactions };
}
