/**
 * Part 2 of the bench's fairness section: the outside review's noisy
 * tenants. Can one organization, or three, with slow endpoints and a burst of events hold up
 * another organization's deliveries?
 *
 * One real worker process per phase (default settings: WORKER_CONCURRENCY = the bench's, the
 * 10 s timeout, the per-webhook cap, the fair share), on the local receiver:
 *
 * - G (healthy, `/fair-healthy-t/r<round>/0`, answered 200 at once): payments confirmed open-loop
 *   at `fairnessRate`/s for `fairnessDurationS`; measured: commit → receiver 2xx per delivery;
 * - a noisy organization (`/fair-slow/r<round>/<phase>-<k>/<0..4>`): five webhooks on an endpoint
 *   that answers 200 after 9.5 s, just inside the timeout, so every attempt succeeds and no circuit
 *   breaker helps; `tenantsBurst` payments (5 deliveries each) confirmed at peak right before G's
 *   paced run.
 *
 * Phases of a round: G alone; G beside (a) one noisy organization; G beside (b) three at once.
 * Between phases the worker is stopped gracefully, Redis flushed and the noisy webhooks retired,
 * so each phase starts with exactly its own noisy organizations. The target, per the issue: G's
 * p99 beside (a) and beside (b) ≤ 2 × its p99 alone + 250 ms.
 *
 * @module
 */
import { confirmAtPeak } from '../lib/confirm-driver.js';
import { createOrganization, createPendingPayments, type Fixtures } from '../lib/fixtures.js';
import { fmtRun, pacedHealthyRun, retire, startWarmWorker, type HealthyRun } from './healthy-run.js';
import type { SectionDeps } from './pipeline-section.js';

/** Path prefix of the slow endpoint on the receiver. */
const SLOW_PREFIX = '/fair-slow/';
/** The slow endpoint's answer time, ms: the review's 9.5 s, inside the 10 s timeout. */
export const SLOW_ANSWER_MS = 9500;
/** Webhooks of each noisy organization (the review's five). */
const NOISY_WEBHOOKS = 5;

/** G beside some noisy organizations. */
export interface NoisyPhase {
  /** Noisy organizations in this phase. */
  noisyOrganizations: number;
  /** Deliveries of the noisy organizations' bursts (payments × 5 webhooks each). */
  noisyDeliveries: number;
  /** Time the bursts' payments took to confirm, ms. */
  burstMs: number;
  /** Requests the slow endpoint received during the phase (attempts started). */
  slowRequests: number;
  healthy: HealthyRun;
}

/** One round: G alone, beside one noisy organization, beside three. */
export interface TenantsRound {
  alone: HealthyRun;
  one: NoisyPhase;
  three: NoisyPhase;
  /** VmHWM of the worker over the round's phases, MiB (the largest). */
  workerPeakRssMb: number;
}

export interface TenantsResult {
  burstPayments: number;
  slowAnswerMs: number;
  rounds: TenantsRound[];
}

/** The part: `fairnessRuns` rounds (see the module doc). */
export async function runTenantRounds(d: SectionDeps): Promise<TenantsResult> {
  const rounds: TenantsRound[] = [];
  for (let i = 0; i < d.cfg.fairnessRuns; i++) rounds.push(await runTenantRound(d, i + 1));
  return { burstPayments: d.cfg.tenantsBurst, slowAnswerMs: SLOW_ANSWER_MS, rounds };
}

async function runTenantRound(d: SectionDeps, round: number): Promise<TenantsRound> {
  const { ctx, cfg, receiver } = d;
  const log = (line: string) => d.log(`  noisy tenants, round ${round}: ${line}`);
  const healthyOrg = await createOrganization(ctx, `fair-healthy-t/r${round}`, receiver.baseUrl, 1);
  const healthy: Fixtures = { ...healthyOrg, payer: d.fx.payer };
  const perRun = cfg.fairnessRate * cfg.fairnessDurationS;
  let peakRss = 0;

  /** One phase on a fresh worker: warm-up, the noisy bursts (if any), G paced; then the worker stops. */
  const phase = async (name: string, noisyCount: number): Promise<{ healthy: HealthyRun; phase: Omit<NoisyPhase, 'healthy'> }> => {
    const noisy: Fixtures[] = [];
    for (let k = 0; k < noisyCount; k++) {
      const org = await createOrganization(ctx, `${SLOW_PREFIX.slice(1)}r${round}/${name}-${k}`, receiver.baseUrl, NOISY_WEBHOOKS);
      noisy.push({ ...org, payer: d.fx.payer });
    }
    const warmupIds = await createPendingPayments(ctx, healthy, Math.max(200, 10 * cfg.fairnessRate));
    const runIds = await createPendingPayments(ctx, healthy, perRun);
    const burstIds = await Promise.all(noisy.map((fx) => createPendingPayments(ctx, fx, cfg.tenantsBurst)));

    const { workers, check } = await startWarmWorker(d, healthy, warmupIds, () =>
      receiver.reset(0, undefined, { prefix: SLOW_PREFIX, ms: SLOW_ANSWER_MS }),
    );
    try {
      const started = Date.now();
      // The bursts of every noisy organization at once, as the review's attacker(s) would.
      await Promise.all(noisy.map((fx, k) => confirmAtPeak(ctx, fx, burstIds[k]!, cfg.confirmConcurrency)));
      const burstMs = Date.now() - started;
      const run = await pacedHealthyRun(d, healthy, runIds, check);
      const { hung } = await receiver.collect();
      const slowRequests = [...hung.values()].reduce((n, c) => n + c, 0);
      check();
      peakRss = Math.max(peakRss, workers[0]!.peakRssMb());
      log(
        `G ${name === 'alone' ? 'alone' : `beside ${noisyCount} noisy organization${noisyCount > 1 ? 's' : ''} (${noisyCount * cfg.tenantsBurst * NOISY_WEBHOOKS} deliveries, confirmed in ${(burstMs / 1000).toFixed(1)} s; ${slowRequests} slow requests started)`}: ${fmtRun(run)}`,
      );
      return {
        healthy: run,
        phase: { noisyOrganizations: noisyCount, noisyDeliveries: noisyCount * cfg.tenantsBurst * NOISY_WEBHOOKS, burstMs, slowRequests },
      };
    } finally {
      await Promise.all(workers.map((w) => w.stop(ctx.config.WEBHOOK_TIMEOUT_MS + 20_000)));
      await receiver.reset(0);
      for (const fx of noisy) for (const id of fx.webhookIds) await retire(d, id);
    }
  };

  const alone = (await phase('alone', 0)).healthy;
  const one = await phase('one', 1);
  const three = await phase('three', 3);
  return {
    alone,
    one: { ...one.phase, healthy: one.healthy },
    three: { ...three.phase, healthy: three.healthy },
    workerPeakRssMb: peakRss,
  };
}
