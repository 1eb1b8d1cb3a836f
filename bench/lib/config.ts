/**
 * Settings of `pnpm bench`, read once from the environment (all optional). Defaults keep the
 * whole bench under ~10 minutes on a 2-core machine; raise the run counts for steadier medians.
 *
 * @module
 */

const int = (name: string, fallback: number, min = 0): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer >= ${min}`);
  return value;
};

const intList = (name: string, fallback: number[]): number[] => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const values = raw.split(',').map((v) => Number(v.trim()));
  if (values.some((v) => !Number.isInteger(v) || v < 1)) throw new Error(`${name} must be a comma-separated list of positive integers`);
  return values;
};

/** The bench's sections, in the order they run; `BENCH_SECTIONS` picks some (default all but growth; `all` for every one). */
export const SECTIONS = ['pipeline', 'slow', 'api', 'fairness', 'e2e', 'chain', 'growth'] as const;
export type Section = (typeof SECTIONS)[number];

const flag = (name: string): boolean => ['1', 'true', 'yes'].includes((process.env[name] ?? '').toLowerCase());

export interface BenchConfig {
  /** PostgreSQL server; the bench creates (and drops) its own database `gw_bench_<random>` on it. */
  pgServerUrl: string;
  /** Redis URL including the dedicated database index (flushed at start and at the end). */
  redisUrl: string;

  /** Webhooks of the bench organization (each payment state change makes one delivery per webhook). */
  webhooks: number;
  /** Payments confirmed per pipeline run; deliveries per run = payments × webhooks (default 200 × 50 = 10,000). */
  payments: number;
  /** Payments confirmed (and delivered) before each measured run to warm the worker up; not measured. */
  warmupPayments: number;
  /** `confirmPayment` calls in flight at once while feeding at peak rate. */
  confirmConcurrency: number;
  /** WORKER_CONCURRENCY of the real worker and of the ceiling worker in the fast-receiver runs. */
  workerConcurrency: number;
  /** Worker process counts of the pipeline section, e.g. [1, 2]. */
  workerProcesses: number[];
  /** Repetitions of each pipeline/ceiling measurement (the median is reported). */
  pipelineRuns: number;
  /** Payments of each paced run at half the measured peak rate (deliveries = × webhooks). */
  pacedPayments: number;
  /** Repetitions of the paced (half peak rate) run. */
  pacedRuns: number;

  /** Answer delay of the slow receiver, ms. */
  slowDelayMs: number;
  /** WORKER_CONCURRENCY settings compared against the slow receiver. */
  slowConcurrencies: number[];
  /** Payments per slow-receiver run (deliveries = × webhooks). */
  slowPayments: number;
  /** Repetitions of each slow-receiver setting. */
  slowRuns: number;

  /** Webhooks of the API section's organization: what `GET /webhooks` lists (a typical integrator has a few). */
  apiWebhooks: number;
  /** autocannon duration per API measurement, s (issue: 10). */
  apiDurationS: number;
  /** autocannon connections (issue: 50). */
  apiConnections: number;
  /** Un-measured warm-up per API target before the measured rounds, s. */
  apiWarmupS: number;
  /** Rounds of (bare, read, write) measurements (the median is reported). */
  apiRuns: number;

  /** Deliveries of the hanging endpoint's backlog in the fairness section (one payment each). */
  fairnessHanging: number;
  /** Payments per second confirmed open-loop for the healthy endpoint in the fairness section. */
  fairnessRate: number;
  /** Duration of each of the healthy endpoint's paced runs (alone, then beside the hanging one), s. */
  fairnessDurationS: number;
  /** Rounds of the fairness section (each: new organizations, new worker; the medians are reported). */
  fairnessRuns: number;
  /** Noisy tenants: payments of each noisy organization's burst (5 deliveries each). */
  tenantsBurst: number;

  /** e2e section: each measured phase (peak, paced), s. */
  e2eDurationS: number;
  /** e2e: HTTP requests in flight at peak; also the number of payers (one lane per payer). */
  e2eConcurrency: number;
  /** e2e: webhooks per payment of the end-to-end runs, e.g. [1, 10]. */
  e2eFanouts: number[];
  /**
   * e2e: worker processes of the fan-out runs (1: the ceiling's one process is the yardstick;
   * more is an experiment: the worker's event loop is CPU-bound on a shared box).
   */
  e2eWorkerProcesses: number;
  /** e2e: organizations the no-delivery load is spread over (vs one organization). */
  e2eSpreadOrgs: number;
  /** e2e: slices of each side of the hot-merchant comparison per round, interleaved A B B A. */
  e2eHotSlices: number;
  /** e2e: rounds (each: the fan-out runs, their ceilings, one org vs spread; medians reported). */
  e2eRuns: number;
  /** e2e: payments created (untimed) per run at most, i.e. the bound on confirms per measured phase. */
  e2eMaxPayments: number;
  /** e2e ledger part: account counts at which the account lookup is explained and a confirm timed. */
  e2eLedgerAccounts: number[];
  /** e2e ledger part: confirms timed (one at a time) at each account count. */
  e2eLedgerConfirms: number;

  /** chain: wallets that each send one ERC-20 transfer to the custody address (deposits measured). */
  chainDeposits: number;
  /** chain: withdrawals through `POST /wallet/withdraw`, and raw transactions of the ceiling. */
  chainWithdrawals: number;
  /**
   * chain: token transfers of the raw pipelined baseline (one key, pre-signed, all sent without
   * waiting): enough to fill several blocks, so that the figure is the chain's rate, not its latency.
   */
  chainRawTransfers: number;
  /** chain: CHAIN_CONFIRMATIONS of the API and worker (blocks), and the depth the ceiling awaits. */
  chainConfirmations: number;
  /** chain: the anvils mine a block every this many seconds while measured (`evm_setIntervalMining`). */
  chainBlockS: number;
  /** chain: each read measurement (token info, balances; API and bare RPC), s. */
  chainReadDurationS: number;
  /** chain: requests in flight at once during the read measurements. */
  chainReadConnections: number;
  /** chain: interleaved rounds of the read measurements (medians reported). */
  chainReadRuns: number;
  /** chain: wallets that delegate to themselves by signature, then each vote by signature on one proposal (relay rate measured). */
  chainVotes: number;
  /** chain: bridge transfers home → second chain funded by permit (round trip measured). */
  chainBridges: number;

  /** growth: deliveries seeded for the full database (one event each, 1–3 attempts). */
  growthDeliveries: number;
  /** growth: payments seeded for the full database. */
  growthPayments: number;
  /** growth: organizations the seeded rows are spread over (long tail; the median one is measured). */
  growthOrgs: number;
  /** growth: the measured organization's deliveries in the "empty" database (a first page's worth). */
  growthEmptyDeliveries: number;
  /** growth: the measured organization's payments in the "empty" database. */
  growthEmptyPayments: number;
  /** growth: pending deliveries and payments past due in both phases (what a sweeper cycle really re-checks). */
  growthOverdue: number;
  /** growth: sequential requests per HTTP operation per phase (p50/p99 over these). */
  growthSamples: number;
  /** growth: sweeper cycles timed per phase. */
  growthSweeps: number;
  /** growth: backlog sizes weighed in Redis and drained by one worker, e.g. [10000, 100000]. */
  growthDrain: number[];
  /**
   * growth: `after` (default: the schema's indexes) or `before`: both databases get the list
   * the older list indexes (by created_at), for the record (no EXPLAIN, no drains then).
   */
  growthIndexes: 'after' | 'before';
  /**
   * `pgbouncer` (env `BENCH_POOLER`): every process of the bench reaches PostgreSQL through a
   * PgBouncer of the bench's own in transaction pooling mode, with DATABASE_POOLER=transaction;
   * `none` (default): directly.
   */
  pooler: 'none' | 'pgbouncer';
  /** PgBouncer `default_pool_size` with `BENCH_POOLER=pgbouncer`: server connections the bench database gets (default 20). */
  poolerPoolSize: number;

  /** Extra environment of the real worker processes, e.g. `{ DATABASE_POOL_MAX: '25' }` (from `K=V K=V`). */
  workerEnv: Record<string, string>;
  /** Extra Node flags for the real worker processes, e.g. `--max-old-space-size=128` (space-separated). */
  workerNodeFlags: string[];
  /** Extra Node flags for the API process of the API section, e.g. `--max-semi-space-size=32` (space-separated). */
  apiNodeFlags: string[];
  /** Also write CPU profiles of the worker (one pipeline run) and the API (one write run) and summarise them. */
  profile: boolean;
  /** Sections to run (default all): any of {@link SECTIONS}. */
  sections: Set<Section>;
  /** Give up waiting for a run's deliveries after this long, ms. */
  runTimeoutMs: number;
}

/** Reads {@link BenchConfig} from `process.env` (`BENCH_*`). @throws Error naming an invalid variable */
export function loadBenchConfig(): BenchConfig {
  // growth seeds 6M rows (~20 min, ~7 GB of disk): only when asked for (`growth` or `all`).
  const picked = process.env.BENCH_SECTIONS ?? SECTIONS.filter((s) => s !== 'growth').join(',');
  const sections = (picked.trim() === 'all' ? SECTIONS.join(',') : picked).split(',').map((s) => s.trim());
  const pooler = process.env.BENCH_POOLER || 'none';
  if (pooler !== 'none' && pooler !== 'pgbouncer') throw new Error('BENCH_POOLER must be none or pgbouncer');
  for (const s of sections) if (!(SECTIONS as readonly string[]).includes(s)) throw new Error(`BENCH_SECTIONS: unknown section ${s}`);
  return {
    pgServerUrl: process.env.BENCH_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
    redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13',
    webhooks: int('BENCH_WEBHOOKS', 50, 1),
    payments: int('BENCH_PAYMENTS', 200, 1),
    warmupPayments: int('BENCH_WARMUP_PAYMENTS', 4, 1),
    confirmConcurrency: int('BENCH_CONFIRM_CONCURRENCY', 2, 1),
    workerConcurrency: int('BENCH_WORKER_CONCURRENCY', 50, 1),
    workerProcesses: intList('BENCH_WORKER_PROCESSES', [1, 2]),
    pipelineRuns: int('BENCH_PIPELINE_RUNS', 3, 1),
    pacedPayments: int('BENCH_PACED_PAYMENTS', 60, 1),
    pacedRuns: int('BENCH_PACED_RUNS', 3, 1),
    slowDelayMs: int('BENCH_SLOW_DELAY_MS', 200, 1),
    slowConcurrencies: intList('BENCH_SLOW_CONCURRENCIES', [50, 200]),
    slowPayments: int('BENCH_SLOW_PAYMENTS', 40, 1),
    slowRuns: int('BENCH_SLOW_RUNS', 3, 1),
    apiWebhooks: int('BENCH_API_WEBHOOKS', 3, 0),
    apiDurationS: int('BENCH_API_DURATION_S', 10, 1),
    apiConnections: int('BENCH_API_CONNECTIONS', 50, 1),
    apiWarmupS: int('BENCH_API_WARMUP_S', 3, 0),
    apiRuns: int('BENCH_API_RUNS', 5, 1),
    fairnessHanging: int('BENCH_FAIRNESS_HANGING', 2000, 1),
    fairnessRate: int('BENCH_FAIRNESS_RATE', 15, 1),
    fairnessDurationS: int('BENCH_FAIRNESS_DURATION_S', 30, 1),
    fairnessRuns: int('BENCH_FAIRNESS_RUNS', 3, 1),
    tenantsBurst: int('BENCH_TENANTS_BURST', 200, 1),
    e2eDurationS: int('BENCH_E2E_DURATION_S', 15, 1),
    e2eConcurrency: int('BENCH_E2E_CONCURRENCY', 20, 1),
    e2eFanouts: intList('BENCH_E2E_FANOUTS', [1, 10]),
    e2eWorkerProcesses: int('BENCH_E2E_WORKER_PROCESSES', 1, 1),
    e2eSpreadOrgs: int('BENCH_E2E_SPREAD_ORGS', 20, 2),
    e2eHotSlices: int('BENCH_E2E_HOT_SLICES', 4, 1),
    e2eRuns: int('BENCH_E2E_RUNS', 3, 1),
    e2eMaxPayments: int('BENCH_E2E_MAX_PAYMENTS', 3000, 20),
    e2eLedgerAccounts: intList('BENCH_E2E_LEDGER_ACCOUNTS', [1000, 100_000]),
    e2eLedgerConfirms: int('BENCH_E2E_LEDGER_CONFIRMS', 200, 1),
    chainDeposits: int('BENCH_CHAIN_DEPOSITS', 200, 1),
    chainWithdrawals: int('BENCH_CHAIN_WITHDRAWALS', 200, 1),
    chainRawTransfers: int('BENCH_CHAIN_RAW_TRANSFERS', 2000, 1),
    chainConfirmations: int('BENCH_CHAIN_CONFIRMATIONS', 2, 1),
    chainBlockS: int('BENCH_CHAIN_BLOCK_S', 1, 1),
    chainReadDurationS: int('BENCH_CHAIN_READ_DURATION_S', 3, 1),
    chainReadConnections: int('BENCH_CHAIN_READ_CONNECTIONS', 20, 1),
    chainReadRuns: int('BENCH_CHAIN_READ_RUNS', 3, 1),
    chainVotes: int('BENCH_CHAIN_VOTES', 50, 1),
    chainBridges: int('BENCH_CHAIN_BRIDGES', 30, 1),
    growthDeliveries: int('BENCH_GROWTH_DELIVERIES', 5_000_000, 1),
    growthPayments: int('BENCH_GROWTH_PAYMENTS', 1_000_000, 1),
    growthOrgs: int('BENCH_GROWTH_ORGS', 1000, 2),
    growthEmptyDeliveries: int('BENCH_GROWTH_EMPTY_DELIVERIES', 500, 1),
    growthEmptyPayments: int('BENCH_GROWTH_EMPTY_PAYMENTS', 100, 1),
    growthOverdue: int('BENCH_GROWTH_OVERDUE', 10, 0),
    growthSamples: int('BENCH_GROWTH_SAMPLES', 1000, 1),
    growthSweeps: int('BENCH_GROWTH_SWEEPS', 1000, 1),
    growthDrain: intList('BENCH_GROWTH_DRAIN', [10_000, 100_000]),
    growthIndexes: ((): 'after' | 'before' => {
      const v = process.env.BENCH_GROWTH_INDEXES ?? 'after';
      if (v !== 'after' && v !== 'before') throw new Error('BENCH_GROWTH_INDEXES must be after or before');
      return v;
    })(),
    pooler,
    poolerPoolSize: int('BENCH_POOLER_POOL_SIZE', 20, 1),
    workerEnv: Object.fromEntries(
      (process.env.BENCH_WORKER_ENV ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .map((pair) => {
          const i = pair.indexOf('=');
          if (i < 1) throw new Error('BENCH_WORKER_ENV must be space-separated NAME=value pairs');
          return [pair.slice(0, i), pair.slice(i + 1)];
        }),
    ),
    // Default: the flags the worker is started with in production (apps/worker start, docker/entrypoint.sh).
    workerNodeFlags: (process.env.BENCH_WORKER_NODE_FLAGS ?? '--max-old-space-size=128 --max-semi-space-size=8')
      .split(/\s+/)
      .filter(Boolean),
    // Default: the flags the API is started with in production (none: docker/entrypoint.sh).
    apiNodeFlags: (process.env.BENCH_API_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean),
    profile: flag('BENCH_PROFILE'),
    sections: new Set(sections as Section[]),
    runTimeoutMs: int('BENCH_RUN_TIMEOUT_MS', 180_000, 1000),
  };
}
