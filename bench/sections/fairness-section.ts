/**
 * Section 4 of the bench, fairness (delivery isolation): does one organization's
 * hanging endpoint slow another organization's healthy one down, and are the hanging endpoint's
 * deliveries kept exactly?
 *
 * One real worker process (default settings: WORKER_CONCURRENCY, WEBHOOK_TIMEOUT_MS=10000, the
 * per-endpoint cap and the circuit breaker at their defaults), two organizations with one webhook
 * each on the local receiver:
 *
 * - G (healthy, `/fair-healthy/r<round>/0`, answered 200 at once): payments confirmed open-loop at
 *   `fairnessRate`/s for `fairnessDurationS`, first alone, then beside H's backlog; measured:
 *   commit → receiver 2xx per delivery, as in the pipeline section;
 * - H (hanging, `/fair-hang/r<round>/0`): the receiver reads each request and never answers, so every
 *   attempt ends at WEBHOOK_TIMEOUT_MS. Its backlog: `fairnessHanging` payments (one delivery
 *   each) confirmed at peak right before G's second paced run starts.
 *
 * Exactness of H: the worker is stopped gracefully (in-flight attempts time out and are recorded),
 * then every H delivery must exist, be `pending` (or `dead` once WEBHOOK_MAX_ATTEMPTS is reached),
 * and have `attempts` equal to the requests the receiver got for its id (`X-Service-Delivery`) and
 * to its rows in `delivery_attempts`.
 *
 * `fairnessRuns` rounds, each with two new organizations, a flushed Redis and a new worker process;
 * at the end of a round H's webhook is deactivated and its pending deliveries marked `dead`, so
 * that the sweeper of a later worker never re-enqueues them.
 *
 * Part 2, noisy tenants, is `tenants-section.ts`; its result is `tenants`.
 *
 * @module
 */
import { readWebhookHealth, type WebhookHealth } from '@gw/core/webhooks';
import { confirmAtPeak } from '../lib/confirm-driver.js';
import { createOrganization, createPendingPayments, type Fixtures } from '../lib/fixtures.js';
import { fmtRun, pacedHealthyRun, retire, startWarmWorker, type HealthyRun } from './healthy-run.js';
import { deliveriesOf } from '../lib/pipeline.js';
import type { SectionDeps } from './pipeline-section.js';
import { Prisma } from '@gw/db';
import { runTenantRounds, type TenantsResult } from './tenants-section.js';

/** Path prefix of the hanging endpoint on the receiver. */
const HANG_PREFIX = '/fair-hang/';

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
  /** Rows whose `delivery_attempts` rows are not `attempts` in number. */
  attemptLogMismatch: number;
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

/** One round: the healthy endpoint alone, then beside the hanging backlog, with one worker process. */
export interface FairnessRound {
  alone: HealthyRun;
  beside: HealthyRun;
  hanging: HangingOutcome;
  /** VmHWM of the worker over both runs, MiB. */
  workerPeakRssMb: number;
  /** How the worker ended its graceful stop (0 = clean). */
  workerExit: number | string;
}

export interface FairnessSectionResult {
  paymentsPerSec: number;
  durationS: number;
  rounds: FairnessRound[];
  /** Part 2: the healthy organization beside one and three noisy ones (`tenants-section.ts`). */
  tenants: TenantsResult;
}

/** Attempts recorded in `delivery_attempts` per delivery of the given ids. */
async function attemptLogOf(d: SectionDeps, deliveryIds: string[]): Promise<Map<string, number>> {
  const rows = await d.ctx.prisma.$queryRaw<{ id: string; n: number }[]>(Prisma.sql`
    SELECT delivery_id::text AS id, count(*)::int AS n FROM delivery_attempts
    WHERE delivery_id = ANY(${deliveryIds}::uuid[]) GROUP BY delivery_id`);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** The section: `fairnessRuns` rounds (see the module doc). */
export async function runFairnessSection(d: SectionDeps): Promise<FairnessSectionResult> {
  const rounds: FairnessRound[] = [];
  for (let i = 0; i < d.cfg.fairnessRuns; i++) rounds.push(await runFairnessRound(d, i + 1));
  const tenants = await runTenantRounds(d);
  return { paymentsPerSec: d.cfg.fairnessRate, durationS: d.cfg.fairnessDurationS, rounds, tenants };
}

async function runFairnessRound(d: SectionDeps, round: number): Promise<FairnessRound> {
  const { ctx, cfg, receiver } = d;
  const log = (line: string) => d.log(`  round ${round}: ${line}`);
  // Webhook URLs: <receiver>/<name>/0, so H's is <receiver>/fair-hang/r<round>/0 (under HANG_PREFIX).
  const healthyOrg = await createOrganization(ctx, `fair-healthy/r${round}`, receiver.baseUrl, 1);
  const hangingOrg = await createOrganization(ctx, `${HANG_PREFIX.slice(1)}r${round}`, receiver.baseUrl, 1);
  const healthy: Fixtures = { ...healthyOrg, payer: d.fx.payer };
  const hanging: Fixtures = { ...hangingOrg, payer: d.fx.payer };
  const perRun = cfg.fairnessRate * cfg.fairnessDurationS;
  // Warm-up: enough deliveries for the worker's JIT and pools to settle, so that the run alone (the
  // first one) is not slowed by a cold worker; the run beside comes after 2,000 more jobs anyway.
  const warmupIds = await createPendingPayments(ctx, healthy, Math.max(200, 10 * cfg.fairnessRate));
  const aloneIds = await createPendingPayments(ctx, healthy, perRun);
  const besideIds = await createPendingPayments(ctx, healthy, perRun);
  const hangingIds = await createPendingPayments(ctx, hanging, cfg.fairnessHanging);
  const hangingWebhookId = hangingOrg.webhookIds[0]!;
  const circuit = async () => (await readWebhookHealth(ctx.redis, d.env.QUEUE_PREFIX, [hangingWebhookId])).get(hangingWebhookId) ?? null;

  const { workers, check } = await startWarmWorker(d, healthy, warmupIds, () => receiver.reset(0, HANG_PREFIX));
  try {
    const healthyRun = (ids: string[]) => pacedHealthyRun(d, healthy, ids, check);
    const alone = await healthyRun(aloneIds);
    log(`healthy endpoint alone, ${cfg.fairnessRate} payments/s for ${cfg.fairnessDurationS} s: ${fmtRun(alone)}`);

    await receiver.reset(0, HANG_PREFIX);
    const burstStart = new Date().toISOString();
    const burstMs = await confirmAtPeak(ctx, hanging, hangingIds, cfg.confirmConcurrency);
    log(`hanging endpoint: ${hangingIds.length} payments confirmed in ${(burstMs / 1000).toFixed(1)} s from ${burstStart.slice(11, 23)}`);
    const beside = await healthyRun(besideIds);
    const circuitAtEnd = await circuit();
    log(`healthy endpoint beside the hanging backlog: ${fmtRun(beside)}`);
    log(`hanging endpoint's circuit: ${JSON.stringify(circuitAtEnd)}`);

    check();
    const workerPeakRssMb = workers[0]!.peakRssMb();
    // Graceful stop: attempts in flight end at WEBHOOK_TIMEOUT_MS and are recorded before the exit.
    const workerExit = await workers[0]!.stop(ctx.config.WEBHOOK_TIMEOUT_MS + 20_000);
    const circuitAfterStop = await circuit();

    const { hung } = await receiver.collect();
    await receiver.reset(0);
    const rows = await deliveriesOf(ctx, hangingIds);
    const attemptLog = await attemptLogOf(
      d,
      rows.map((r) => r.id),
    );
    const statuses: Record<string, number> = {};
    let overCounted = 0;
    let underCounted = 0;
    let attemptLogMismatch = 0;
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
      const badLog = (attemptLog.get(row.id) ?? 0) !== row.attempts;
      const badStatus = !(row.status === 'pending' || (row.status === 'dead' && row.attempts >= ctx.config.WEBHOOK_MAX_ATTEMPTS));
      if (over) overCounted += 1;
      if (under) underCounted += 1;
      if (badLog) attemptLogMismatch += 1;
      if (badStatus) unexpectedStatus += 1;
      if (over || under || badLog || badStatus) inconsistent += 1;
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
      attemptLogMismatch,
      unexpectedStatus,
      strayRequests,
      lost: missingRows + inconsistent,
      circuitAtEnd,
      circuitAfterStop,
    };
    log(
      `hanging endpoint after the worker's stop (exit ${workerExit}): ${requests} requests received, ${attempts} attempts recorded, ` +
        `statuses ${JSON.stringify(statuses)}, missing ${missingRows}, over-counted ${overCounted}, under-counted ${underCounted}, ` +
        `attempt log ≠ attempts ${attemptLogMismatch}, unexpected status ${unexpectedStatus}, stray requests ${strayRequests}`,
    );
    return {
      alone,
      beside,
      hanging: outcome,
      workerPeakRssMb,
      workerExit,
    };
  } finally {
    await Promise.all(workers.map((w) => w.stop(ctx.config.WEBHOOK_TIMEOUT_MS + 20_000)));
    await receiver.reset(0);
    await retire(d, hangingWebhookId);
  }
}
