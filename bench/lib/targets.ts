/**
 * The bench's targets (bench/README.md), in a file of their own so that tests and the docs
 * generator can read them without loading the sections.
 */
/** The targets (2-core machine). */
export const TARGETS = {
  pipelineRatio: 0.6,
  p99AtHalfPeakMs: 250,
  /**
   * API: CPU µs per request of the read (`GET /webhooks`) and of the write
   * (`POST /payments` with an idempotency key) ÷ bare Express's, medians of the same rounds, at
   * most this. The req/s ratios against bare Express are reported beside them, not judged.
   */
  readCpuCost: 2.0,
  writeCpuCost: 4.0,
  workerPeakRssMb: 200,
  /** Fairness: healthy endpoint's p99 beside a hanging one ≤ factor × its p99 alone + slack. */
  fairnessFactor: 2,
  fairnessSlackMs: 250,
  /** Fairness: hanging deliveries missing or with attempts ≠ requests received. */
  hangingLost: 0,
  /** Growth: every p99 on the full database within this factor of its empty-database figure. */
  growthP99Ratio: 1.5,
  /**
   * Chain relayer, judged in the chain section against its raw pipelined baseline of the same run
   * (`chain.rawPipelined`: one key's pre-signed transfers all sent without waiting, at the same
   * depth): withdrawals confirmed/s at least this × the baseline's transfers/s; votes by signature
   * confirmed/s at least `chainVotesVsRaw` × it.
   */
  chainWithdrawalsVsRaw: 1.0,
  chainVotesVsRaw: 0.5,
  /** Chain: a withdrawal's POST → first broadcast, p50, at most this many block times. */
  chainBroadcastP50Blocks: 1,
  /** Chain: POST (a deposit: its broadcast) → confirmed p99 of withdrawals, votes and deposits ≤ (CHAIN_CONFIRMATIONS + this) × block time. */
  chainConfirmedP99ExtraBlocks: 2,
  /** Chain: a bridge transfer's p99 ÷ its floor (2 × CHAIN_CONFIRMATIONS × block time), at most this. */
  chainBridgeP99FloorRatio: 1.25,
  /** Chain: CPU ms per confirmed withdrawal of the worker and of the API, each at most this. */
  chainWorkerCpuMsPerWithdrawal: 1,
  chainApiCpuMsPerWithdrawal: 1,
} as const;
