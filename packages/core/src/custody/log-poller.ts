import { numberToHex, type PublicClient } from 'viem';
import { type Tx, withTransaction } from '@gw/db';
import type { ChainEndpoint, Context } from '@gw/runtime';
import { chainCall, publicClientOf } from '../chain/index.js';
import { findCursor, forgetBlocks, listBlocks, lockDepositScan, rememberBlocks, saveCursor } from './repository.js';

/**
 * The log poller: contract logs read with bounded `eth_getLogs` ranges from a
 * cursor kept in PostgreSQL per (chain, stream) (`custody_cursors`), under the chain's scan lock, in
 * one PostgreSQL transaction per pass, with the reorg memory (`custody_blocks`: block hashes near the
 * head) shared by every stream of the chain. The deposits (the token's `Transfer` logs to custody,
 * `service.ts`) are one stream; the Governor's events (governance module) another. A module defines
 * a {@link LogStream} (what to read on a chain, how to record a range's logs in the pass's
 * transaction, how to forget what it recorded above a fork) and the process that scans lists it
 * where it is composed (`apps/worker/src/catalogue.ts`). See docs/chain.md.
 */

/** What a stream records: anything with the block it came from. Block numbers are bigints. */
export interface StreamLog {
  blockNumber: bigint;
  blockHash: string;
}

/** The pass's scope, handed to a stream when it opens on a chain. */
export interface LogPassScope {
  ctx: Pick<Context, 'chains' | 'config' | 'prisma' | 'secretBox' | 'logger'>;
  /** The pass's transaction (it holds the chain's scan lock): record and unwind in it. */
  tx: Tx;
  chain: ChainEndpoint;
  pub: PublicClient;
}

/** A stream opened on one chain for one pass. */
export interface OpenLogStream<L extends StreamLog = StreamLog> {
  /** The cursor's key (`custody_cursors.stream`): never change it once deployed. */
  name: string;
  /** Where the first pass starts, given the head: usually the contract's deployment block. */
  startBlock(head: bigint): Promise<bigint>;
  /** True: read only up to head − CHAIN_CONFIRMATIONS (the logs are final when recorded). False: up to the head. */
  confirmedOnly: boolean;
  /** The logs of blocks [from, to] (an `eth_getLogs` with explicit bounds, through `chainCall`). */
  read(from: bigint, to: bigint): Promise<readonly L[]>;
  /** Records one range's logs in the pass's transaction, once each. @returns how many were new */
  record(logs: readonly L[]): Promise<number>;
  /** A reorg changed the chain from block `from` up: forget (or re-check) what was recorded there; it is read again. */
  unwind(from: bigint): Promise<void>;
}

/** A stream's definition: opened on each chain a pass scans; null where it has nothing to read. */
export interface LogStream {
  name: string;
  open(scope: LogPassScope): Promise<OpenLogStream<StreamLog> | null>;
}

/**
 * Opens each stream on the scope's chain (those answering null are left out). The names were
 * checked when the list was composed (`composeDepositScanCatalogue`: unique, none `deposits`).
 */
export async function openStreams(streams: readonly LogStream[], scope: LogPassScope): Promise<OpenLogStream[]> {
  const opened = await Promise.all(streams.map((s) => s.open(scope)));
  return opened.filter((s): s is OpenLogStream => s !== null);
}

/** Most `eth_getLogs` ranges (of CHAIN_LOG_BLOCK_RANGE blocks) one pass reads per stream; the next pass goes on. */
const MAX_RANGES_PER_PASS = 20;

type RpcBlock = { hash: `0x${string}`; number: `0x${string}` } | null;

/** The canonical hash of each block number (null past the head), in one JSON-RPC batch. */
export async function canonicalHashes(
  chain: ChainEndpoint,
  pub: PublicClient,
  numbers: readonly bigint[],
): Promise<Map<bigint, string | null>> {
  const blocks = await chainCall(chain, () =>
    Promise.all(numbers.map((n) => pub.request({ method: 'eth_getBlockByNumber', params: [numberToHex(n), false] }) as Promise<RpcBlock>)),
  );
  return new Map(numbers.map((n, i) => [n, blocks[i]?.hash ?? null]));
}

/**
 * One pass of the poller over a chain, inside the caller's transaction holding the chain's scan
 * lock: {@link begin} reads the head and the cursors and unwinds a reorg, {@link readNew} reads each
 * stream's new ranges, {@link finish} saves the cursors. The caller may do more in between (the
 * deposits' credits) and {@link unwind} from a block it found changed.
 */
export class ChainLogPass {
  head = 0n;
  /** Reorgs seen in this pass. */
  reorgs = 0;
  /** Logs newly recorded by each stream in this pass. */
  readonly found = new Map<string, number>();
  private readonly next = new Map<string, bigint>();

  constructor(
    readonly scope: LogPassScope,
    readonly streams: readonly OpenLogStream[],
  ) {}

  /** The next block stream `name` reads. */
  nextBlock(name: string): bigint {
    const n = this.next.get(name);
    if (n === undefined) throw new Error(`log stream ${name} is not part of this pass`);
    return n;
  }

  /** Reads the head and each stream's cursor (its start block the first time), then checks the remembered hashes for a reorg. */
  async begin(): Promise<void> {
    const { chain, pub, tx } = this.scope;
    this.head = await chainCall(chain, () => pub.getBlockNumber());
    for (const s of this.streams) {
      const cursor = await findCursor(tx, chain.chainId, s.name);
      this.next.set(s.name, cursor?.nextBlock ?? (await s.startBlock(this.head)));
      this.found.set(s.name, 0);
    }
    const fork = await this.forkPoint();
    if (fork !== null) await this.unwind(fork);
  }

  /**
   * A reorg changed the chain from block `from` up: forgets the remembered blocks there, has every
   * stream unwind what it recorded there, and rewinds every cursor to it (the blocks are read again).
   */
  async unwind(from: bigint): Promise<void> {
    const { tx, chain, ctx } = this.scope;
    this.reorgs += 1;
    await forgetBlocks(tx, chain.chainId, { from });
    for (const s of this.streams) {
      await s.unwind(from);
      if (from < this.nextBlock(s.name)) this.next.set(s.name, from);
    }
    ctx.logger.warn({ chain: chain.caip2, from: from.toString(), streams: this.streams.map((s) => s.name) }, 'reorg: blocks read again');
  }

  /**
   * Compares the remembered block hashes with the chain. The highest one matching means every
   * block below it matches too (each block commits to its parent); otherwise the first changed
   * block above the highest match is where the chain forked.
   * @returns the block to read again from, or null when nothing changed
   */
  private async forkPoint(): Promise<bigint | null> {
    const { tx, chain, pub } = this.scope;
    const remembered = await listBlocks(tx, chain.chainId);
    if (remembered.length === 0) return null;
    const top = remembered[0]!;
    const topNow = top.number <= this.head ? (await canonicalHashes(chain, pub, [top.number])).get(top.number) : null;
    if (topNow === top.hash) return null;
    const now = await canonicalHashes(
      chain,
      pub,
      remembered.filter((b) => b.number <= this.head).map((b) => b.number),
    );
    let fork = remembered[remembered.length - 1]!.number;
    for (const b of remembered) {
      if (now.get(b.number) === b.hash) break;
      fork = b.number;
    }
    return fork;
  }

  /**
   * Reads each stream's logs, range by range (CHAIN_LOG_BLOCK_RANGE blocks, at most 20 ranges a
   * pass), from its cursor up to the head (or head − confirmations), records them, and remembers
   * the hash of each block holding a log and of each range's last block. A range whose last block
   * changed while it was read is left for the next pass.
   */
  async readNew(): Promise<void> {
    const { ctx, tx, chain, pub } = this.scope;
    const size = BigInt(ctx.config.CHAIN_LOG_BLOCK_RANGE);
    for (const s of this.streams) {
      const upTo = s.confirmedOnly ? this.head - BigInt(chain.confirmations) : this.head;
      let next = this.nextBlock(s.name);
      for (let ranges = 0; next <= upTo && ranges < MAX_RANGES_PER_PASS; ranges++) {
        const to = next + size - 1n < upTo ? next + size - 1n : upTo;
        const before = (await canonicalHashes(chain, pub, [to])).get(to);
        const logs = await s.read(next, to);
        const after = (await canonicalHashes(chain, pub, [to])).get(to);
        if (!after || before !== after) break;
        this.found.set(s.name, (this.found.get(s.name) ?? 0) + (await s.record(logs)));
        await rememberBlocks(tx, chain.chainId, [
          ...logs.map((l) => ({ number: l.blockNumber, hash: l.blockHash })),
          { number: to, hash: after },
        ]);
        next = to + 1n;
      }
      this.next.set(s.name, next);
    }
  }

  /**
   * Saves every stream's cursor (`safe`: the safe block of the streams that keep one) and forgets
   * the remembered blocks out of the reorg window.
   */
  async finish(safe: Record<string, bigint | null> = {}, reorgWindow = 256n): Promise<void> {
    const { tx, chain } = this.scope;
    for (const s of this.streams) await saveCursor(tx, chain.chainId, s.name, this.nextBlock(s.name), safe[s.name] ?? null);
    await forgetBlocks(tx, chain.chainId, { below: this.head - reorgWindow });
  }
}

/** What a pass of the streams on a chain did (`pollChainLogs`). */
export interface LogPassReport {
  chain: string;
  skipped?: 'no-stream' | 'busy';
  head?: string;
  reorgs: number;
  /** Logs newly recorded, per stream. */
  found: Record<string, number>;
}

/**
 * One pass of `ctx.logStreams` (not the deposits: `scanDeposits` runs those with them on the
 * home chain) on a chain that is not the home chain, e.g. a bridge's second chain: in one
 * transaction holding that chain's scan lock (another pass running: skipped). The worker's scan job
 * runs it for every other configured chain after the deposit scan; with no stream listed it
 * does nothing (no transaction).
 */
export async function pollChainLogs(
  ctx: LogPassScope['ctx'] & { logStreams: readonly LogStream[] },
  chain: ChainEndpoint,
  opts: { wait?: boolean } = {},
): Promise<LogPassReport> {
  if (ctx.logStreams.length === 0) return { chain: chain.caip2, skipped: 'no-stream', reorgs: 0, found: {} };
  const pub = publicClientOf(ctx, chain);
  return withTransaction(
    ctx.prisma,
    async (tx) => {
      if (!(await lockDepositScan(tx, chain.chainId, opts.wait ?? false)))
        return { chain: chain.caip2, skipped: 'busy', reorgs: 0, found: {} };
      const opened = await openStreams(ctx.logStreams, { ctx, tx, chain, pub });
      if (opened.length === 0) return { chain: chain.caip2, skipped: 'no-stream', reorgs: 0, found: {} };
      const pass = new ChainLogPass({ ctx, tx, chain, pub }, opened);
      await pass.begin();
      await pass.readNew();
      await pass.finish();
      return { chain: chain.caip2, head: pass.head.toString(), reorgs: pass.reorgs, found: Object.fromEntries(pass.found) };
    },
    { timeout: 120_000, maxWait: 10_000 },
  );
}
