/**
 * Section `chain`: deposits, withdrawals, votes by
 * signature, bridge transfers and chain reads of the real API and worker against two anvils of the
 * section's own, each figure beside what the chain itself allows in the same run.
 *
 * Set-up (not measured): two anvils (`startLocalChains`, OS-chosen ports, no state file: chains
 * 31337 and 31338), the real API in its own process with CHAIN_RPC_URLS pointing at them (it
 * deploys the contracts while the anvils mine a block per transaction), `BENCH_CHAIN_DEPOSITS`
 * (200) fresh wallets funded by the deployer (anvil's first dev key) with 100 tokens each and
 * 1 ETH of gas (`anvil_setBalance`), and max(`BENCH_CHAIN_VOTES`, `BENCH_CHAIN_BRIDGES`) (50, 30)
 * more holding 10 tokens each at their own address (votes and permits need the wallet's
 * own tokens). Then both anvils mine a block every `BENCH_CHAIN_BLOCK_S` (1) s
 * (`evm_setIntervalMining`, as `pnpm start` runs them), the real worker starts
 * (`apps/worker/src/main.ts`: deposit scan every CHAIN_POLL_INTERVAL_MS, outbox poll every
 * CHAIN_TX_POLL_MS, both at their defaults), and one deposit and one withdrawal warm it up.
 * CHAIN_CONFIRMATIONS is `BENCH_CHAIN_CONFIRMATIONS` (2, the local default) for the API, the worker
 * and the ceiling.
 *
 * 1. **Deposits**: each wallet's ERC-20 `transfer(custody, 100 tokens)` is signed beforehand; the
 *    clock starts at the first `eth_sendRawTransaction` (20 in flight). Credited deposits/s =
 *    deposits ÷ (first broadcast → last `credited_at` in PostgreSQL); latency per deposit =
 *    `credited_at` − its own broadcast, ms (p50/p99). The floor is the confirmations: a deposit is
 *    credited once CHAIN_CONFIRMATIONS blocks are on top of its block and a scan has run.
 * 2. **Withdrawals**: `BENCH_CHAIN_WITHDRAWALS` (200) `POST /gateway/v1/wallet/withdraw` of 1 token
 *    (202; 10 requests in flight, each wallet with its own SIWE session); confirmed/s = withdrawals ÷
 *    (first POST → last `updated_at` of a `confirmed` withdrawal). **Ceiling**, same run, same chain,
 *    after the worker has finished: as many token transfers from one funded key, each signed
 *    locally with viem (`signTransaction`, explicit nonces, the outbox's gas margin) and sent with
 *    `sendRawTransaction` (10 in flight), each awaited with `waitForTransactionReceipt` to the same
 *    depth (head − block + 1 ≥ CHAIN_CONFIRMATIONS, as the outbox counts it) polling every
 *    CHAIN_TX_POLL_MS, as the worker does. Ratio = withdrawals/s ÷ ceiling/s. Beside it, where the
 *    withdrawals' time went: the API's part (all 202), blocks waited, fee bumps, the worker's and
 *    the API's CPU per withdrawal and the cores they used; each withdrawal's POST → first broadcast
 *    (the outbox row has no broadcast time of its own: `markBroadcast` sets its `updated_at` when it
 *    first becomes `submitted`, and the next write to it, its receipt seen, comes a block later at
 *    the earliest, so the rows are sampled every {@link BROADCAST_SAMPLE_MS} ms meanwhile and each
 *    row's first `updated_at` in that state is its broadcast); and, from the token's `Transfer` logs
 *    out of the custody address during the phase, withdrawals confirmed without their transfer on
 *    chain (lost) and transfers beyond one per confirmed withdrawal (paid twice).
 *    **Raw pipelined baseline**, same run, same chain, after the ceiling: `BENCH_CHAIN_RAW_TRANSFERS`
 *    (2000) transfers of 1 token from ONE funded key to fresh addresses, all signed before the clock
 *    (viem `signTransaction`, consecutive nonces, the outbox's gas margin, explicit fees), then all
 *    sent without waiting for any receipt (JSON-RPC batches of {@link RAW_BATCH},
 *    {@link RAW_BATCH_LANES} in flight). Mined transfers are counted by the sender's nonce at each
 *    new block (`eth_getTransactionCount` at that block, head polled every {@link RAW_POLL_MS} ms),
 *    not by a receipt per transaction, so that the client is not the limit. transfers/s = transfers
 *    ÷ (first send → the block that mined the last one seen), and separately ÷ (first send → that
 *    block `CHAIN_CONFIRMATIONS` deep); successes by the sender's token balance. It is the baseline
 *    of the relayer's targets (the report's `chain.targets`).
 * 3. **Votes**: the first `BENCH_CHAIN_VOTES` (50) holders log in (SIWE) and delegate to
 *    themselves by signature (`GET /governance/delegation/typed-data`, `POST /governance/delegate`),
 *    awaited until confirmed; then the deployer proposes a treasury payment directly to the Governor
 *    (set-up: the API checks a proposal on chain), awaited until `Active`. Not measured. Each holder's
 *    ballot (`GET /governance/ballot/typed-data`, `for`) is fetched and signed before the clock; the
 *    clock starts at the first `POST /governance/vote` (10 in flight). Confirmed votes/s = votes ÷
 *    (first POST → last `updated_at` of a confirmed vote in PostgreSQL); baseline: the withdrawals'
 *    ceiling above (raw transactions at the same depth, same chain, same run). The local chains'
 *    voting period is 20 blocks (`governanceSettings`), 20 s at 1 s blocks: every vote must be mined
 *    within it (the report says how many blocks were left; a vote refused with 409 `voting-closed`
 *    counts as not done).
 * 4. **Bridge**: `BENCH_CHAIN_BRIDGES` (30) holders each bridge 1 token home →
 *    eip155:31338 by permit (`GET /bridge/permit-typed-data` signed before the clock, then
 *    `POST /bridge/initiate` with `funding: permit`, 10 in flight); latency per transfer = its
 *    `updated_at` once `completed` − its POST, ms (p50/p99). The floor is 2 × CHAIN_CONFIRMATIONS ×
 *    block time: the lock that deep on the home chain, then the mint as deep on the second.
 * 5. **Reads** (worker and first API stopped; two fresh API processes): `GET /gateway/v1/token/info` and `GET /gateway/v1/wallet/balances`
 *    (API key + session) against the bare JSON-RPC they wrap: one batch of `name`, `symbol`,
 *    `decimals`, `totalSupply` `eth_call`s to the home chain; one batch of `symbol` + `balanceOf` per
 *    chain, both chains at once. Closed loop (`loop-load.ts`), `BENCH_CHAIN_READ_CONNECTIONS` (20)
 *    in flight, `BENCH_CHAIN_READ_DURATION_S` (3) s each, `BENCH_CHAIN_READ_RUNS` (3) interleaved
 *    rounds (the order of bare, cached and uncached rotated per round). The API caches chain reads
 *    CHAIN_READ_CACHE_MS (3 s by default): the figure as deployed is the cached one; a second API
 *    process with CHAIN_READ_CACHE_MS=0 gives the uncached one. Both endpoints also read PostgreSQL
 *    (the ledger's supply, the custodial balances), which the bare RPC does not.
 *    Ratios are taken per round, then their median.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  http,
  keccak256,
  parseAbiItem,
  parseEther,
  toHex,
  type Hex,
  type PublicClient,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { GatewayGovernor } from '@gw/contracts';
import { setIntervalMining, startLocalChains, type LocalChains } from '@gw/contracts/anvil';
import { ANVIL_DEV_KEY } from '@gw/core/chain';
// The typed client's signing of served typed data (string uint256 fields → bigint, the signer checked).
import {
  signBallot,
  signDelegation,
  signPermit,
  type BallotTypedData,
  type DelegationTypedData,
  type PermitTypedData,
} from '../../packages/client/src/index.js';
import type { Child } from '../lib/child-process.js';
import { createOrganization } from '../lib/fixtures.js';
import { flushRedis } from '../lib/infra.js';
import { processCpuUs } from '../lib/http-load.js';
import { fetchOk, measureLoop, type LoopResult } from '../lib/loop-load.js';
import { startRealWorkers } from '../lib/pipeline.js';
import { siweLogin } from '../lib/siwe-login.js';
import { median, summarizeLatency, type LatencySummary } from '../lib/stats.js';
import { startApiProcess, stopServers, type ApiEnv } from './api-section.js';
import type { SectionDeps } from './pipeline-section.js';

const ONE = 10n ** 18n;
/** Tokens each wallet receives from the deployer and deposits, base units. */
const DEPOSIT_AMOUNT = 100n * ONE;
/** Each withdrawal, base units. */
const WITHDRAW_AMOUNT = ONE;
/** Tokens each voter and bridger holds at its own address (its votes once delegated), base units. */
const HOLDER_AMOUNT = 10n * ONE;
/** Each bridge transfer, base units. */
const BRIDGE_AMOUNT = ONE;
const GOVERNANCE = '/api/gateway/v1/governance';
const TRANSFER_EVENT = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
/** Transactions (deposits, ceiling) and HTTP requests (withdrawals, logins) in flight while sending. */
const SEND_LANES = 20;
const WITHDRAW_LANES = 10;
/** Raw pipelined baseline: transfers per JSON-RPC batch, batches in flight, and how often the head is polled (ms). */
const RAW_BATCH = 100;
const RAW_BATCH_LANES = 4;
const RAW_POLL_MS = 50;
/** How often the withdrawals' outbox rows are read for their broadcast time, ms. */
const BROADCAST_SAMPLE_MS = 100;
/** The service's defaults (packages/runtime config), which the section does not change (BENCH_WORKER_ENV may, for the worker). */
const DEFAULT_TX_POLL_MS = 1000;
const DEFAULT_POLL_INTERVAL_MS = 1000;
const CHAIN_READ_CACHE_MS = 3000;

/** One timed phase of many on-chain operations. */
export interface ChainPhase {
  /** Operations started. */
  count: number;
  /** Operations that reached the end state (credited, confirmed). */
  done: number;
  /** Operations that ended otherwise (a failed withdrawal, a reverted ceiling transfer). */
  failed: number;
  /** First broadcast or request → last operation done, s. */
  durationS: number;
  /** done ÷ durationS, per second. */
  perSec: number;
  /** Broadcast or request → done, per operation, ms. */
  latencyMs: LatencySummary;
}

/** One interleaved round of the read measurements. */
export interface ChainReadRound {
  tokenInfo: { bare: LoopResult; api: LoopResult; apiUncached: LoopResult };
  balances: { bare: LoopResult; api: LoopResult; apiUncached: LoopResult };
}

/** Where the withdrawals' time went, from the outbox rows (`chain_transactions`) at the end. */
export interface OutboxTrace {
  /** First POST → last 202 answered, s (the API's part). */
  acceptedS: number;
  /** Rows signed again with raised fees (more than one hash): not mined CHAIN_FEE_BUMP_BLOCKS after broadcast. */
  replaced: number;
  /** `eth_sendRawTransaction` calls of all rows. */
  broadcasts: number;
  /** Blocks between the first and the last block that mined one of them, inclusive. */
  minedBlocks: number;
  /** Head at the first broadcast → block that mined it, blocks: median and max. */
  submittedToMinedP50: number;
  submittedToMinedMax: number;
  /** CPU time of the worker process per withdrawal (user + system), ms; and the cores it used meanwhile (CPU ÷ wall time). */
  workerCpuMsPerWithdrawal: number;
  workerCores: number;
  /** The same for the API process. */
  apiCpuMsPerWithdrawal: number;
  apiCores: number;
  /** POST → the outbox row first marked `submitted` (its `updated_at` then), ms; of the rows sampled in that state. */
  postToBroadcastMs?: LatencySummary;
  /** Rows whose first broadcast was sampled (the others were already past it when first read). */
  broadcastsSampled?: number;
  /** Withdrawals confirmed in PostgreSQL without their `Transfer` out of custody on chain. */
  lost?: number;
  /** `Transfer`s out of custody during the phase beyond one per confirmed withdrawal to that address. */
  paidTwice?: number;
  /** The first 10 addresses behind `lost` or `paidTwice`: their transfers (`hash@block`) and confirmed withdrawals. */
  mismatches?: { address: string; transfers: string[]; confirmed: number }[];
}

/** The raw pipelined baseline: one key's pre-signed transfers, all sent without waiting (see the module's documentation). */
export interface RawPipelinedRun extends ChainPhase {
  /** First send → the block of the last transfer `confirmations` deep, s; and transfers ÷ that. */
  confirmedDurationS: number;
  confirmedPerSec: number;
  /** First send → the last batch answered, s. */
  sentS: number;
  /** Gas limit of each transfer (the outbox's margin over the estimate). */
  gasPerTx: number;
  /** Blocks that mined at least one of them; the most in one block, and the median per such block. */
  blocks: number;
  perBlockMax: number;
  perBlockMedian: number;
  /** The block gas limit, and the fullest of those blocks (gas used ÷ limit). */
  blockGasLimit: number;
  maxBlockFill: number;
}

/** Where the votes went, from the outbox rows at the end. */
export interface VoteTrace {
  /** First POST → last answer, s (the API's part). */
  acceptedS: number;
  /** POSTs not answered 202 (e.g. 409 voting-closed): counted as not done. */
  refused: number;
  /** The proposal's voting period (the Governor's `votingPeriod`), blocks. */
  votingPeriodBlocks: number;
  /** Blocks between the first and the last block that mined a vote, inclusive. */
  minedBlocks: number;
  /** The proposal's deadline block − the last vote's block: the voting period left unused. */
  blocksToSpare: number;
}

/** Where the bridge transfers' time went, from their two outbox rows (lock, mint) at the end. */
export interface BridgeTrace {
  /** First POST → last 202, s (the API's part). */
  acceptedS: number;
  /** POST → the lock row final (`finished_at`: the lock CHAIN_CONFIRMATIONS deep, the mint row written), ms, p50 and p99. */
  sourceP50Ms: number;
  sourceP99Ms: number;
  /** Lock final → the mint row final (mint CHAIN_CONFIRMATIONS deep on the second chain), ms, p50 and p99. */
  destinationP50Ms: number;
  destinationP99Ms: number;
  /** Head at first broadcast → block that mined it, blocks, median: the lock, the mint. */
  lockWaitedBlocksP50: number;
  mintWaitedBlocksP50: number;
}

export interface ChainSectionResult {
  settings: {
    confirmations: number;
    blockS: number;
    txPollMs: number;
    scanIntervalMs: number;
    readCacheMs: number;
    readDurationS: number;
    readConnections: number;
    withdrawLanes: number;
    sendLanes: number;
  };
  deposits: ChainPhase;
  withdrawals: ChainPhase;
  outbox: OutboxTrace;
  ceiling: ChainPhase;
  /** The raw pipelined baseline of the relayer's targets (absent from results of runs before it was measured). */
  rawPipelined?: RawPipelinedRun;
  /** Votes by signature relayed through `POST /governance/vote` on one proposal (baseline: the ceiling). */
  votes: ChainPhase;
  voteTrace: VoteTrace;
  /** Bridge transfers home → second chain by permit, POST → completed (floor: 2 × confirmations × block time). */
  bridges: ChainPhase;
  bridgeTrace: BridgeTrace;
  reads: ChainReadRound[];
}

interface RpcAnswer<T> {
  result?: T;
  error?: { message: string };
}

/** One JSON-RPC call. @throws Error with the node's message */
async function rpc<T = unknown>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as RpcAnswer<T>;
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/** One JSON-RPC batch. @returns the results in the order of `calls` @throws Error with the node's first message */
async function rpcBatch<T = unknown>(url: string, calls: { method: string; params: unknown[] }[]): Promise<T[]> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map((c, id) => ({ jsonrpc: '2.0', id, ...c }))),
  });
  const answers = (await res.json()) as (RpcAnswer<T> & { id: number })[];
  const failed = answers.find((a) => a.error);
  if (failed) throw new Error(`${calls[failed.id]?.method}: ${failed.error!.message}`);
  return [...answers].sort((x, y) => x.id - y.id).map((a) => a.result as T);
}

/** Runs `fn` over `items` with at most `lanes` calls in flight, in order of the items. */
async function inLanes<T>(items: readonly T[], lanes: number, fn: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(lanes, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

/** Polls `check` every 100 ms until it returns true. @throws Error after `timeoutMs` */
async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`chain section: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const phase = (count: number, startMs: number, ends: { doneAtMs: number; startMs: number; ok: boolean }[]): ChainPhase => {
  const ok = ends.filter((e) => e.ok);
  const last = Math.max(startMs, ...ok.map((e) => e.doneAtMs));
  const durationS = (last - startMs) / 1000;
  return {
    count,
    done: ok.length,
    failed: ends.length - ok.length,
    durationS,
    perSec: durationS > 0 ? ok.length / durationS : 0,
    latencyMs: summarizeLatency(ok.map((e) => e.doneAtMs - e.startMs)),
  };
};

/** An ERC-20 `transfer(to, amount)` of `token` signed by `account` with an explicit nonce (EIP-1559). */
function signTransfer(
  account: PrivateKeyAccount,
  s: { chainId: number; token: `0x${string}`; to: `0x${string}`; amount: bigint; nonce: number; gas: bigint; fees: Fees },
): Promise<Hex> {
  return account.signTransaction({
    chainId: s.chainId,
    type: 'eip1559',
    to: s.token,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [s.to, s.amount] }),
    nonce: s.nonce,
    gas: s.gas,
    ...s.fees,
  });
}

interface Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

interface Addresses {
  custody: `0x${string}`;
  token: `0x${string}`;
  governor: `0x${string}`;
  wrappedToken: `0x${string}`;
}

/** The custody address and the token contracts, as `GET /gateway/v1/contracts/addresses` answers them. */
async function contractAddresses(apiBaseUrl: string): Promise<Addresses> {
  const res = await fetch(`${apiBaseUrl}/api/gateway/v1/contracts/addresses`);
  if (res.status !== 200) throw new Error(`contracts/addresses: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as {
    networks: Record<string, { custody: `0x${string}`; contracts: Record<string, `0x${string}` | undefined> }>;
  };
  const home = body.networks['eip155:31337'];
  const remote = body.networks['eip155:31338'];
  if (!home?.contracts.token || !home.contracts.governor || !remote?.contracts.wrappedToken)
    throw new Error(`contracts not deployed: ${JSON.stringify(body)}`);
  return {
    custody: home.custody,
    token: home.contracts.token,
    governor: home.contracts.governor,
    wrappedToken: remote.contracts.wrappedToken,
  };
}

/**
 * Sends the deployer's tokens (`amount` base units each) and `ether` (1 ETH) of gas to every wallet, and waits
 * for the last transfer's receipt (the home anvil still mines a block per transaction). Not measured.
 */
async function fundWallets(
  pub: PublicClient,
  url: string,
  token: `0x${string}`,
  to: `0x${string}`[],
  amount: bigint,
  ether = parseEther('1'),
): Promise<void> {
  const deployer = privateKeyToAccount(ANVIL_DEV_KEY);
  const first = await pub.getTransactionCount({ address: deployer.address, blockTag: 'pending' });
  const fees = await pub.estimateFeesPerGas();
  const raws = await Promise.all(
    to.map((addr, i) => signTransfer(deployer, { chainId: 31337, token, to: addr, amount, nonce: first + i, gas: 100_000n, fees })),
  );
  await inLanes(raws, SEND_LANES, async (raw) => {
    await rpc(url, 'eth_sendRawTransaction', [raw]);
  });
  const receipts = await Promise.all(raws.map((raw) => pub.waitForTransactionReceipt({ hash: keccak256(raw), pollingInterval: 50 })));
  if (receipts.some((r) => r.status !== 'success')) throw new Error('chain section: a funding transfer reverted');
  const gas = `0x${ether.toString(16)}`;
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(to.map((addr, i) => ({ jsonrpc: '2.0', id: i, method: 'anvil_setBalance', params: [addr, gas] }))),
  });
  const answers = (await res.json()) as RpcAnswer<unknown>[];
  if (answers.some((a) => a.error)) throw new Error(`anvil_setBalance: ${JSON.stringify(answers.find((a) => a.error))}`);
}

/**
 * Broadcasts one pre-signed deposit per wallet and waits until every one is `credited` in
 * PostgreSQL. @returns the phase (broadcast → `credited_at`)
 */
async function runDeposits(
  deps: SectionDeps,
  url: string,
  wallets: PrivateKeyAccount[],
  a: Addresses,
  pub: PublicClient,
  confirmations: number,
): Promise<ChainPhase> {
  const fees = await pub.estimateFeesPerGas();
  // Headroom for the base fee to rise while they wait in the pool (unused fee is not paid).
  const doubled = { maxFeePerGas: fees.maxFeePerGas * 2n, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
  const raws = await Promise.all(
    wallets.map((w) =>
      signTransfer(w, { chainId: 31337, token: a.token, to: a.custody, amount: DEPOSIT_AMOUNT, nonce: 0, gas: 100_000n, fees: doubled }),
    ),
  );
  const hashes = raws.map((raw) => keccak256(raw));
  const sentAt = new Map<string, number>();
  const t0 = Date.now();
  await inLanes(raws, SEND_LANES, async (raw, i) => {
    sentAt.set(hashes[i]!, Date.now());
    await rpc(url, 'eth_sendRawTransaction', [raw]);
  });
  let rows: { txHash: string; creditedAt: Date | null }[] = [];
  await until(
    async () => {
      rows = await deps.ctx.prisma.deposit.findMany({
        where: { txHash: { in: hashes }, status: 'credited' },
        select: { txHash: true, creditedAt: true },
      });
      return rows.length >= hashes.length;
    },
    deps.cfg.runTimeoutMs + confirmations * 1000,
    `${hashes.length} deposits credited`,
  );
  return phase(
    hashes.length,
    t0,
    rows.map((r) => ({ startMs: sentAt.get(r.txHash)!, doneAtMs: r.creditedAt!.getTime(), ok: true })),
  );
}

interface Session {
  headers: Record<string, string>;
}

/**
 * `count` withdrawals of 1 token through the API (wallets in turn), then waits until each is final in
 * PostgreSQL; meanwhile samples the outbox rows for each one's first broadcast, and at the end
 * compares the confirmed withdrawals with the token's `Transfer` logs out of `chain.custody`.
 * @returns the phase (request sent → `updated_at` of the confirmed withdrawal) and where the time went
 */
async function runWithdrawals(
  deps: SectionDeps,
  apiBaseUrl: string,
  sessions: (Session & { address: `0x${string}` })[],
  count: number,
  pids: { worker: number; api: number },
  chain: { pub: PublicClient; token: `0x${string}`; custody: `0x${string}` },
): Promise<{ phase: ChainPhase; trace: OutboxTrace }> {
  const postedAt = new Map<string, number>();
  const recipient = new Map<string, string>();
  // Not viem's cached head (up to its polling interval old): the warm-up's transfer must not count.
  const headBefore = await chain.pub.getBlockNumber({ cacheTime: 0 });
  // First broadcast of each row (see the module's documentation, point 2), read until every withdrawal is final.
  const broadcastAt = new Map<string, number>();
  let sampling = true;
  let samplerError: unknown;
  const sampler = (async () => {
    while (sampling) {
      const submitted = await deps.ctx.prisma.chainTransaction.findMany({
        where: { kind: 'withdrawal', status: 'submitted', broadcasts: 1, minedBlock: null, error: null },
        select: { reference: true, updatedAt: true },
      });
      for (const r of submitted) {
        const at = r.updatedAt.getTime();
        if (at < (broadcastAt.get(r.reference) ?? Infinity)) broadcastAt.set(r.reference, at);
      }
      await new Promise((r) => setTimeout(r, BROADCAST_SAMPLE_MS));
    }
  })().catch((err: unknown) => {
    samplerError = err;
  });
  const cpu0 = { worker: processCpuUs(pids.worker), api: processCpuUs(pids.api) };
  const t0 = Date.now();
  let rows: { id: string; status: string; updatedAt: Date }[] = [];
  try {
    await inLanes(
      Array.from({ length: count }, (_, i) => sessions[i % sessions.length]!),
      WITHDRAW_LANES,
      async (s) => {
        const start = Date.now();
        const res = await fetch(`${apiBaseUrl}/api/gateway/v1/wallet/withdraw`, {
          method: 'POST',
          headers: { ...s.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ amount: WITHDRAW_AMOUNT.toString() }),
        });
        const body = (await res.json()) as { id?: string };
        if (res.status !== 202 || !body.id) throw new Error(`withdraw: ${res.status} ${JSON.stringify(body)}`);
        postedAt.set(body.id, start);
        recipient.set(body.id, s.address.toLowerCase());
      },
    );
  } catch (err) {
    sampling = false;
    await sampler;
    throw err;
  }
  const acceptedS = (Date.now() - t0) / 1000;
  const ids = [...postedAt.keys()];
  try {
    await until(
      async () => {
        rows = await deps.ctx.prisma.custodyOutflow.findMany({
          where: { id: { in: ids }, status: { in: ['confirmed', 'failed'] } },
          select: { id: true, status: true, updatedAt: true },
        });
        return rows.length >= ids.length;
      },
      deps.cfg.runTimeoutMs,
      `${ids.length} withdrawals final`,
    );
  } finally {
    sampling = false;
    await sampler;
  }
  if (samplerError) throw samplerError;
  const wallMs = Date.now() - t0;
  const cpuMs = { worker: (processCpuUs(pids.worker) - cpu0.worker) / 1000, api: (processCpuUs(pids.api) - cpu0.api) / 1000 };
  const outbox = await deps.ctx.prisma.chainTransaction.findMany({
    where: { kind: 'withdrawal', reference: { in: ids } },
    select: { hashes: true, broadcasts: true, submittedBlock: true, minedBlock: true },
  });
  const mined = outbox.flatMap((o) => (o.minedBlock === null ? [] : [Number(o.minedBlock)]));
  const waited = outbox.flatMap((o) =>
    o.minedBlock === null || o.submittedBlock === null ? [] : [Number(o.minedBlock - o.submittedBlock)],
  );
  const waitedSummary = summarizeLatency(waited);
  const toBroadcast = ids.flatMap((id) => (broadcastAt.has(id) ? [broadcastAt.get(id)! - postedAt.get(id)!] : []));
  // Per recipient: confirmed withdrawals against transfers out of custody since the first POST.
  const logs = await chain.pub.getLogs({
    address: chain.token,
    event: TRANSFER_EVENT,
    args: { from: chain.custody },
    fromBlock: headBefore + 1n,
    toBlock: 'latest',
  });
  const byAddress = new Map<string, { transfers: string[]; confirmed: number }>();
  const at = (address: string) => byAddress.get(address) ?? byAddress.set(address, { transfers: [], confirmed: 0 }).get(address)!;
  for (const l of logs) at(l.args.to!.toLowerCase()).transfers.push(`${l.transactionHash}@${l.blockNumber}`);
  for (const r of rows) if (r.status === 'confirmed') at(recipient.get(r.id)!).confirmed++;
  const mismatches = [...byAddress].flatMap(([address, x]) => (x.transfers.length === x.confirmed ? [] : [{ address, ...x }]));
  const excess = mismatches.map((m) => m.transfers.length - m.confirmed);
  return {
    phase: phase(
      count,
      t0,
      rows.map((r) => ({ startMs: postedAt.get(r.id)!, doneAtMs: r.updatedAt.getTime(), ok: r.status === 'confirmed' })),
    ),
    trace: {
      acceptedS,
      replaced: outbox.filter((o) => o.hashes.length > 1).length,
      broadcasts: outbox.reduce((n, o) => n + o.broadcasts, 0),
      minedBlocks: mined.length ? Math.max(...mined) - Math.min(...mined) + 1 : 0,
      submittedToMinedP50: waitedSummary.p50,
      submittedToMinedMax: waitedSummary.max,
      workerCpuMsPerWithdrawal: cpuMs.worker / count,
      workerCores: cpuMs.worker / wallMs,
      apiCpuMsPerWithdrawal: cpuMs.api / count,
      apiCores: cpuMs.api / wallMs,
      postToBroadcastMs: summarizeLatency(toBroadcast),
      broadcastsSampled: toBroadcast.length,
      lost: excess.reduce((n, x) => n + Math.max(0, -x), 0),
      paidTwice: excess.reduce((n, x) => n + Math.max(0, x), 0),
      mismatches: mismatches.slice(0, 10),
    },
  };
}

/**
 * The ceiling of the withdrawals: `to.length` token transfers from `sender` signed locally with
 * explicit nonces (signing is inside the clock, as the outbox signs too), sent with viem's
 * `sendRawTransaction`, each awaited to `confirmations` deep. @returns the phase (first signature → each receipt deep enough)
 */
async function runCeiling(
  pub: PublicClient,
  sender: PrivateKeyAccount,
  token: `0x${string}`,
  to: `0x${string}`[],
  confirmations: number,
  pollMs: number,
): Promise<ChainPhase> {
  const first = await pub.getTransactionCount({ address: sender.address, blockTag: 'pending' });
  const t0 = Date.now();
  // As the outbox does for each row: estimate, fees, the same gas margin.
  const estimate = await pub.estimateGas({
    account: sender.address,
    to: token,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to[0]!, WITHDRAW_AMOUNT] }),
  });
  const fees = await pub.estimateFeesPerGas();
  const gas = (estimate * 3n) / 2n + 50_000n;
  const waits: Promise<{ startMs: number; doneAtMs: number; ok: boolean }>[] = [];
  await inLanes(to, WITHDRAW_LANES, async (addr, i) => {
    const start = Date.now();
    const raw = await signTransfer(sender, { chainId: 31337, token, to: addr, amount: WITHDRAW_AMOUNT, nonce: first + i, gas, fees });
    const hash = await pub.sendRawTransaction({ serializedTransaction: raw });
    waits.push(
      pub
        .waitForTransactionReceipt({ hash, confirmations, pollingInterval: pollMs, timeout: 180_000 })
        .then((r) => ({ startMs: start, doneAtMs: Date.now(), ok: r.status === 'success' })),
    );
  });
  return phase(to.length, t0, await Promise.all(waits));
}

/**
 * The raw pipelined baseline (see the module's documentation, point 2): `count` transfers of
 * {@link WITHDRAW_AMOUNT} from `sender` to fresh addresses, signed before the clock with consecutive
 * nonces, all sent in JSON-RPC batches without waiting, followed by the sender's nonce at each new
 * block until the last one is `confirmations` deep.
 * @throws Error when the node refuses a transfer (its nonce would hold every later one) or after `timeoutMs`
 */
async function runRawPipelined(
  pub: PublicClient,
  url: string,
  sender: PrivateKeyAccount,
  token: `0x${string}`,
  s: { count: number; confirmations: number; timeoutMs: number },
): Promise<RawPipelinedRun> {
  const { count, confirmations } = s;
  const first = await pub.getTransactionCount({ address: sender.address, blockTag: 'pending' });
  const to = Array.from({ length: count }, () => `0x${randomBytes(20).toString('hex')}` as `0x${string}`);
  const estimate = await pub.estimateGas({
    account: sender.address,
    to: token,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to[0]!, WITHDRAW_AMOUNT] }),
  });
  const gas = (estimate * 3n) / 2n + 50_000n;
  const fees = await pub.estimateFeesPerGas();
  // Headroom for the base fee to rise over the blocks they fill (unused fee is not paid).
  const headroom = { maxFeePerGas: fees.maxFeePerGas * 4n, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
  const raws = await Promise.all(
    to.map((addr, i) =>
      signTransfer(sender, { chainId: 31337, token, to: addr, amount: WITHDRAW_AMOUNT, nonce: first + i, gas, fees: headroom }),
    ),
  );
  const balanceOf = () => pub.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [sender.address] });
  const balanceBefore = await balanceOf();
  const target = first + count;

  // The follower: each new block's nonce of the sender, and when the block was first seen.
  const seen: { block: number; nonce: number; seenAtMs: number }[] = [];
  let following = true;
  let lastBlock: number | undefined;
  let confirmedAtMs: number | undefined;
  const startBlock = Number(await pub.getBlockNumber({ cacheTime: 0 }));
  const follower = (async () => {
    const deadline = Date.now() + s.timeoutMs;
    let known = startBlock;
    while (following) {
      const head = Number(await rpc<Hex>(url, 'eth_blockNumber'));
      const now = Date.now();
      if (head > known) {
        const blocks = Array.from({ length: head - known }, (_, i) => known + 1 + i);
        const nonces = await rpcBatch<Hex>(
          url,
          blocks.map((b) => ({ method: 'eth_getTransactionCount', params: [sender.address, toHex(b)] })),
        );
        blocks.forEach((block, i) => seen.push({ block, nonce: Number(nonces[i]), seenAtMs: now }));
        known = head;
      }
      lastBlock ??= seen.find((x) => x.nonce >= target)?.block;
      if (lastBlock !== undefined && known >= lastBlock + confirmations - 1) {
        confirmedAtMs = seen.find((x) => x.block === lastBlock! + confirmations - 1)!.seenAtMs;
        return;
      }
      if (Date.now() > deadline) throw new Error(`chain section: timed out waiting for ${count} raw transfers mined`);
      await new Promise((r) => setTimeout(r, RAW_POLL_MS));
    }
  })();
  follower.catch(() => undefined); // awaited below; this only keeps an early failure from being unhandled meanwhile

  const sentAt: number[] = [];
  const refused: string[] = [];
  const batches = Array.from({ length: Math.ceil(count / RAW_BATCH) }, (_, k) => k);
  const t0 = Date.now();
  try {
    await inLanes(batches, RAW_BATCH_LANES, async (k) => {
      const from = k * RAW_BATCH;
      const part = raws.slice(from, from + RAW_BATCH);
      const at = Date.now();
      for (let i = 0; i < part.length; i++) sentAt[from + i] = at;
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(part.map((raw, i) => ({ jsonrpc: '2.0', id: from + i, method: 'eth_sendRawTransaction', params: [raw] }))),
      });
      for (const a of (await res.json()) as RpcAnswer<Hex>[]) if (a.error) refused.push(a.error.message);
    });
    if (refused.length) throw new Error(`chain section: the node refused ${refused.length} of ${count} raw transfers, e.g. ${refused[0]}`);
  } catch (err) {
    following = false;
    await follower.catch(() => undefined);
    throw err;
  }
  const sentS = (Date.now() - t0) / 1000;
  await follower;

  // Each transfer's block: the first whose nonce is past it.
  const latencies: number[] = [];
  let k = 0;
  for (let i = 0; i < count; i++) {
    while (seen[k]!.nonce <= first + i) k++;
    latencies.push(seen[k]!.seenAtMs - sentAt[i]!);
  }
  const perBlock = seen
    .map((x, i) => ({ block: x.block, mined: x.nonce - (i === 0 ? first : seen[i - 1]!.nonce) }))
    .filter((x) => x.mined > 0);
  const headers = await rpcBatch<{ gasUsed: Hex; gasLimit: Hex }>(
    url,
    perBlock.map((x) => ({ method: 'eth_getBlockByNumber', params: [toHex(x.block), false] })),
  );
  const done = Number((balanceBefore - (await balanceOf())) / WITHDRAW_AMOUNT);
  const minedAtMs = seen.find((x) => x.block === lastBlock)!.seenAtMs;
  const durationS = (minedAtMs - t0) / 1000;
  const confirmedDurationS = (confirmedAtMs! - t0) / 1000;
  const blockGasLimit = Number(headers[0]?.gasLimit ?? 0);
  return {
    count,
    done,
    failed: count - done,
    durationS,
    perSec: durationS > 0 ? done / durationS : 0,
    latencyMs: summarizeLatency(latencies),
    confirmedDurationS,
    confirmedPerSec: confirmedDurationS > 0 ? done / confirmedDurationS : 0,
    sentS,
    gasPerTx: Number(gas),
    blocks: perBlock.length,
    perBlockMax: Math.max(...perBlock.map((x) => x.mined)),
    perBlockMedian: median(perBlock.map((x) => x.mined)),
    blockGasLimit,
    maxBlockFill: Math.max(...headers.map((h) => Number(h.gasUsed) / Number(h.gasLimit))),
  };
}

/** The JSON-RPC batch body of `eth_call`s of `token`'s functions (at the latest block), as viem's batching sends it. */
function callBatch(calls: { to: `0x${string}`; data: Hex }[]): string {
  return JSON.stringify(
    calls.map((c, i) => ({ jsonrpc: '2.0', id: i, method: 'eth_call', params: [{ to: c.to, data: c.data }, 'latest'] })),
  );
}

/** Interleaved rounds of the read measurements (see the module's documentation, point 5). */
async function runReads(
  deps: SectionDeps,
  chains: LocalChains,
  a: Addresses,
  api: { cached: string; uncached: string },
  session: Session & { address: `0x${string}` },
): Promise<ChainReadRound[]> {
  const { chainReadDurationS: durationS, chainReadConnections: connections, chainReadRuns: runs } = deps.cfg;
  const home = chains.anvils[0]!;
  const remote = chains.anvils[1]!;
  const post = { method: 'POST', headers: { 'content-type': 'application/json' } };
  const fn = (name: 'name' | 'symbol' | 'decimals' | 'totalSupply') => encodeFunctionData({ abi: erc20Abi, functionName: name });
  const tokenBody = callBatch(['name', 'symbol', 'decimals', 'totalSupply'].map((n) => ({ to: a.token, data: fn(n as 'name') })));
  const balanceOf = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [session.address] });
  const homeBody = callBatch([
    { to: a.token, data: fn('symbol') },
    { to: a.token, data: balanceOf },
  ]);
  const remoteBody = callBatch([
    { to: a.wrappedToken, data: fn('symbol') },
    { to: a.wrappedToken, data: balanceOf },
  ]);
  const targets = {
    tokenInfo: {
      bare: () => fetchOk(home.rpcUrl, { ...post, body: tokenBody }, true),
      api: () => fetchOk(`${api.cached}/api/gateway/v1/token/info`),
      apiUncached: () => fetchOk(`${api.uncached}/api/gateway/v1/token/info`),
    },
    balances: {
      bare: async () => {
        await Promise.all([
          fetchOk(home.rpcUrl, { ...post, body: homeBody }, true),
          fetchOk(remote.rpcUrl, { ...post, body: remoteBody }, true),
        ]);
      },
      api: () => fetchOk(`${api.cached}/api/gateway/v1/wallet/balances`, { headers: session.headers }),
      apiUncached: () => fetchOk(`${api.uncached}/api/gateway/v1/wallet/balances`, { headers: session.headers }),
    },
  };
  for (const group of Object.values(targets)) for (const t of Object.values(group)) await measureLoop(t, 1, connections);
  const rounds: ChainReadRound[] = [];
  for (let i = 0; i < runs; i++) {
    const m = (t: () => Promise<void>) => measureLoop(t, durationS, connections);
    // The three targets of each read in a rotated order per round, so that none always follows another.
    const order = (['bare', 'api', 'apiUncached'] as const).map((_, k, all) => all[(k + i) % all.length]!);
    const measure = async (group: (typeof targets)['tokenInfo']) => {
      const out: Partial<Record<(typeof order)[number], LoopResult>> = {};
      for (const key of order) out[key] = await m(group[key]);
      return out as Record<(typeof order)[number], LoopResult>;
    };
    const round: ChainReadRound = { tokenInfo: await measure(targets.tokenInfo), balances: await measure(targets.balances) };
    const f = (r: LoopResult) => `${r.reqPerSec.toFixed(0)}${r.errors ? ` (${r.errors} errors)` : ''}`;
    deps.log(
      `  reads round ${i + 1}: token info bare ${f(round.tokenInfo.bare)}, API ${f(round.tokenInfo.api)}, uncached ${f(round.tokenInfo.apiUncached)} req/s; ` +
        `balances bare ${f(round.balances.bare)}, API ${f(round.balances.api)}, uncached ${f(round.balances.apiUncached)} req/s`,
    );
    rounds.push(round);
  }
  return rounds;
}

/** A wallet that holds tokens at its own address, with its SIWE session (the voters and bridgers). */
interface Holder extends Session {
  wallet: PrivateKeyAccount;
}

/** `GET` of a JSON answer with the holder's headers. @throws Error unless 200 */
async function getJson<T>(url: string, h: Session): Promise<T> {
  const res = await fetch(url, { headers: h.headers });
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** `POST` of a JSON body (with an Idempotency-Key) with the holder's headers. @returns the status and the answer */
async function postJson<T>(url: string, h: Session, body: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...h.headers, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/**
 * Every holder delegates its votes to itself by signature (`GET /governance/delegation/typed-data`,
 * `POST /governance/delegate`), and waits until each delegation is confirmed. Not measured.
 * @throws Error when one fails
 */
async function delegateAll(deps: SectionDeps, apiBaseUrl: string, holders: Holder[]): Promise<void> {
  const ids: string[] = [];
  await inLanes(holders, WITHDRAW_LANES, async (h) => {
    const { typedData: td } = await getJson<{ typedData: DelegationTypedData }>(
      `${apiBaseUrl}${GOVERNANCE}/delegation/typed-data?delegatee=${h.wallet.address}`,
      h,
    );
    const signature = await signDelegation(h.wallet, td, h.wallet.address);
    const res = await postJson<{ id?: string }>(`${apiBaseUrl}${GOVERNANCE}/delegate`, h, {
      delegatee: h.wallet.address,
      nonce: td.message.nonce,
      expiry: Number(td.message.expiry),
      signature,
    });
    if (res.status !== 202 || !res.body.id) throw new Error(`delegate: ${res.status} ${JSON.stringify(res.body)}`);
    ids.push(res.body.id);
  });
  let rows: { status: string; failureReason: string | null }[] = [];
  await until(
    async () => {
      rows = await deps.ctx.prisma.governanceDelegation.findMany({
        where: { id: { in: ids }, status: { in: ['confirmed', 'failed'] } },
        select: { status: true, failureReason: true },
      });
      return rows.length >= ids.length;
    },
    deps.cfg.runTimeoutMs,
    `${ids.length} delegations final`,
  );
  const failed = rows.find((r) => r.status !== 'confirmed');
  if (failed) throw new Error(`chain section: a delegation failed: ${failed.failureReason}`);
}

/**
 * A treasury payment of 1 base unit proposed by the deployer directly to the Governor (set-up, not
 * through the gateway: the API checks a proposal on chain), awaited until `Active`.
 * @returns its id and its deadline block
 */
async function proposeAndOpen(
  pub: PublicClient,
  url: string,
  a: Addresses,
  recipient: `0x${string}`,
): Promise<{ proposalId: bigint; deadline: bigint; votingPeriodBlocks: number }> {
  const deployer = privateKeyToAccount(ANVIL_DEV_KEY);
  const calldatas = [encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, 1n] })];
  const description = `bench: vote relay rate ${new Date().toISOString()}`;
  const args = [[a.token], [0n], calldatas, description] as const;
  const hash = await createWalletClient({ account: deployer, transport: http(url) }).writeContract({
    address: a.governor,
    abi: GatewayGovernor.abi,
    functionName: 'propose',
    args,
    chain: null,
  } as never);
  const receipt = await pub.waitForTransactionReceipt({ hash, pollingInterval: 100 });
  if (receipt.status !== 'success') throw new Error('chain section: the proposal reverted');
  const gov = <T>(functionName: string, fnArgs: unknown[]) =>
    pub.readContract({ address: a.governor, abi: GatewayGovernor.abi, functionName, args: fnArgs } as never) as Promise<T>;
  const proposalId = await gov<bigint>('hashProposal', [[a.token], [0n], calldatas, keccak256(toHex(description))]);
  await until(async () => Number(await gov<number>('state', [proposalId])) === 1, 60_000, 'the proposal Active');
  const [deadline, period] = await Promise.all([gov<bigint>('proposalDeadline', [proposalId]), gov<bigint>('votingPeriod', [])]);
  return { proposalId, deadline, votingPeriodBlocks: Number(period) };
}

/**
 * One vote `for` per holder on `proposalId`: ballots fetched and signed before the clock, then
 * `POST /governance/vote` (`WITHDRAW_LANES` in flight) and the wait until each is final in PostgreSQL.
 * @returns the phase (POST sent → `updated_at` of the confirmed vote) and where the votes landed
 */
async function runVotes(
  deps: SectionDeps,
  apiBaseUrl: string,
  holders: Holder[],
  proposal: { proposalId: bigint; deadline: bigint; votingPeriodBlocks: number },
): Promise<{ phase: ChainPhase; trace: VoteTrace }> {
  const proposalId = proposal.proposalId.toString();
  const ballots: { h: Holder; signature: Hex }[] = [];
  await inLanes(holders, WITHDRAW_LANES, async (h) => {
    const { typedData: td } = await getJson<{ typedData: BallotTypedData }>(
      `${apiBaseUrl}${GOVERNANCE}/ballot/typed-data?proposalId=${proposalId}&choice=for`,
      h,
    );
    const signature = await signBallot(h.wallet, td);
    ballots.push({ h, signature });
  });
  const postedAt = new Map<string, number>();
  const refused: string[] = [];
  const t0 = Date.now();
  await inLanes(ballots, WITHDRAW_LANES, async ({ h, signature }) => {
    const start = Date.now();
    const res = await postJson<{ id?: string }>(`${apiBaseUrl}${GOVERNANCE}/vote`, h, { proposalId, choice: 'for', signature });
    if (res.status === 202 && res.body.id) postedAt.set(res.body.id, start);
    else refused.push(`${res.status} ${JSON.stringify(res.body)}`);
  });
  const acceptedS = (Date.now() - t0) / 1000;
  if (refused.length) deps.log(`  votes: ${refused.length} refused, e.g. ${refused[0]}`);
  const ids = [...postedAt.keys()];
  let rows: { id: string; status: string; updatedAt: Date }[] = [];
  await until(
    async () => {
      rows = await deps.ctx.prisma.governanceVote.findMany({
        where: { id: { in: ids }, status: { in: ['confirmed', 'failed'] } },
        select: { id: true, status: true, updatedAt: true },
      });
      return rows.length >= ids.length;
    },
    deps.cfg.runTimeoutMs,
    `${ids.length} votes final`,
  );
  const outbox = await deps.ctx.prisma.chainTransaction.findMany({
    where: { kind: 'governance-vote', reference: { in: ids } },
    select: { minedBlock: true },
  });
  const mined = outbox.flatMap((o) => (o.minedBlock === null ? [] : [Number(o.minedBlock)]));
  return {
    phase: phase(holders.length, t0, [
      ...rows.map((r) => ({ startMs: postedAt.get(r.id)!, doneAtMs: r.updatedAt.getTime(), ok: r.status === 'confirmed' })),
      ...refused.map(() => ({ startMs: t0, doneAtMs: t0, ok: false })),
    ]),
    trace: {
      acceptedS,
      refused: refused.length,
      votingPeriodBlocks: proposal.votingPeriodBlocks,
      minedBlocks: mined.length ? Math.max(...mined) - Math.min(...mined) + 1 : 0,
      blocksToSpare: mined.length ? Number(proposal.deadline) - Math.max(...mined) : 0,
    },
  };
}

/**
 * One bridge transfer of {@link BRIDGE_AMOUNT} per holder, home → the second chain, funded by the
 * holder's permit (typed data fetched and signed before the clock), `WITHDRAW_LANES` POSTs in
 * flight, then the wait until each is final in PostgreSQL.
 * @returns the phase (POST sent → `updated_at` of the completed transfer) and the API's part
 */
async function runBridges(deps: SectionDeps, apiBaseUrl: string, holders: Holder[]): Promise<{ phase: ChainPhase; trace: BridgeTrace }> {
  const signed: { h: Holder; deadline: number; signature: Hex }[] = [];
  await inLanes(holders, WITHDRAW_LANES, async (h) => {
    const { typedData: td } = await getJson<{ typedData: PermitTypedData }>(
      `${apiBaseUrl}/api/gateway/v1/bridge/permit-typed-data?amount=${BRIDGE_AMOUNT}`,
      h,
    );
    const signature = await signPermit(h.wallet, td);
    signed.push({ h, deadline: Number(td.message.deadline), signature });
  });
  const postedAt = new Map<string, number>();
  const t0 = Date.now();
  await inLanes(signed, WITHDRAW_LANES, async ({ h, deadline, signature }) => {
    const start = Date.now();
    const res = await postJson<{ id?: string }>(`${apiBaseUrl}/api/gateway/v1/bridge/initiate`, h, {
      toChainId: 'eip155:31338',
      toAddress: h.wallet.address,
      amount: BRIDGE_AMOUNT.toString(),
      funding: 'permit',
      deadline,
      signature,
    });
    if (res.status !== 202 || !res.body.id) throw new Error(`bridge/initiate: ${res.status} ${JSON.stringify(res.body)}`);
    postedAt.set(res.body.id, start);
  });
  const acceptedS = (Date.now() - t0) / 1000;
  const ids = [...postedAt.keys()];
  let rows: { id: string; status: string; updatedAt: Date }[] = [];
  await until(
    async () => {
      rows = await deps.ctx.prisma.bridgeTransfer.findMany({
        where: { id: { in: ids }, status: { in: ['completed', 'failed'] } },
        select: { id: true, status: true, updatedAt: true },
      });
      return rows.length >= ids.length;
    },
    deps.cfg.runTimeoutMs,
    `${ids.length} bridge transfers final`,
  );
  const legs = await deps.ctx.prisma.chainTransaction.findMany({
    where: { kind: { in: ['bridge-lock', 'bridge-mint'] }, reference: { in: ids } },
    select: { kind: true, reference: true, finishedAt: true, submittedBlock: true, minedBlock: true },
  });
  const lockDone = new Map(legs.flatMap((l) => (l.kind === 'bridge-lock' && l.finishedAt ? [[l.reference, l.finishedAt.getTime()]] : [])));
  const source = summarizeLatency([...lockDone].map(([id, at]) => at - postedAt.get(id)!));
  const destination = summarizeLatency(
    legs.flatMap((l) =>
      l.kind === 'bridge-mint' && l.finishedAt && lockDone.has(l.reference) ? [l.finishedAt.getTime() - lockDone.get(l.reference)!] : [],
    ),
  );
  const waited = (kind: string) =>
    summarizeLatency(
      legs.flatMap((l) =>
        l.kind === kind && l.minedBlock !== null && l.submittedBlock !== null ? [Number(l.minedBlock - l.submittedBlock)] : [],
      ),
    ).p50;
  return {
    phase: phase(
      ids.length,
      t0,
      rows.map((r) => ({ startMs: postedAt.get(r.id)!, doneAtMs: r.updatedAt.getTime(), ok: r.status === 'completed' })),
    ),
    trace: {
      acceptedS,
      sourceP50Ms: source.p50,
      sourceP99Ms: source.p99,
      destinationP50Ms: destination.p50,
      destinationP99Ms: destination.p99,
      lockWaitedBlocksP50: waited('bridge-lock'),
      mintWaitedBlocksP50: waited('bridge-mint'),
    },
  };
}

const fmtPhase = (p: ChainPhase) =>
  `${p.done}/${p.count} in ${p.durationS.toFixed(1)} s = ${p.perSec.toFixed(1)}/s, p50 ${p.latencyMs.p50.toFixed(0)} ms, p99 ${p.latencyMs.p99.toFixed(0)} ms${p.failed ? `, ${p.failed} FAILED` : ''}`;

/**
 * Runs the `chain` section (see the module's documentation): its own two anvils, the real API and
 * worker against them; stops everything it started, anvils included.
 */
export async function runChainSection(deps: SectionDeps, env: ApiEnv): Promise<ChainSectionResult> {
  const { cfg, log } = deps;
  const txPollMs = Number(cfg.workerEnv.CHAIN_TX_POLL_MS ?? DEFAULT_TX_POLL_MS);
  const scanIntervalMs = Number(cfg.workerEnv.CHAIN_POLL_INTERVAL_MS ?? DEFAULT_POLL_INTERVAL_MS);
  await flushRedis(cfg.redisUrl);
  const chains = await startLocalChains({ preferredPorts: [] });
  const children: Child[] = [];
  let worker: Child | undefined;
  try {
    const home = chains.anvils[0]!;
    log(`  anvils ${chains.rpcUrls} (pids ${chains.anvils.map((x) => x.pid).join(', ')}), CHAIN_CONFIRMATIONS=${cfg.chainConfirmations}`);
    const chainEnv = { CHAIN_RPC_URLS: chains.rpcUrls, CHAIN_CONFIRMATIONS: String(cfg.chainConfirmations) };
    const api = await startApiProcess({ ...env, ...chainEnv } as ApiEnv);
    children.push(api.child);
    const a = await contractAddresses(api.baseUrl);
    const pub = createPublicClient({ transport: http(home.rpcUrl) }) as PublicClient;
    const org = await createOrganization(deps.ctx, 'chain', 'http://127.0.0.1:9', 0);

    // Wallets: the measured depositors, one for the warm-up, and the ceiling's sender.
    const wallets = Array.from({ length: cfg.chainDeposits + 1 }, () => privateKeyToAccount(generatePrivateKey()));
    const warm = wallets.pop()!;
    const ceilingSender = privateKeyToAccount(generatePrivateKey());
    const rawSender = privateKeyToAccount(generatePrivateKey());
    // Wallets holding tokens at their own address, the first chainVotes vote, the first chainBridges bridge.
    const holderWallets = Array.from({ length: Math.max(cfg.chainVotes, cfg.chainBridges) }, () =>
      privateKeyToAccount(generatePrivateKey()),
    );
    await fundWallets(
      pub,
      home.rpcUrl,
      a.token,
      [...wallets, warm].map((w) => w.address),
      DEPOSIT_AMOUNT,
    );
    await fundWallets(pub, home.rpcUrl, a.token, [ceilingSender.address], BigInt(cfg.chainWithdrawals) * WITHDRAW_AMOUNT);
    // Gas for every pre-signed transfer at its maximum fee at once: the node checks each against the balance.
    await fundWallets(pub, home.rpcUrl, a.token, [rawSender.address], BigInt(cfg.chainRawTransfers) * WITHDRAW_AMOUNT, parseEther('1000'));
    await fundWallets(
      pub,
      home.rpcUrl,
      a.token,
      holderWallets.map((w) => w.address),
      HOLDER_AMOUNT,
    );
    for (const anvil of chains.anvils) await setIntervalMining(anvil.rpcUrl, cfg.chainBlockS);
    [worker] = await startRealWorkers(deps.ctx, env, {
      processes: 1,
      concurrency: cfg.workerConcurrency,
      nodeFlags: cfg.workerNodeFlags,
      extraEnv: { ...chainEnv, ...cfg.workerEnv },
    });
    children.push(worker!);

    const warmDeposit = await runDeposits(deps, home.rpcUrl, [warm], a, pub, cfg.chainConfirmations);
    log(`  warm-up deposit credited after ${warmDeposit.latencyMs.p50.toFixed(0)} ms`);
    const deposits = await runDeposits(deps, home.rpcUrl, wallets, a, pub, cfg.chainConfirmations);
    log(`  deposits: ${fmtPhase(deposits)}`);

    const used = wallets.slice(0, Math.min(cfg.chainWithdrawals, wallets.length));
    const sessions: (Session & { address: `0x${string}` })[] = [];
    await inLanes(used, WITHDRAW_LANES, async (w) => {
      const { token } = await siweLogin(api.baseUrl, org.apiKey, 'localhost', w);
      sessions.push({ address: w.address, headers: { 'x-api-key': org.apiKey, authorization: `Bearer ${token}` } });
    });
    const pids = { worker: worker!.pid, api: api.child.pid };
    const onChain = { pub, token: a.token, custody: a.custody };
    const warmWithdrawal = await runWithdrawals(deps, api.baseUrl, sessions.slice(0, 1), 1, pids, onChain);
    log(`  warm-up withdrawal confirmed after ${warmWithdrawal.phase.latencyMs.p50.toFixed(0)} ms`);
    const { phase: withdrawals, trace: outbox } = await runWithdrawals(deps, api.baseUrl, sessions, cfg.chainWithdrawals, pids, onChain);
    log(`  withdrawals: ${fmtPhase(withdrawals)}`);
    log(
      `  outbox: all 202 after ${outbox.acceptedS.toFixed(1)} s; mined over ${outbox.minedBlocks} blocks; broadcast → mined ` +
        `${outbox.submittedToMinedP50} blocks (median), ${outbox.submittedToMinedMax} (max); ${outbox.replaced} re-signed with higher fees, ${outbox.broadcasts} broadcasts; ` +
        `CPU per withdrawal worker ${outbox.workerCpuMsPerWithdrawal.toFixed(1)} ms (${outbox.workerCores.toFixed(2)} cores), API ${outbox.apiCpuMsPerWithdrawal.toFixed(1)} ms (${outbox.apiCores.toFixed(2)} cores); ` +
        `POST → broadcast p50 ${outbox.postToBroadcastMs!.p50.toFixed(0)} ms, p99 ${outbox.postToBroadcastMs!.p99.toFixed(0)} ms (${outbox.broadcastsSampled} of ${withdrawals.count} rows sampled); ` +
        `${outbox.lost} lost, ${outbox.paidTwice} paid twice (Transfer logs out of custody)`,
    );
    if (outbox.mismatches?.length) log(`  withdrawals against Transfer logs, by address: ${JSON.stringify(outbox.mismatches)}`);
    const recipients = Array.from({ length: cfg.chainWithdrawals }, (_, i) => sessions[i % sessions.length]!.address);
    const ceiling = await runCeiling(pub, ceilingSender, a.token, recipients, cfg.chainConfirmations, txPollMs);
    log(`  ceiling (viem signTransaction + sendRawTransaction + receipt): ${fmtPhase(ceiling)}`);
    const rawPipelined = await runRawPipelined(pub, home.rpcUrl, rawSender, a.token, {
      count: cfg.chainRawTransfers,
      confirmations: cfg.chainConfirmations,
      timeoutMs: cfg.runTimeoutMs,
    });
    log(
      `  raw pipelined (one key, pre-signed, all sent without waiting): ${fmtPhase(rawPipelined)} mined; ` +
        `${rawPipelined.confirmedPerSec.toFixed(1)}/s ${cfg.chainConfirmations} deep (${rawPipelined.confirmedDurationS.toFixed(1)} s); ` +
        `all sent in ${rawPipelined.sentS.toFixed(2)} s; ${rawPipelined.blocks} blocks, at most ${rawPipelined.perBlockMax} a block ` +
        `(median ${rawPipelined.perBlockMedian}), fullest ${(rawPipelined.maxBlockFill * 100).toFixed(0)} % of ${rawPipelined.blockGasLimit} gas (${rawPipelined.gasPerTx} gas limit each)`,
    );

    // Votes by signature (set-up: logins, delegations, the proposal), then bridge transfers.
    const holders: Holder[] = [];
    await inLanes(holderWallets, WITHDRAW_LANES, async (w) => {
      const { token } = await siweLogin(api.baseUrl, org.apiKey, 'localhost', w);
      holders.push({ wallet: w, headers: { 'x-api-key': org.apiKey, authorization: `Bearer ${token}` } });
    });
    const voters = holders.slice(0, cfg.chainVotes);
    const tDelegate = Date.now();
    await delegateAll(deps, api.baseUrl, voters);
    const proposal = await proposeAndOpen(pub, home.rpcUrl, a, ceilingSender.address);
    log(
      `  ${voters.length} delegations confirmed and proposal Active after ${((Date.now() - tDelegate) / 1000).toFixed(1)} s ` +
        `(voting period ${proposal.votingPeriodBlocks} blocks, deadline block ${proposal.deadline})`,
    );
    const { phase: votes, trace: voteTrace } = await runVotes(deps, api.baseUrl, voters, proposal);
    log(
      `  votes: ${fmtPhase(votes)}; all answered after ${voteTrace.acceptedS.toFixed(1)} s, mined over ${voteTrace.minedBlocks} blocks, ` +
        `${voteTrace.blocksToSpare} of the ${voteTrace.votingPeriodBlocks}-block voting period to spare; ÷ ceiling ${(votes.perSec / ceiling.perSec).toFixed(3)}`,
    );
    const { phase: bridges, trace: bridgeTrace } = await runBridges(deps, api.baseUrl, holders.slice(0, cfg.chainBridges));
    const floorMs = 2 * cfg.chainConfirmations * cfg.chainBlockS * 1000;
    log(
      `  bridges home → eip155:31338: ${fmtPhase(bridges)}; all 202 after ${bridgeTrace.acceptedS.toFixed(1)} s; ` +
        `floor ${floorMs} ms (2 × ${cfg.chainConfirmations} confirmations × ${cfg.chainBlockS} s): p50 ×${(bridges.latencyMs.p50 / floorMs).toFixed(2)}, p99 ×${(bridges.latencyMs.p99 / floorMs).toFixed(2)}; ` +
        `POST → lock final p50 ${bridgeTrace.sourceP50Ms.toFixed(0)} ms (p99 ${bridgeTrace.sourceP99Ms.toFixed(0)}), lock final → mint final p50 ${bridgeTrace.destinationP50Ms.toFixed(0)} ms (p99 ${bridgeTrace.destinationP99Ms.toFixed(0)}); ` +
        `broadcast → mined ${bridgeTrace.lockWaitedBlocksP50} blocks (lock), ${bridgeTrace.mintWaitedBlocksP50} (mint), median`,
    );

    // Reads against two fresh API processes, alike but for the cache (the first one has served the
    // deposits and withdrawals: its heap and pools are not in the same state).
    await stopServers(worker!, api.child);
    const cached = await startApiProcess({ ...env, ...chainEnv } as ApiEnv);
    children.push(cached.child);
    const uncached = await startApiProcess({ ...env, ...chainEnv, CHAIN_READ_CACHE_MS: '0' } as ApiEnv);
    children.push(uncached.child);
    const reads = await runReads(deps, chains, a, { cached: cached.baseUrl, uncached: uncached.baseUrl }, sessions[0]!);
    return {
      settings: {
        confirmations: cfg.chainConfirmations,
        blockS: cfg.chainBlockS,
        txPollMs,
        scanIntervalMs,
        readCacheMs: CHAIN_READ_CACHE_MS,
        readDurationS: cfg.chainReadDurationS,
        readConnections: cfg.chainReadConnections,
        withdrawLanes: WITHDRAW_LANES,
        sendLanes: SEND_LANES,
      },
      deposits,
      withdrawals,
      outbox,
      ceiling,
      rawPipelined,
      votes,
      voteTrace,
      bridges,
      bridgeTrace,
      reads,
    };
  } finally {
    await stopServers(...children).catch(() => undefined);
    await chains.stop();
    await flushRedis(cfg.redisUrl).catch(() => undefined);
  }
}
