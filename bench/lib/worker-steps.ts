/**
 * Splits a CPU profile of a delivery worker (the real one, or the ceiling's bare worker) into the
 * steps of one delivery: queue (BullMQ), delivery read, gate admit, sign, got POST,
 * gate report, attempt record, delivery logic, metrics/logs, GC, and what cannot be told apart.
 *
 * Each sample goes to the step of the nearest frame on its stack (leaf first) that belongs to one;
 * generic plumbing (`node:net`, streams, events, timers, native frames, the coalescing helper) is
 * skipped on the way up. The Redis and PostgreSQL clients are plumbing too: a command written by
 * the gate counts as gate admit/report, one written by BullMQ as queue. Their *replies* are parsed
 * on the socket's data callback with no caller of ours on the stack: those samples land in
 * "ioredis replies" and "pg replies" (queue + gate, read + record, not split).
 *
 * With the number of deliveries of the profiled window, each step is also shown as CPU µs per
 * delivery (busy time only; the profiler itself adds a few per cent).
 *
 * CLI: `node --import tsx bench/lib/worker-steps.ts <worker.cpuprofile> [deliveries] [ceiling.cpuprofile]`
 * (whole profiles; the bench's own profiled runs pass their measured windows).
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { areaOf, type CallFrame as Frame, loadProfile, timeByBucket } from './profile-summary.js';

/** The steps in table order. */
export const STEPS = [
  'queue (BullMQ, job handler)',
  'delivery read (SQL batch, row → object)',
  'gate admit',
  'sign (HMAC, secret)',
  'got POST (incl. address check, response)',
  'gate report',
  'attempt record (SQL batch)',
  'delivery logic (envelope JSON, headers, outcome)',
  'metrics / logs',
  'ioredis replies (queue + gate, unsplit)',
  'pg replies (read + record, unsplit)',
  'GC',
  'other (async glue, timers, unattributed)',
] as const;
export type Step = (typeof STEPS)[number];

const HTTP_AREAS =
  /^(got|@sindresorhus\/is|@szmarczak\/|lowercase-keys|cacheable-|http2-wrapper|responselike|form-data-encoder|p-cancelable|defer-to-connect|mimic-response|get-stream|decompress-response|keyv|normalize-url|node:_http|node:http|node:https|packages\/runtime\/(dist|src)\/net\/)/;
const QUEUE_AREAS = /^(bullmq|msgpackr|cluster-key-slot|cron-parser|semver|uuid|apps\/worker\/|bench\/processes\/ceiling-worker)/;
const METRIC_AREAS =
  /^(prom-client|pino|sonic-boom|thread-stream|fast-redact|on-exit-leak-free|packages\/runtime\/(dist|src)\/(metrics|logging)\/)/;

/** Line ranges of the functions inside the store that have no name of their own. */
function repositoryLines(url: string): { load: number; record: number; defer: number } {
  try {
    const lines = readFileSync(fileURLToPath(url), 'utf8').split('\n');
    const at = (re: RegExp) => lines.findIndex((l) => re.test(l));
    return { load: at(/const load = coalesce/), record: at(/const recordAttempt = coalesce/), defer: at(/const defer = coalesce/) };
  } catch {
    return { load: -1, record: -1, defer: -1 };
  }
}

/** The step of one frame, or undefined for plumbing (keep walking up). */
function makeClassifier(): (f: Frame) => Step | 'idle' | undefined {
  const repo = new Map<string, ReturnType<typeof repositoryLines>>();
  return (f) => {
    const area = areaOf(f);
    const fn = f.functionName;
    if (area === '(garbage collector)') return 'GC';
    if (area === '(idle)') return 'idle';
    if (area === '(program)') return 'other (async glue, timers, unattributed)';
    if (/deliveries\/endpoint-gate\.[jt]s$/.test(area)) {
      if (fn === 'admit') return 'gate admit';
      if (fn === 'report') return 'gate report';
      return undefined;
    }
    if (/deliveries\/repository\.[jt]s$/.test(area)) {
      if (fn === 'toLoaded') return 'delivery read (SQL batch, row → object)';
      let r = repo.get(f.url);
      if (!r) repo.set(f.url, (r = repositoryLines(f.url)));
      if (r.record >= 0 && f.lineNumber >= r.record && (r.defer < 0 || f.lineNumber < r.defer)) return 'attempt record (SQL batch)';
      if (r.load >= 0 && f.lineNumber >= r.load && f.lineNumber < r.record) return 'delivery read (SQL batch, row → object)';
      return undefined;
    }
    if (/deliveries\/(processor|metrics)\.[jt]s$/.test(area)) {
      if (fn === 'settle') return 'gate report';
      if (fn === 'openSecret') return 'sign (HMAC, secret)';
      if (fn === 'send') return 'metrics / logs'; // instrumentSender's wrapper (got frames below it classify first)
      if (fn === 'processDelivery' || fn === 'defer' || fn === 'backoffDelayMs') return 'delivery logic (envelope JSON, headers, outcome)';
      if (fn === 'logTransition' || fn === 'attemptOutcome' || fn === '' || fn === 'deliveryOutcomeCounter') return 'metrics / logs';
      return 'delivery logic (envelope JSON, headers, outcome)';
    }
    if (/deliveries\/signing\.[jt]s$/.test(area) || area === 'node:crypto') return 'sign (HMAC, secret)';
    if (/deliveries\/sender\.[jt]s$/.test(area) || HTTP_AREAS.test(area)) return 'got POST (incl. address check, response)';
    if (METRIC_AREAS.test(area)) return 'metrics / logs';
    if (QUEUE_AREAS.test(area)) return 'queue (BullMQ, job handler)';
    return undefined;
  };
}

/** Fallback for a stack with no classified frame: the client library it ran in, if any. */
function fallbackOf(areas: string[]): Step {
  if (areas.some((a) => /^(ioredis|redis-parser|standard-as-callback|denque)/.test(a))) return 'ioredis replies (queue + gate, unsplit)';
  if (areas.some((a) => /^(pg|pg-pool|pg-protocol|pg-types|postgres-|packages\/db\/)/.test(a)))
    return 'pg replies (read + record, unsplit)';
  return 'other (async glue, timers, unattributed)';
}

export interface StepRow {
  step: Step;
  ms: number;
  /** % of busy time. */
  pct: number;
  /** µs of busy time per delivery (when the deliveries are known). */
  usPerDelivery: number | null;
}

/**
 * Busy time per delivery step in `[fromUs, toUs]` of the monotonic clock (whole profile when absent).
 * @param deliveries deliveries made in that window, for the per-delivery column (null: not shown)
 */
export function workerSteps(
  file: string,
  deliveries: number | null,
  window?: [number, number],
  detail?: (step: Step | 'idle', leaf: Frame, us: number) => void,
): { busyMs: number; idlePct: number; rows: StepRow[] } {
  const loaded = loadProfile(file);
  const { byId, parent } = loaded;
  const classify = makeClassifier();
  const memo = new Map<number, Step | 'idle'>();
  const stepOf = (id: number): Step | 'idle' => {
    const cached = memo.get(id);
    if (cached) return cached;
    const areas: string[] = [];
    let found: Step | 'idle' | undefined;
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const frame = byId.get(cur)!.callFrame;
      found = classify(frame);
      if (found) break;
      areas.push(areaOf(frame));
    }
    found ??= fallbackOf(areas);
    memo.set(id, found);
    return found;
  };
  const { us, busyUs: busy, idleUs: idle } = timeByBucket(loaded, stepOf, window, (s, id, dt) => detail?.(s, byId.get(id)!.callFrame, dt));
  return {
    busyMs: Math.round(busy / 1000),
    idlePct: Math.round((idle / Math.max(1, busy + idle)) * 1000) / 10,
    rows: STEPS.map((step) => {
      const v = us.get(step) ?? 0;
      return {
        step,
        ms: Math.round(v / 1000),
        pct: Math.round((v / Math.max(1, busy)) * 1000) / 10,
        usPerDelivery: deliveries ? Math.round(v / deliveries) : null,
      };
    }),
  };
}

/** The steps of the worker beside the ceiling's, as a Markdown table (µs per delivery when known, else %). */
export function formatSteps(worker: ReturnType<typeof workerSteps>, ceiling?: ReturnType<typeof workerSteps>): string {
  const cell = (r: StepRow | undefined) => (r ? (r.usPerDelivery !== null ? `${r.usPerDelivery} µs (${r.pct} %)` : `${r.pct} %`) : '');
  const total = (s: ReturnType<typeof workerSteps> | undefined) =>
    s ? (s.rows[0]?.usPerDelivery !== null ? `${s.rows.reduce((a, r) => a + (r.usPerDelivery ?? 0), 0)} µs` : `${s.busyMs} ms`) : '';
  const lines = ['| step | worker | ceiling |', '| --- | --- | --- |'];
  worker.rows.forEach((r, i) => lines.push(`| ${r.step} | ${cell(r)} | ${cell(ceiling?.rows[i])} |`));
  lines.push(`| **total busy** | ${total(worker)} | ${total(ceiling)} |`);
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [file, n, ceilingFile] = process.argv.slice(2);
  // BENCH_STEP_DETAIL=<step prefix>: the leaf functions of that step in the worker's profile.
  const want = process.env.BENCH_STEP_DETAIL;
  const leaves = new Map<string, number>();
  const detail = want
    ? (step: string, leaf: Frame, us: number) => {
        if (!step.startsWith(want)) return;
        const k = `${leaf.functionName || '(anonymous)'} ${areaOf(leaf)}:${leaf.lineNumber + 1}`;
        leaves.set(k, (leaves.get(k) ?? 0) + us);
      }
    : undefined;
  if (!file) {
    console.error('usage: node --import tsx bench/lib/worker-steps.ts <worker.cpuprofile> [deliveries] [ceiling.cpuprofile]');
    process.exit(2);
  }
  const deliveries = n ? Number(n) : null;
  const w = workerSteps(file, deliveries, undefined, detail);
  const c = ceilingFile ? workerSteps(ceilingFile, deliveries) : undefined;
  console.log(`worker: ${w.busyMs} ms busy, idle ${w.idlePct} %${c ? `; ceiling: ${c.busyMs} ms busy, idle ${c.idlePct} %` : ''}`);
  console.log(formatSteps(w, c));
  for (const [k, v] of [...leaves].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`${String(Math.round(v / 1000)).padStart(7)} ms  ${k}`);
}
