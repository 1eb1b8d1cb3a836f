import { performance } from 'node:perf_hooks';
import { MetricsTime, Worker } from 'bullmq';
import {
  type Config,
  type Context,
  closeContext,
  StopProgress,
  createContext,
  type Logger,
  createPortPolicy,
  type Resolver,
  createRedis,
  isConnectionError,
  createAppMetrics,
  startMetricsPublisher,
  type PeriodicJob,
  restorePeriodicJob,
  schedulePeriodicJob,
  type Queues,
  shardQueuePrefix,
  withRedactedFailures,
} from '@gw/runtime';
import {
  announceWorkerSlots,
  createDeliveryMetrics,
  type DeliveryStage,
  deliveryOutcomeCounter,
  deliveryQueue,
  instrumentSender,
  promoteDelayedDelivery,
  createDeliveryStore,
  createEndpointGate,
  USER_AGENT,
  createSender,
} from '@gw/core/webhooks';
import { resumeBridgeRelays } from '@gw/core/bridge';
import { retentionPrunedCounter, retentionQueue, retentionRuns } from '@gw/core/retention';
import { paymentExpiryScans } from '@gw/core/payments';
import { assertChainTransactionKinds, type ChainTransactionKinds, chainTransactionQueue, relayerAccount } from '@gw/core/chain';
import { custodyMetrics, depositScans, reservesChecks } from '@gw/core/custody';
import { governanceKeeperRuns } from '@gw/core/governance';
import { queueCatalogue } from '@gw/core/queues';
import { MalformedJobError, assertHandlers, createHandlers, deliveryRunEndedAt, sweepOutbox } from './jobs.js';
import { chainTransactionKinds as catalogueKinds, depositScanCatalogue, writtenChainTransactionKinds } from './catalogue.js';

/**
 * Promotes parked delivery jobs (delayed behind a full cap or a half-open probe) so that they run
 * now. A job is listed as parked by `admit` a moment before its handler moves it to `delayed`; a
 * job still `active` in that gap is tried again a few times (25, 50, 100, 200 ms) rather than left
 * to wake only after WEBHOOK_CAP_WAIT_MAX_MS. A job in any other state (already woken, finished,
 * gone) is left alone. The gate hands back job ids only, so with DELIVERY_QUEUE_SHARDS
 * > 1 each id is looked up in every shard at once (`promoteDelayedDelivery`; one round trip, N
 * lookups, on the parking path only), which needs no change to the gate and no database read.
 * With `at` (an open circuit's next prober), the jobs are made due at `at` instead of
 * now, with the same retries: the job named may still be in that gap.
 */
async function promoteParked(queues: Pick<Queues, 'get' | 'shards'>, jobIds: string[], at?: Date): Promise<void> {
  await Promise.all(
    jobIds.map(async (id) => {
      for (let wait = 25; wait <= 200; wait *= 2) {
        if ((await promoteDelayedDelivery(queues, id, undefined, at)) !== 'active') return;
        await new Promise((r) => setTimeout(r, wait));
      }
    }),
  );
}

/**
 * A replica's delivery slots (WORKER_CONCURRENCY, `concurrency`) divided between the
 * delivery queue's `shards`, one BullMQ Worker each: ⌊C / N⌋ per shard, the first C mod N shards
 * one more, so they add up to C (what the replica announces to the fair shares' pool). Static: a
 * shard with a backlog cannot borrow an idle shard's slots (`loadConfig` keeps N ≤ C).
 * @returns the concurrency of each shard's Worker, in shard order
 */
export function shardConcurrency(concurrency: number, shards: number): number[] {
  return Array.from({ length: shards }, (_, i) => Math.floor(concurrency / shards) + (i < concurrency % shards ? 1 : 0));
}

/** How long (ms) a replica's announced slots count in the pool without a new announcement. */
const SLOTS_TTL_MS = 15_000;

export interface RunningWorker {
  ctx: Context;
  /** Runs one sweep now (also runs every SWEEP_INTERVAL_MS); it also restores lost schedules of the periodic jobs. */
  sweep(): Promise<void>;
  /** Settles once the periodic jobs' schedules (retention, expiry scan) were set (or failed to be, which is logged). */
  scheduled: Promise<void>;
  /** Graceful stop: no new jobs, in-flight attempts finish and are recorded, then clients close. */
  stop(): Promise<void>;
  /** The steps of a stop under way that have not settled (logged when the stop times out). */
  pendingStopSteps(): string[];
}

/**
 * Starts the delivery worker: one BullMQ Worker per queue and per shard of the delivery queue
 * (WORKER_CONCURRENCY parallel delivery attempts in all, divided between the shards: {@link shardConcurrency}), the outbox sweeper every SWEEP_INTERVAL_MS, and the schedules of the retention job
 * (every RETENTION_INTERVAL_MS) and of the payment expiry scan (every PAYMENT_EXPIRY_SCAN_MS), one
 * BullMQ job scheduler each for the cluster. Any number of replicas may run.
 */
export async function startWorker(
  config: Config,
  opts: {
    logger?: Logger;
    resolver?: Resolver;
    /** The outcomes of the on-chain outbox (default: the catalogue, `catalogue.ts`); a test adds its own kinds. */
    chainTransactionKinds?: ChainTransactionKinds;
  } = {},
): Promise<RunningWorker> {
  const chainTransactionKinds = opts.chainTransactionKinds ?? catalogueKinds;
  const ctx = createContext(config, { app: 'worker', logger: opts.logger, queues: queueCatalogue });
  const metrics = createAppMetrics('worker');
  const delivery = createDeliveryMetrics(metrics.registry);
  const sender = instrumentSender(
    createSender({
      allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_URLS,
      userAgent: USER_AGENT,
      resolver: opts.resolver,
      maxSockets: config.WORKER_CONCURRENCY * 2,
      portAllowed: createPortPolicy(config.WEBHOOK_ALLOWED_PORTS, config.WEBHOOK_BLOCKED_PORTS),
    }),
    delivery,
  );
  // A finishing attempt hands its slot to the oldest parked jobs of its endpoint.
  // Its own connection with auto-pipelining: the admissions and reports of concurrent jobs share
  // round trips, so the gate costs the pipeline little (the bench's pipeline section).
  const gateRedis = createRedis(config, { name: 'worker-gate', autoPipelining: true });
  gateRedis.on('error', () => undefined); // a failed gate call fails (or is logged by) its job
  // An open circuit's next prober (a parked job) wakes at the cool-down's end instead.
  const gate = createEndpointGate(
    gateRedis,
    config.QUEUE_PREFIX,
    config,
    (jobIds) => promoteParked(ctx.queues, jobIds),
    (jobId, at) => promoteParked(ctx.queues, [jobId], at),
  );
  // This replica's delivery slots join the pool that the organizations' fair shares
  // divide; announced now and every SLOTS_TTL_MS / 3, withdrawn at stop (or lapsing after a crash).
  const announce = (concurrency: number) =>
    announceWorkerSlots(gateRedis, config.QUEUE_PREFIX, metrics.instanceId, concurrency, SLOTS_TTL_MS).catch((err: Error) =>
      ctx.logger.warn(
        { err: { message: err.message } },
        'worker slots not announced; the fair shares use this replica alone until they are',
      ),
    );
  // Not awaited, like the schedules below: a worker starting while Redis is unreachable must not hang.
  void announce(config.WORKER_CONCURRENCY);
  const slotsTimer = setInterval(() => void announce(config.WORKER_CONCURRENCY), SLOTS_TTL_MS / 3);
  slotsTimer.unref();
  // The on-chain outbox's queues, one per configured chain with the relayer as signer;
  // every kind of transaction the modules write has its outcome in the catalogue (else start-up fails).
  assertChainTransactionKinds(chainTransactionKinds, writtenChainTransactionKinds);
  const relayer = ctx.chains.list.length ? await relayerAccount(ctx) : undefined;
  const chainSigners = relayer ? ctx.chains.list.map((c) => ({ chainId: c.chainId, signer: relayer.address })) : [];
  const custody = custodyMetrics(metrics.registry);
  const observeStage = (stage: DeliveryStage, ms: number) => delivery.deliveryStageDuration.observe({ stage }, ms / 1000);
  const handlers = createHandlers(
    { ...ctx, deliveries: createDeliveryStore(ctx.sql), gate, chainTransactionKinds, ...depositScanCatalogue },
    sender,
    {
      chainSigners,
      onDeliveryOutcome: deliveryOutcomeCounter(delivery),
      onDeliveryStage: observeStage,
      onRetentionRun: retentionPrunedCounter(metrics.registry),
      onDepositScan: custody.onScan,
      onReservesCheck: custody.onReserves,
    },
  );
  assertHandlers(
    handlers,
    queueCatalogue,
    chainSigners.map(({ chainId, signer }) => chainTransactionQueue(chainId, signer).name),
  );

  // One BullMQ Worker per queue, and per shard of the delivery queue (every replica
  // consumes every shard), the replica's WORKER_CONCURRENCY divided between them.
  const shards = ctx.queues.shards(deliveryQueue);
  const deliverySlots = shardConcurrency(config.WORKER_CONCURRENCY, shards);
  const consumers = Object.entries(handlers).flatMap(([queue, handler]) =>
    queue === deliveryQueue.name
      ? deliverySlots.map((concurrency, shard) => ({
          queue,
          handler,
          shard,
          concurrency,
          prefix: shardQueuePrefix(config.QUEUE_PREFIX, deliveryQueue.shardTag, shard, shards),
        }))
      : [{ queue, handler, shard: 0, concurrency: queue === retentionQueue.name ? 1 : 10, prefix: config.QUEUE_PREFIX }],
  );
  const workers = consumers.map(({ queue, handler, shard, concurrency, prefix }) => {
    // The consumer's name in its Redis connection and in the stop's steps: the queue, and the shard.
    const name = shards > 1 && queue === deliveryQueue.name ? `${queue}-${shard}` : queue;
    const connection = createRedis(config, { name: `worker-${name}` });
    connection.on('error', () => undefined); // BullMQ reports connection errors through the worker's 'error' event
    // What a failure leaves in Redis (failedReason, stacktrace) holds no URL: an RPC key rides in one.
    const worker = new Worker(queue, withRedactedFailures(handler), {
      connection,
      prefix,
      concurrency,
      lockDuration: config.WORKER_LOCK_DURATION_MS,
      stalledInterval: config.WORKER_LOCK_DURATION_MS,
      // A job whose worker died is handed over again rather than failed; PostgreSQL holds the
      // delivery's attempt count, so this never inflates attempts.
      maxStalledCount: 100,
      // BullMQ's own metrics: the completed and failed counts (and one hour of per-minute points)
      // that `Queue.exportPrometheusMetrics()` serves on the ops app's /metrics
      // (bullmq_job_completed_total, bullmq_job_failed_total).
      metrics: { maxDataPoints: MetricsTime.ONE_HOUR },
    });
    // A lost Redis is reported once by the context's connection (`reportRedisOutages`),
    // not once per queue and reconnection attempt; other errors are logged each.
    worker.on('error', (err) => {
      if (!isConnectionError(err)) ctx.logger.warn({ err: { message: err.message }, queue }, 'worker error');
    });
    worker.on('failed', (job, err) => {
      // A malformed job (its data fails the queue's schema) is failed at once, not retried: an
      // error, with the issues (paths and zod's messages, never the data's values).
      if (err instanceof MalformedJobError)
        ctx.logger.error(
          { queue, jobId: job?.id, issues: err.issues, err: { message: err.message } },
          'malformed job failed without retry',
        );
      else ctx.logger.warn({ queue, jobId: job?.id, err: { message: err.message } }, 'job failed');
    });
    if (queue === deliveryQueue.name) {
      // BullMQ's part of a delivery job after its processor returned (the completion script).
      worker.on('completed', (job) => {
        const end = deliveryRunEndedAt(job);
        if (end !== undefined) observeStage('finish', performance.now() - end);
      });
    }
    return { worker, connection, name };
  });

  // The periodic jobs, one cluster-wide BullMQ job scheduler each, set by every
  // replica at start (an idempotent upsert) and put back by the sweeper when Redis lost them.
  const periodicJobs: { name: string; job: PeriodicJob<unknown>; everyMs: number }[] = [
    { name: 'retention', job: retentionRuns, everyMs: config.RETENTION_INTERVAL_MS },
    { name: 'payment expiry', job: paymentExpiryScans, everyMs: config.PAYMENT_EXPIRY_SCAN_MS },
    // Deposits found by polling eth_getLogs, and the proof of reserves (no chain: they do nothing).
    { name: 'deposit scan', job: depositScans, everyMs: config.CHAIN_POLL_INTERVAL_MS },
    { name: 'reserves check', job: reservesChecks, everyMs: config.CHAIN_RESERVES_CHECK_MS },
    { name: 'governance keeper', job: governanceKeeperRuns, everyMs: config.CHAIN_POLL_INTERVAL_MS },
  ];

  let sweeping: Promise<void> | undefined;
  const sweep = async () => {
    if (sweeping) return sweeping;
    sweeping = (async () => {
      try {
        const result = await sweepOutbox(ctx, { graceMs: config.SWEEP_GRACE_MS });
        const bridgeTransfers = await resumeBridgeRelays(ctx, { graceMs: config.SWEEP_GRACE_MS });
        if (result.deliveries || result.chainTransactions || bridgeTransfers)
          ctx.logger.info({ ...result, bridgeTransfers }, 'sweeper re-enqueued missing jobs');
        for (const { name, job, everyMs } of periodicJobs) {
          if (await restorePeriodicJob(ctx.queues, job, everyMs))
            ctx.logger.info({ everyMs }, `sweeper restored the missing ${name} schedule`);
        }
      } catch (err) {
        ctx.logger.warn({ err: { message: (err as Error).message } }, 'sweep failed; will retry');
      } finally {
        sweeping = undefined;
      }
    })();
    return sweeping;
  };
  const publisher = startMetricsPublisher(ctx.redis, metrics.registry, {
    prefix: config.QUEUE_PREFIX,
    app: 'worker',
    instanceId: metrics.instanceId,
    onError: (err) => ctx.logger.warn({ err: { message: err.message } }, 'metrics publish failed'),
  });
  const timer = setInterval(() => void sweep(), config.SWEEP_INTERVAL_MS);
  timer.unref();
  // Not awaited: a worker starting while Redis is unreachable must not hang here; the sweeper puts
  // a missing schedule back.
  const scheduled = Promise.all(
    periodicJobs.map(({ name, job, everyMs }) =>
      schedulePeriodicJob(ctx.queues, job, everyMs).then(
        (on) => ctx.logger.info({ everyMs, on }, `${name} schedule set`),
        (err: Error) => ctx.logger.warn({ err: { message: err.message } }, `${name} schedule not set; the sweeper retries`),
      ),
    ),
  ).then(() => undefined);
  ctx.logger.info(
    { queues: Object.keys(handlers), concurrency: config.WORKER_CONCURRENCY, deliveryShards: shards, deliverySlots },
    'worker started',
  );

  const progress = new StopProgress();
  return {
    ctx,
    sweep,
    scheduled,
    stop: async () => {
      clearInterval(timer);
      clearInterval(slotsTimer);
      // BullMQ's close waits for the consumer's active jobs to finish.
      await Promise.all(workers.map(({ worker, name }) => progress.step(`close the ${name} consumer`, () => worker.close())));
      await progress.step('announce 0 delivery slots', () => announce(0));
      await progress.step('finish the sweep under way', () => sweeping);
      for (const { connection } of workers) connection.disconnect();
      gateRedis.disconnect();
      sender.close();
      await progress.step('stop the metrics publisher', () => publisher.stop());
      await progress.step('close PostgreSQL and Redis', () => closeContext(ctx));
    },
    pendingStopSteps: () => progress.pending(),
  };
}
