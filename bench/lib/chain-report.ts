/**
 * Figures and table rows of the chain section, used by `report.ts`: the deposits and
 * withdrawals as measured (one run each), the withdrawals against their ceiling, the vote
 * relay rate against the same ceiling and bridge round trip against its floor (2 × confirmations ×
 * block time), and the reads' medians over the rounds (ratios taken per round, then their median);
 * the raw pipelined baseline and, against it, the chain relayer's targets (`TARGETS.chain*`), each
 * with its value and whether this run met it.
 *
 * @module
 */
import type { ChainPhase, ChainReadRound, ChainSectionResult, RawPipelinedRun } from '../sections/chain-section.js';
import type { LoopResult } from './loop-load.js';
import { median, medianOf, round } from './stats.js';
import { TARGETS } from './targets.js';

const r1 = (v: number) => round(v, 1);

const phaseFigures = (p: ChainPhase) => ({
  count: p.count,
  /** done ÷ (first broadcast or request → last done), per second */
  perSec: r1(p.perSec),
  /** broadcast or request → done, ms */
  p50Ms: r1(p.latencyMs.p50),
  p99Ms: r1(p.latencyMs.p99),
  maxMs: r1(p.latencyMs.max),
  durationS: round(p.durationS, 2),
  /** started but not done (never credited or confirmed, or failed) */
  notDone: p.count - p.done,
});

/** The figures of one read (token info or balances) over the rounds. */
function readFigures(
  rounds: ChainReadRound[],
  pick: (r: ChainReadRound) => { bare: LoopResult; api: LoopResult; apiUncached: LoopResult },
) {
  const xs = rounds.map(pick);
  return {
    /** the API, reads cached CHAIN_READ_CACHE_MS (its default, 3 s): req/s, median over rounds */
    reqPerSec: round(medianOf(xs, (x) => x.api.reqPerSec)),
    /** a second API process with CHAIN_READ_CACHE_MS=0: every request reads the chain */
    uncachedReqPerSec: round(medianOf(xs, (x) => x.apiUncached.reqPerSec)),
    /** the bare JSON-RPC batch(es) the endpoint wraps, same load generator and concurrency */
    bareRpcPerSec: round(medianOf(xs, (x) => x.bare.reqPerSec)),
    /** per round: API (cached) ÷ bare RPC */
    ratio: round(median(xs.map((x) => x.api.reqPerSec / x.bare.reqPerSec)), 3),
    /** per round: API (uncached) ÷ bare RPC */
    uncachedRatio: round(median(xs.map((x) => x.apiUncached.reqPerSec / x.bare.reqPerSec)), 3),
    p99Ms: r1(medianOf(xs, (x) => x.api.p99Ms)),
    uncachedP99Ms: r1(medianOf(xs, (x) => x.apiUncached.p99Ms)),
    bareP99Ms: r1(medianOf(xs, (x) => x.bare.p99Ms)),
    /** failed calls, all rounds, all three targets (must be 0) */
    errors: xs.reduce((n, x) => n + x.api.errors + x.apiUncached.errors + x.bare.errors, 0),
  };
}

/** A bridge transfer's floor: 2 × CHAIN_CONFIRMATIONS × block time (lock depth + mint depth), ms. */
export const bridgeFloorMs = (s: { confirmations: number; blockS: number }) => 2 * s.confirmations * s.blockS * 1000;

/** One of the relayer's targets as this run measured it: `target` as printed (`≥ 1`), `met` null without a value. */
export interface JudgedFigure {
  value: number | null;
  target: string;
  met: boolean | null;
}

const judged = (value: number, op: '≥' | '≤' | '=', limit: number): JudgedFigure => {
  const v = Number.isFinite(value) ? value : null;
  const ok = op === '≥' ? (x: number) => x >= limit : op === '≤' ? (x: number) => x <= limit : (x: number) => x === limit;
  return { value: v, target: op === '=' ? `${limit}` : `${op} ${limit}`, met: v === null ? null : ok(v) };
};

/** The raw pipelined baseline's figures (`chain.rawPipelined`). */
const rawFigures = (r: RawPipelinedRun) => ({
  ...phaseFigures(r),
  /** transfers ÷ (first send → the last one's block `confirmations` deep), per second */
  confirmedPerSec: r1(r.confirmedPerSec),
  confirmedDurationS: round(r.confirmedDurationS, 2),
  /** first send → last batch answered, s */
  sentS: round(r.sentS, 2),
  gasPerTx: r.gasPerTx,
  blocks: r.blocks,
  perBlockMax: r.perBlockMax,
  perBlockMedian: r.perBlockMedian,
  blockGasLimit: r.blockGasLimit,
  maxBlockFill: round(r.maxBlockFill, 3),
});

/**
 * The chain relayer's targets against this run's raw pipelined baseline (see `TARGETS` in
 * targets.ts). Rates: confirmed/s ÷ the baseline's transfers/s from the first send to the block
 * that mined the last one (`chain.rawPipelined.perSec`, the baseline as defined). Latency targets are in block times of this run. CPU per confirmed
 * withdrawal over the withdrawals' phase (first POST → all final), the processes' idle polling included.
 */
function relayerTargets(s: ChainSectionResult, raw: RawPipelinedRun) {
  const blockMs = s.settings.blockS * 1000;
  const confirmedMs = (s.settings.confirmations + TARGETS.chainConfirmedP99ExtraBlocks) * blockMs;
  const perConfirmed = (msPerStarted: number) => (s.withdrawals.done > 0 ? (msPerStarted * s.withdrawals.count) / s.withdrawals.done : NaN);
  const notConfirmed = {
    withdrawals: s.withdrawals.count - s.withdrawals.done,
    votes: s.votes.count - s.votes.done,
    deposits: s.deposits.count - s.deposits.done,
    bridges: s.bridges.count - s.bridges.done,
  };
  return {
    /** withdrawals confirmed/s ÷ raw pipelined transfers/s (first send → last one mined) */
    withdrawalsVsRaw: judged(round(s.withdrawals.perSec / raw.perSec, 3), '≥', TARGETS.chainWithdrawalsVsRaw),
    /** votes by signature confirmed/s ÷ the same */
    votesVsRaw: judged(round(s.votes.perSec / raw.perSec, 3), '≥', TARGETS.chainVotesVsRaw),
    /** a withdrawal's POST → its outbox row first `submitted`, p50, ms (≤ one block time) */
    withdrawalBroadcastP50Ms: judged(r1(s.outbox.postToBroadcastMs?.p50 ?? NaN), '≤', TARGETS.chainBroadcastP50Blocks * blockMs),
    /** POST → confirmed p99, ms (≤ (confirmations + 2) × block time) */
    withdrawalsP99Ms: judged(r1(s.withdrawals.latencyMs.p99), '≤', confirmedMs),
    votesP99Ms: judged(r1(s.votes.latencyMs.p99), '≤', confirmedMs),
    /** a deposit's broadcast → credited p99, ms */
    depositsP99Ms: judged(r1(s.deposits.latencyMs.p99), '≤', confirmedMs),
    /** bridge p99 ÷ 2 × confirmations × block time */
    bridgeP99FloorRatio: judged(round(s.bridges.latencyMs.p99 / bridgeFloorMs(s.settings), 2), '≤', TARGETS.chainBridgeP99FloorRatio),
    /** CPU ms per confirmed withdrawal, worker and API */
    workerCpuMsPerWithdrawal: judged(round(perConfirmed(s.outbox.workerCpuMsPerWithdrawal), 2), '≤', TARGETS.chainWorkerCpuMsPerWithdrawal),
    apiCpuMsPerWithdrawal: judged(round(perConfirmed(s.outbox.apiCpuMsPerWithdrawal), 2), '≤', TARGETS.chainApiCpuMsPerWithdrawal),
    /** withdrawals confirmed without their transfer on chain */
    lost: judged(s.outbox.lost ?? NaN, '=', 0),
    /** transfers out of custody beyond one per confirmed withdrawal */
    paidTwice: judged(s.outbox.paidTwice ?? NaN, '=', 0),
    /** withdrawals, votes, deposits and bridge transfers not confirmed (credited, completed) */
    notConfirmed: {
      ...judged(
        Object.values(notConfirmed).reduce((n, x) => n + x, 0),
        '=',
        0,
      ),
      ...notConfirmed,
    },
    /** the baseline's rate the ratios divide by, and where the POST → broadcast figure comes from */
    rawPerSec: r1(raw.perSec),
    broadcastsSampled: s.outbox.broadcastsSampled ?? 0,
    withdrawalBroadcastP99Ms: r1(s.outbox.postToBroadcastMs?.p99 ?? NaN),
  };
}

export type RelayerTargets = ReturnType<typeof relayerTargets>;

/** The `chain` block of `latest.json`. */
export function chainFigures(s: ChainSectionResult) {
  const w = phaseFigures(s.withdrawals);
  const c = phaseFigures(s.ceiling);
  return {
    settings: s.settings,
    deposits: phaseFigures(s.deposits),
    withdrawals: {
      ...w,
      /** raw viem signTransaction + sendRawTransaction + receipt at the same depth, same chain, same run */
      ceilingPerSec: c.perSec,
      ceilingP50Ms: c.p50Ms,
      ceilingP99Ms: c.p99Ms,
      ceilingNotDone: c.notDone,
      /** withdrawals/s ÷ ceiling/s */
      ratio: round(s.withdrawals.perSec / s.ceiling.perSec, 3),
      /** where the time went: the API's part, blocks waited, fee bumps (see OutboxTrace) */
      outbox: {
        ...s.outbox,
        acceptedS: round(s.outbox.acceptedS, 2),
        workerCpuMsPerWithdrawal: r1(s.outbox.workerCpuMsPerWithdrawal),
        workerCores: round(s.outbox.workerCores, 2),
        apiCpuMsPerWithdrawal: r1(s.outbox.apiCpuMsPerWithdrawal),
        apiCores: round(s.outbox.apiCores, 2),
        postToBroadcastMs: s.outbox.postToBroadcastMs && {
          p50: r1(s.outbox.postToBroadcastMs.p50),
          p95: r1(s.outbox.postToBroadcastMs.p95),
          p99: r1(s.outbox.postToBroadcastMs.p99),
          max: r1(s.outbox.postToBroadcastMs.max),
        },
      },
    },
    /** one key's pre-signed transfers all sent without waiting, same chain, same run: the relayer's baseline */
    rawPipelined: s.rawPipelined ? rawFigures(s.rawPipelined) : undefined,
    /** the relayer's targets against `rawPipelined` (only in runs that measured it) */
    targets: s.rawPipelined ? relayerTargets(s, s.rawPipelined) : undefined,
    votes: {
      ...phaseFigures(s.votes),
      /** votes/s ÷ the withdrawals' ceiling/s (raw transactions at the same depth, same run) */
      ratio: round(s.votes.perSec / s.ceiling.perSec, 3),
      /** where the votes went (see VoteTrace) */
      trace: { ...s.voteTrace, acceptedS: round(s.voteTrace.acceptedS, 2) },
    },
    bridge: {
      ...phaseFigures(s.bridges),
      /** the least a transfer can take: the lock CHAIN_CONFIRMATIONS deep, then the mint as deep, ms */
      floorMs: bridgeFloorMs(s.settings),
      /** p50 ÷ floor, p99 ÷ floor */
      p50FloorRatio: round(s.bridges.latencyMs.p50 / bridgeFloorMs(s.settings), 2),
      p99FloorRatio: round(s.bridges.latencyMs.p99 / bridgeFloorMs(s.settings), 2),
      /** where the time went: the API's part, the source leg, the destination leg (see BridgeTrace) */
      trace: {
        ...s.bridgeTrace,
        acceptedS: round(s.bridgeTrace.acceptedS, 2),
        sourceP50Ms: r1(s.bridgeTrace.sourceP50Ms),
        sourceP99Ms: r1(s.bridgeTrace.sourceP99Ms),
        destinationP50Ms: r1(s.bridgeTrace.destinationP50Ms),
        destinationP99Ms: r1(s.bridgeTrace.destinationP99Ms),
      },
    },
    reads: {
      tokenInfo: readFigures(s.reads, (r) => r.tokenInfo),
      balances: readFigures(s.reads, (r) => r.balances),
      rounds: s.reads.length,
      connections: s.settings.readConnections,
      durationS: s.settings.readDurationS,
    },
  };
}

export type ChainFigures = ReturnType<typeof chainFigures>;

/** Adds the chain section's rows to the printed table. */
export function chainRows(
  c: ChainFigures,
  section: (title: string) => void,
  row: (figure: string, value: string, target?: string) => void,
): void {
  const s = c.settings;
  section(
    `Chain: two anvils of the section's own, a block every ${s.blockS} s, CHAIN_CONFIRMATIONS=${s.confirmations}; ` +
      `real API and worker (deposit scan every ${s.scanIntervalMs} ms, outbox poll every ${s.txPollMs} ms)`,
  );
  const d = c.deposits;
  row(`deposits: ${d.count} wallets, transfer → credited (deposits/s)`, `${d.perSec} (${d.durationS} s)`);
  row('deposits: broadcast → credited p50 / p99 (ms)', `${d.p50Ms} / ${d.p99Ms}`);
  const w = c.withdrawals;
  row(`withdrawals: ${w.count} POST /wallet/withdraw → confirmed (withdrawals/s)`, `${w.perSec} (${w.durationS} s)`);
  row('ceiling: viem signTransaction + sendRawTransaction + receipt (tx/s)', `${w.ceilingPerSec}`);
  row('withdrawals / ceiling', `${w.ratio}`);
  row('withdrawals p50 / p99; ceiling p50 / p99 (ms)', `${w.p50Ms} / ${w.p99Ms}; ${w.ceilingP50Ms} / ${w.ceilingP99Ms}`);
  const raw = c.rawPipelined;
  if (raw) {
    row(
      `raw pipelined: ${raw.count} transfers, one key, pre-signed, all sent without waiting (tx/s): mined; ${s.confirmations} deep`,
      `${raw.perSec} (${raw.durationS} s); ${raw.confirmedPerSec} (${raw.confirmedDurationS} s)`,
    );
    row(
      'raw pipelined: blocks; most / median a block; fullest block (gas used ÷ limit); not done',
      `${raw.blocks}; ${raw.perBlockMax} / ${raw.perBlockMedian}; ${raw.maxBlockFill}; ${raw.notDone}`,
    );
  }
  const v = c.votes;
  row(`votes: ${v.count} POST /governance/vote on one proposal → confirmed (votes/s)`, `${v.perSec} (${v.durationS} s)`);
  row('votes / ceiling', `${v.ratio}`);
  row(
    `votes p50 / p99 (ms); blocks to spare of the ${v.trace.votingPeriodBlocks}-block voting period`,
    `${v.p50Ms} / ${v.p99Ms}; ${v.trace.blocksToSpare}`,
  );
  const b = c.bridge;
  row(`bridge: ${b.count} POST /bridge/initiate home → eip155:31338 by permit → completed, p50 / p99 (ms)`, `${b.p50Ms} / ${b.p99Ms}`);
  row('bridge p50: POST → lock final; lock final → mint final (ms)', `${b.trace.sourceP50Ms}; ${b.trace.destinationP50Ms}`);
  row(
    `bridge p50 / p99 ÷ floor (${b.floorMs} ms = 2 × ${s.confirmations} confirmations × ${s.blockS} s)`,
    `${b.p50FloorRatio} / ${b.p99FloorRatio}`,
  );
  row(
    'deposits not credited / withdrawals, ceiling, votes not confirmed / bridges not completed',
    `${d.notDone} / ${w.notDone}, ${w.ceilingNotDone}, ${v.notDone} / ${b.notDone}`,
    '0 / 0, 0, 0 / 0',
  );
  for (const [name, label] of [
    ['tokenInfo', 'GET /token/info'],
    ['balances', 'GET /wallet/balances'],
  ] as const) {
    const r = c.reads[name];
    row(
      `${label} (req/s): API cached; uncached; bare RPC (${c.reads.connections} in flight, median of ${c.reads.rounds})`,
      `${r.reqPerSec}; ${r.uncachedReqPerSec}; ${r.bareRpcPerSec}`,
    );
    row(`${label}: API ÷ bare, cached; uncached`, `${r.ratio}; ${r.uncachedRatio}`);
    row(`${label} p99 (ms): cached; uncached; bare; errors`, `${r.p99Ms}; ${r.uncachedP99Ms}; ${r.bareP99Ms}; ${r.errors}`);
  }
  if (c.targets) relayerRows(c.targets, s, section, row);
}

const verdict = (j: JudgedFigure) => (j.met === null ? 'not measured' : j.met ? 'ok' : 'MISS');
const shown = (j: JudgedFigure) => (j.value === null ? '—' : `${j.value}`);

/** The relayer's targets, one row each: value, target, met. */
function relayerRows(
  t: RelayerTargets,
  s: ChainFigures['settings'],
  section: (title: string) => void,
  row: (figure: string, value: string, target?: string) => void,
): void {
  section(
    `Chain relayer targets, this run: rates ÷ the raw pipelined baseline (${t.rawPerSec} tx/s, to the last one mined); ` +
      `times in ${s.blockS} s blocks, CHAIN_CONFIRMATIONS=${s.confirmations}`,
  );
  const judgedRow = (figure: string, j: JudgedFigure) => row(figure, shown(j), `${j.target}  ${verdict(j)}`);
  judgedRow('withdrawals confirmed/s ÷ raw pipelined', t.withdrawalsVsRaw);
  judgedRow('votes by signature confirmed/s ÷ raw pipelined', t.votesVsRaw);
  judgedRow(
    `withdrawal POST → broadcast p50 (ms; outbox row first \`submitted\`, ${t.broadcastsSampled} sampled; p99 ${t.withdrawalBroadcastP99Ms})`,
    t.withdrawalBroadcastP50Ms,
  );
  judgedRow('withdrawals POST → confirmed p99 (ms)', t.withdrawalsP99Ms);
  judgedRow('votes POST → confirmed p99 (ms)', t.votesP99Ms);
  judgedRow('deposits broadcast → credited p99 (ms)', t.depositsP99Ms);
  judgedRow('bridge p99 ÷ floor', t.bridgeP99FloorRatio);
  judgedRow('worker CPU per confirmed withdrawal (ms)', t.workerCpuMsPerWithdrawal);
  judgedRow('API CPU per confirmed withdrawal (ms)', t.apiCpuMsPerWithdrawal);
  judgedRow('withdrawals lost (confirmed, no transfer on chain)', t.lost);
  judgedRow('withdrawals paid twice (transfers beyond one per confirmed)', t.paidTwice);
  const n = t.notConfirmed;
  judgedRow(`not confirmed: withdrawals ${n.withdrawals}, votes ${n.votes}, deposits ${n.deposits}, bridges ${n.bridges}`, t.notConfirmed);
}
