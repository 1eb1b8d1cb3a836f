/**
 * Section 4 of the bench, fairness (issue #10, delivery isolation): does one organization's
 * hanging endpoint slow another organization's healthy one down, and are the hanging endpoint's
 * deliveries kept exactly?
 *
 * One real worker process (default settings: WORKER_CONCURRENCY, WEBHOOK_TIMEOUT_MS=10000, the
 * per-endpoint cap and the circuit breaker at their defaults), two organizations with one webhook
 * each on the local receiver:
 *
 * - G (healthy, `/fair-healthy/0`, answered 200 at once): payments confirmed open-loop at
 *   `fairnessRate`/s for `fairnessDurationS`, first alone, then beside H's backlog; measured:
 *   commit → receiver 2xx per delivery, as in the pipeline section;
 * - H (hanging, `/fair-hang/0`): the receiver reads each request and never answers, so every
 *   attempt ends at WEBHOOK_TIMEOUT_MS. Its backlog: `fairnessHanging` payments (one delivery
 *   each) confirmed at peak right before G's second paced run starts.
 *
 * Exactness of H: the worker is stopped gracefully (in-flight attempts time out and are recorded),
 * then every H delivery must exist, be `pending` (or `dead` once WEBHOOK_MAX_ATTEMPTS is reached),
 * and have `attempts` equal to the requests the receiver got for its id (`X-Service-Delivery`).
 *
 * @module
 */
import { readWebhookHealth, type WebhookHealth } from '@gw/core';
import { confirmAtPeak, confirmPaced } from './confirm-driver.js';
import { createOrganization, createPendingPayments, type Fixtures } from './fixtures.js';
import { flushRedis } from './infra.js';
import { assertAlive, deliveriesOf, startRealWorkers, tallyDeliveries } from './pipeline.js';
import type { SectionDeps } from './pipeline-section.js';
import { summarizeLatency, type LatencySummary } from './stats.js';

/** Path prefix of the hanging endpoint on the receiver. */
const HANG_PREFIX = '/fair-hang/';

/** One paced run of the healthy endpoint. */
export interface HealthyRun {
  expected: number;
  /** Distinct deliveries answered by the receiver. */
  delivered: number;
  /** POSTs beyond one per delivery. */
  duplicates: number;
  /** Deliveries not `delivered` with exactly one attempt at the end of the run. */
  notCleanInDb: number;
  /** Commit → receiver 2xx, ms. */
  latencyMs: LatencySummary;
  /** Largest lag of a confirm call's start behind its schedule, ms. */
  maxFeedLagMs: number;
}

/** What became of the hanging endpoint's backlog. */
export interface HangingOutcome {
  /** Deliveries expected (one per payment). */
  deliveries: number;
  /** Time the backlog's payments took to confirm (2 calls in flight), ms. */
  burstMs: number;
  /** Requests the hanging receiver got, all deliveries together. */
  requests: number;
  /** Sum of `attempts` over the backlog's delivery rows. */
  attempts: number;
  /** Delivery rows per status at the end. */
  statuses: Record<string, number>;
  /** Deliveries of the backlog's payments with no row. */
  missingRows: number;
  /** Rows with more attempts than requests received (an attempt counted that never reached the endpoint). */
  overCounted: number;
  /** Rows with fewer attempts than requests received (an attempt made but not recorded). */
  underCounted: number;
  /** Rows neither `pending` nor `dead` after WEBHOOK_MAX_ATTEMPTS attempts. */
  unexpectedStatus: number;
  /** Requests whose `X-Service-Delivery` names no delivery of the backlog. */
  strayRequests: number;
  /** Missing rows + rows inconsistent in any way above (each row once): the target is 0. */
  lost: number;
  /** The endpoint's circuit when G's second run ended, and after the worker stopped (as `GET /webhooks` shows it). */
  circuitAtEnd: WebhookHealth | null;
  circuitAfterStop: WebhookHealth | null;
}

export interface FairnessSectionResult {
  paymentsPerSec: number;
  durationS: number;
  alone: HealthyRun;
  beside: HealthyRun;
  hanging: HangingOutcome;
  /** VmHWM of the worker over both runs, MiB. */
  workerPeakRssMb: number;
  /** How the worker ended its graceful stop (0 = clean). */
  workerExit: number | string;
}

const fmtRun = (r: HealthyRun) =>
  `p50 ${r.latencyMs.p50.toFixed(0)} ms, p99 ${r.latencyMs.p99.toFixed(0)} ms, max ${r.latencyMs.max.toFixed(0)} ms, ` +
  `${r.delivered}/${r.expected} delivered, dup ${r.duplicates}, not clean ${r.notCleanInDb}, max feed lag ${r.maxFeedLagMs.toFixed(0)} ms`;

/** The section; see the module doc. */
export async function runFairnessSection(d: SectionDeps): Promise<FairnessSectionResult> {
  const { ctx, cfg, receiver, log } = d;
  const healthyOrg = await createOrganization(ctx, 'fair-healthy', receiver.baseUrl, 1);
  const hangingOrg = await createOrganization(ctx, 'fair-hang', receiver.baseUrl, 1);
  const healthy: Fixtures = { ...healthyOrg, payer: d.fx.payer };
  const hanging: Fixtures = { ...hangingOrg, payer: d.fx.payer };
  const perRun = cfg.fairnessRate * cfg.fairnessDurationS;
  const warmupIds = await createPendingPayments(ctx, healthy, cfg.fairnessRate);
  const aloneIds = await createPendingPayments(ctx, healthy, perRun);
  const besideIds = await createPendingPayments(ctx, healthy, perRun);
  const hangingIds = await createPendingPayments(ctx, hanging, cfg.fairnessHanging);
  const hangingWebhookId = hangingOrg.webhookIds[0]!;
  const circuit = async () => (await readWebhookHealth(ctx.redis, d.env.QUEUE_PREFIX, [hangingWebhookId])).get(hangingWebhookId) ?? null;

  await flushRedis(cfg.redisUrl);
  await receiver.reset(0, HANG_PREFIX);
  const workers = await startRealWorkers(ctx, d.env, {
    processes: 1,
    concurrency: cfg.workerConcurrency,
    nodeFlags: cfg.workerNodeFlags,
    extraEnv: cfg.workerEnv,
  });
  const check = () => assertAlive(workers);
  try {
    await confirmAtPeak(ctx, healthy, warmupIds, 1);
    const warm = await receiver.waitFor(warmupIds.length, cfg.runTimeoutMs, check);
    if (warm.unique < warmupIds.length) throw new Error(`fairness warm-up: only ${warm.unique} deliveries arrived`);

    /** G paced for fairnessDurationS; the receiver's records are kept (H's requests count across the run). */
    const healthyRun = async (ids: string[]): Promise<HealthyRun> => {
      const maxFeedLagMs = await confirmPaced(ctx, healthy, ids, cfg.fairnessRate);
      await receiver.waitFor(ids.length, cfg.runTimeoutMs, check);
      const { answeredAt, total } = await receiver.collect();
      const rows = await deliveriesOf(ctx, ids);
      const t = tallyDeliveries(rows, answeredAt);
      return {
        expected: ids.length,
        delivered: t.delivered,
        duplicates: total - answeredAt.size,
        notCleanInDb: t.notCleanInDb + (ids.length - rows.length),
        latencyMs: summarizeLatency(t.latencies),
        maxFeedLagMs,
      };
    };

    await receiver.reset(0, HANG_PREFIX);
    const alone = await healthyRun(aloneIds);
    log(`  healthy endpoint alone, ${cfg.fairnessRate} payments/s for ${cfg.fairnessDurationS} s: ${fmtRun(alone)}`);

    await receiver.reset(0, HANG_PREFIX);
    const burstMs = await confirmAtPeak(ctx, hanging, hangingIds, cfg.confirmConcurrency);
    log(`  hanging endpoint: ${hangingIds.length} payments confirmed in ${(burstMs / 1000).toFixed(1)} s`);
    const beside = await healthyRun(besideIds);
    const circuitAtEnd = await circuit();
    log(`  healthy endpoint beside the hanging backlog: ${fmtRun(beside)}`);
    log(`  hanging endpoint's circuit: ${JSON.stringify(circuitAtEnd)}`);

    check();
    const workerPeakRssMb = workers[0]!.peakRssMb();
    // Graceful stop: attempts in flight end at WEBHOOK_TIMEOUT_MS and are recorded before the exit.
    const workerExit = await workers[0]!.stop(ctx.config.WEBHOOK_TIMEOUT_MS + 20_000);
    const circuitAfterStop = await circuit();

    const { hung } = await receiver.collect();
    await receiver.reset(0);
    const rows = await deliveriesOf(ctx, hangingIds);
    const statuses: Record<string, number> = {};
    let overCounted = 0;
    let underCounted = 0;
    let unexpectedStatus = 0;
    let inconsistent = 0;
    let attempts = 0;
    const known = new Set<string>();
    for (const row of rows) {
      known.add(row.id);
      statuses[row.status] = (statuses[row.status] ?? 0) + 1;
      attempts += row.attempts;
      const requests = hung.get(row.id) ?? 0;
      const over = row.attempts > requests;
      const under = row.attempts < requests;
      const badStatus = !(row.status === 'pending' || (row.status === 'dead' && row.attempts >= ctx.config.WEBHOOK_MAX_ATTEMPTS));
      if (over) overCounted += 1;
      if (under) underCounted += 1;
      if (badStatus) unexpectedStatus += 1;
      if (over || under || badStatus) inconsistent += 1;
    }
    let requests = 0;
    let strayRequests = 0;
    for (const [id, n] of hung) {
      requests += n;
      if (!known.has(id)) strayRequests += n;
    }
    const missingRows = hangingIds.length - rows.length;
    const outcome: HangingOutcome = {
      deliveries: hangingIds.length,
      burstMs,
      requests,
      attempts,
      statuses,
      missingRows,
      overCounted,
      underCounted,
      unexpectedStatus,
      strayRequests,
      lost: missingRows + inconsistent,
      circuitAtEnd,
      circuitAfterStop,
    };
    log(
      `  hanging endpoint after the worker's stop (exit ${workerExit}): ${requests} requests received, ${attempts} attempts recorded, ` +
        `statuses ${JSON.stringify(statuses)}, missing ${missingRows}, over-counted ${overCounted}, under-counted ${underCounted}, ` +
        `unexpected status ${unexpectedStatus}, stray requests ${strayRequests}`,
    );
    return {
      paymentsPerSec: cfg.fairnessRate,
      durationS: cfg.fairnessDurationS,
      alone,
      beside,
      hanging: outcome,
      workerPeakRssMb,
      workerExit,
    };
  } finally {
    await Promise.all(workers.map((w) => w.stop(ctx.config.WEBHOOK_TIMEOUT_MS + 20_000)));
    await receiver.reset(0);
  }
}
