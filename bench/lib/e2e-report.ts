/**
 * Figures and table rows of the e2e section, used by `report.ts`: medians over the
 * rounds (ratios taken per round, then their median), the targets and met/MISS.
 *
 * @module
 */
import type { DbActivity, DeliveryPhase, E2eSectionResult } from '../sections/e2e-section.js';
import { median, medianOf, round } from './stats.js';

/** The targets (bench only, 2-core machine). */
export const E2E_TARGETS = {
  /** Deliveries/s at the largest fan-out (10) ≥ this × the ceiling of the same deliveries (0.6 before). */
  fanoutRatio: 0.7,
  /**
   * One organization's no-delivery confirms/s ≥ this × the same load spread over 20 organizations,
   * in every round (the lowest round is judged, not the median).
   */
  hotMerchantRatio: 0.9,
  /** Confirm request p99 at half the measured peak, ms (strictly below). */
  confirmP99AtHalfPeakMs: 100,
} as const;

const r1 = (v: number) => round(v, 1);

/** Figures of one fan-out (`e2e.fanout<n>`). */
export interface FanoutFigures {
  paymentsPerSec: number;
  deliveriesPerSec: number;
  ceilingPerSec: number;
  ratio: number;
  p50Ms: number;
  p99Ms: number;
  confirmP50Ms: number;
  confirmP99Ms: number;
  missing: number;
  duplicates: number;
  notCleanInDb: number;
  notSettled: number;
  db: DbActivity;
}

const latency = (p: DeliveryPhase) => ({
  confirmP50Ms: r1(p.confirmLatencyMs.p50),
  confirmP99Ms: r1(p.confirmLatencyMs.p99),
  confirmToReceiverP50Ms: r1(p.confirmToReceiverMs.p50),
  confirmToReceiverP99Ms: r1(p.confirmToReceiverMs.p99),
  commitToReceiverP99Ms: r1(p.commitToReceiverMs.p99),
});

/** The `e2e` block of `latest.json`. */
export function e2eFigures(s: E2eSectionResult) {
  const fanoutKeys = s.rounds[0]!.fanouts.map((f) => f.fanout);
  const maxFanout = Math.max(...fanoutKeys);
  const byFanout: Record<string, FanoutFigures> = Object.fromEntries(
    fanoutKeys.map((n): [string, FanoutFigures] => {
      const items = s.rounds.map((r) => r.fanouts.find((f) => f.fanout === n)!);
      const runs = items.map((x) => x.run);
      return [
        `fanout${n}`,
        {
          /** settled payments / (first confirm sent → last confirm answered) */
          paymentsPerSec: r1(medianOf(runs, (r) => r.paymentsPerSec)),
          /** deliveries / (first confirm sent → last receiver 2xx) */
          deliveriesPerSec: round(medianOf(runs, (r) => r.deliveriesPerSec)),
          ceilingPerSec: round(medianOf(items, (x) => x.ceiling.deliveriesPerSec)),
          /** per round: e2e deliveries/s ÷ ceiling of the same deliveries, then the median */
          ratio: round(median(items.map((x) => x.ratio)), 3),
          /** confirm request sent → receiver 2xx, per delivery, at peak */
          p50Ms: r1(medianOf(runs, (r) => r.confirmToReceiverMs.p50)),
          p99Ms: r1(medianOf(runs, (r) => r.confirmToReceiverMs.p99)),
          confirmP50Ms: r1(medianOf(runs, (r) => r.confirmLatencyMs.p50)),
          confirmP99Ms: r1(medianOf(runs, (r) => r.confirmLatencyMs.p99)),
          missing: runs.reduce((n, r) => n + r.expected - r.delivered, 0),
          duplicates: runs.reduce((n, r) => n + r.duplicates, 0),
          notCleanInDb: runs.reduce((n, r) => n + r.notCleanInDb, 0),
          notSettled: runs.reduce((n, r) => n + r.confirmed - r.settled, 0),
          db: runs[runs.length - 1]!.db,
        },
      ];
    }),
  );
  const hotMerchantRatio = round(median(s.rounds.map((r) => r.hotMerchantRatio)), 3);
  const hotMerchantLowest = round(Math.min(...s.rounds.map((r) => r.hotMerchantRatio)), 3);
  const h = s.halfPeak;
  const p99Ms = r1(h.confirmLatencyMs.p99);
  const fanoutRatio = byFanout[`fanout${maxFanout}`]!.ratio;
  return {
    ...byFanout,
    /** median of per-round one-organization ÷ spread no-delivery payments/s */
    hotMerchantRatio,
    /** the lowest round's one-organization ÷ spread (the judged figure) */
    hotMerchantLowest,
    /** every round's one-organization ÷ spread, in order */
    hotMerchantRounds: s.rounds.map((r) => round(r.hotMerchantRatio, 3)),
    oneOrgPaymentsPerSec: r1(medianOf(s.rounds, (r) => r.oneOrg.paymentsPerSec)),
    spreadPaymentsPerSec: r1(medianOf(s.rounds, (r) => r.spread.paymentsPerSec)),
    oneOrgConfirmP99Ms: r1(medianOf(s.rounds, (r) => r.oneOrg.confirmLatencyMs.p99)),
    spreadConfirmP99Ms: r1(medianOf(s.rounds, (r) => r.spread.confirmLatencyMs.p99)),
    /** mean backends waiting on a lock / on I/O / running / idle in a transaction during the last round's no-delivery runs */
    oneOrgDb: s.rounds[s.rounds.length - 1]!.oneOrg.db,
    spreadDb: s.rounds[s.rounds.length - 1]!.spread.db,
    /** confirm request p99 at half the measured peak (fan-out `maxFanout`, paced), ms: the target figure */
    p99Ms,
    halfPeak: {
      fanout: h.fanout,
      offeredPaymentsPerSec: r1(h.offeredPerSec ?? Number.NaN),
      paymentsPerSec: r1(h.paymentsPerSec),
      deliveriesPerSec: round(h.deliveriesPerSec),
      maxLagMs: r1(h.maxLagMs ?? Number.NaN),
      ...latency(h),
      missing: h.expected - h.delivered,
      notSettled: h.confirmed - h.settled,
    },
    ledger: s.ledger?.points.map((p) => ({
      accounts: p.accounts,
      lookupExecMs: round(p.lookupExecMs, 3),
      lookupP50Us: round(p.lookupUs.p50),
      lookupP99Us: round(p.lookupUs.p99),
      confirmP50Ms: round(p.confirmMs.p50, 2),
      confirmP95Ms: round(p.confirmMs.p95, 2),
    })),
    /** With BENCH_PROFILE=1: the API's busy time by confirm-path area during the profiled run */
    profileAreas: s.profileAreas,
    payers: s.payers,
    spreadOrgs: s.spreadOrgs,
    rounds: s.rounds.length,
    targets: E2E_TARGETS,
    met: {
      fanoutRatio: fanoutRatio >= E2E_TARGETS.fanoutRatio,
      hotMerchantRatio: hotMerchantLowest >= E2E_TARGETS.hotMerchantRatio,
      p99Ms: p99Ms < E2E_TARGETS.confirmP99AtHalfPeakMs,
    },
  };
}

export type E2eFigures = ReturnType<typeof e2eFigures>;

/** Adds the e2e rows to the report table. */
export function e2eRows(
  e: E2eFigures,
  settings: { e2eDurationS: number; e2eConcurrency: number },
  section: (title: string) => void,
  row: (figure: string, value: string, target?: string) => void,
): void {
  const verdict = (ok: boolean) => (ok ? 'ok' : 'MISS');
  section(
    `E2E: HTTP API, ${settings.e2eConcurrency} confirms in flight (one payer each), ${settings.e2eDurationS} s per phase, API and worker in their own processes; median of ${e.rounds}`,
  );
  const fanouts = Object.keys(e)
    .filter((k) => /^fanout\d+$/.test(k))
    .map((k) => Number(k.slice(6)))
    .sort((a, b) => a - b);
  const maxFanout = Math.max(...fanouts);
  for (const n of fanouts) {
    const f = (e as unknown as Record<string, FanoutFigures>)[`fanout${n}`]!;
    row(`fan-out ${n}: settled payments/s; deliveries/s; ceiling/s`, `${f.paymentsPerSec}; ${f.deliveriesPerSec}; ${f.ceilingPerSec}`);
    row(
      `fan-out ${n}: deliveries / ceiling`,
      `${f.ratio}`,
      n === maxFanout ? `≥ ${E2E_TARGETS.fanoutRatio}  ${verdict(e.met.fanoutRatio)}` : '',
    );
    row(`fan-out ${n}: confirm → receiver 2xx p50 / p99 (ms)`, `${f.p50Ms} / ${f.p99Ms}`);
    row(`fan-out ${n}: confirm request p50 / p99 (ms)`, `${f.confirmP50Ms} / ${f.confirmP99Ms}`);
    row(
      `fan-out ${n}: missing / duplicate / not-clean / not settled`,
      `${f.missing} / ${f.duplicates} / ${f.notCleanInDb} / ${f.notSettled}`,
      '0 / 0 / 0 / 0',
    );
  }
  row(
    `no deliveries: one org; ${e.spreadOrgs} orgs (payments/s; confirm p99 ms)`,
    `${e.oneOrgPaymentsPerSec}; ${e.spreadPaymentsPerSec} (${e.oneOrgConfirmP99Ms}; ${e.spreadConfirmP99Ms})`,
  );
  const db = (a: DbActivity) => `${a.lock} / ${a.io} / ${a.cpu} / ${a.idleInTx}`;
  row('no deliveries, db backends lock / io / cpu / idle in tx: one org; spread', `${db(e.oneOrgDb)}; ${db(e.spreadDb)}`);
  row(
    'hot merchant: one org / spread, lowest round (rounds)',
    `${e.hotMerchantLowest} (${e.hotMerchantRounds.join(', ')})`,
    `≥ ${E2E_TARGETS.hotMerchantRatio}  ${verdict(e.met.hotMerchantRatio)}`,
  );
  const h = e.halfPeak;
  row(
    `half peak: fan-out ${h.fanout} at ${h.offeredPaymentsPerSec} payments/s (achieved; deliveries/s)`,
    `${h.paymentsPerSec}; ${h.deliveriesPerSec}`,
  );
  row(
    'half peak: confirm request p50 / p99 (ms)',
    `${h.confirmP50Ms} / ${e.p99Ms}`,
    `p99 < ${E2E_TARGETS.confirmP99AtHalfPeakMs}  ${verdict(e.met.p99Ms)}`,
  );
  row('half peak: confirm → receiver 2xx p50 / p99 (ms)', `${h.confirmToReceiverP50Ms} / ${h.confirmToReceiverP99Ms}`);
  for (const p of e.ledger ?? []) {
    row(
      `ledger, ${p.accounts} accounts: lookup exec ms; round trip p50 µs; confirm p50 / p95 ms`,
      `${p.lookupExecMs}; ${p.lookupP50Us}; ${p.confirmP50Ms} / ${p.confirmP95Ms}`,
    );
  }
}
