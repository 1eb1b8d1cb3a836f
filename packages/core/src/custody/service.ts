import { erc20Abi, getAddress, zeroAddress } from 'viem';
import { type Tx, withTransaction } from '@gw/db';
import { AppError, assertUniqueEntries, type Context, fetchPage, type Page, type PageQuery, runAfterCommit } from '@gw/runtime';
import {
  chainCall,
  contractAddress,
  custodyAddress,
  deploymentBlock,
  deployments,
  homeChainOf,
  type ChainResetHandler,
  publicClientOf,
  chainProblem,
} from '../chain/index.js';
import { balanceOf, ISSUANCE, type Owner, transfer } from '../ledger/index.js';
import { deliverAfterCommit, recordEvent } from '../webhooks/index.js';
import { type DepositAttribution, depositOrganizations } from './attribution.js';
import { custodyOutflowsAcrossBlock } from '../custody-outflows/index.js';
import type { DepositDto, ReservesReport } from './schemas.js';
import {
  canonicalHashes,
  ChainLogPass,
  type LogPassScope,
  type OpenLogStream,
  type LogStream,
  openStreams,
  type StreamLog,
} from './log-poller.js';
import {
  countDepositsOf,
  countOrphaned,
  type DepositRow,
  deletePendingFrom,
  findCursor,
  findDepositByKey,
  findDepositStatusByTx,
  forgetChain,
  insertDeposits,
  listCreditedFrom,
  listOrphaned,
  listOrphanedInTransactions,
  listPendingUpTo,
  listWalletDeposits,
  lockDepositScan,
  markCredited,
  markOrphaned,
  moveDeposit,
  type NewDeposit,
  rememberBlocks,
  restoreOrphaned,
} from './repository.js';

/**
 * Custody: deposits to the custody address found by polling `eth_getLogs`, credited
 * once after the confirmations, reorgs, orphans, and the proof of reserves. See docs/chain.md.
 */

/** A delivery of an event a scan wrote, to enqueue after its commit. */
type DeliveryRef = Awaited<ReturnType<typeof recordEvent>>[number];
type ChainCtx = Pick<Context, 'chains' | 'config' | 'prisma' | 'secretBox'>;
/**
 * With `queues` and `redis` (the worker), the deliveries of the `deposit.credited` events a scan
 * writes are enqueued after its commit; without (the CLI), the worker's sweeper enqueues them.
 */
type ScanCtx = ChainCtx & Pick<Context, 'logger'> & Partial<Pick<Context, 'queues' | 'redis'>> & DepositScanCatalogue;

/**
 * What a deposit scan reads besides the deposits, listed where the scanning process is composed
 * (`apps/worker/src/catalogue.ts`, built by {@link composeDepositScanCatalogue}): the other log
 * streams of the home chain, and who is told of a credited deposit.
 */
export interface DepositScanCatalogue {
  /** Read in the same pass as the deposits, under the same lock (the Governor's events). */
  logStreams: readonly LogStream[];
  /** Asked, in the crediting transaction, which organizations a deposit is attributable to. */
  depositAttributions: readonly DepositAttribution[];
}

/** The name of custody's own stream, the deposits: its cursor's key (`custody_cursors.stream`), never changed. */
const DEPOSITS_STREAM = 'deposits';

/**
 * The deposit scan's catalogue, checked once where the scanning process is composed (a wrong list
 * then fails the process's start, not a scan): each stream keeps one cursor per chain under its
 * name, so the names are unique and none is custody's own `deposits`.
 * @returns the catalogue, its lists copied and frozen
 * @throws Error naming the stream when a stream is named `deposits` or two streams share a name
 */
export function composeDepositScanCatalogue(catalogue: DepositScanCatalogue): DepositScanCatalogue {
  if (catalogue.logStreams.some((s) => s.name === DEPOSITS_STREAM))
    throw new Error(`log stream ${DEPOSITS_STREAM} is custody's own: give the stream another name`);
  assertUniqueEntries(
    catalogue.logStreams,
    (s) => s.name,
    (s) => `log stream ${s.name} is listed twice`,
  );
  return Object.freeze({
    logStreams: Object.freeze([...catalogue.logStreams]),
    depositAttributions: Object.freeze([...catalogue.depositAttributions]),
  });
}

/**
 * How far below the head (blocks) the scan remembers block hashes and re-checks credited deposits:
 * a reorg deeper than this is not seen (docs/chain.md).
 */
export const CUSTODY_REORG_WINDOW = 256n;

/** keccak-256 of `Transfer(address,address,uint256)`. */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/**
 * What custody forgets of a chain that was reset (redeployed because its recorded contracts are
 * gone): its scan cursors and block hashes, so it is scanned afresh from the new token's
 * deployment; its old deposits stay as they were, no longer backed on chain (the proof of reserves
 * says so).
 */
export const forgetCustodyChain: ChainResetHandler = forgetChain;

/** What one scan did. Block numbers are decimal strings. */
export interface ScanReport {
  chain: string | null;
  /** Set when the scan did nothing: no chain configured, no token deployed, or another scan holds the lock. */
  skipped?: 'no-chain' | 'no-deployment' | 'busy';
  head?: string;
  /** The next block to read after this scan. */
  nextBlock?: string;
  /** New deposits seen. */
  found: number;
  /** Deposits credited now. */
  credited: number;
  /** Pending deposits reorged out (deleted, never credited). */
  dropped: number;
  /** Credited deposits found orphaned now. */
  orphaned: number;
  /** Orphaned deposits whose transaction was mined again: credited again, not twice. */
  restored: number;
  /** Orphaned deposits of the chain in all. */
  orphanedTotal: number;
  /** Reorgs seen (a remembered block hash changed). */
  reorgs: number;
  /** Logs newly recorded by the other streams of the chain (e.g. `governor`), when any is listed. */
  indexed?: Record<string, number>;
}

const emptyReport = (chain: string | null, skipped?: ScanReport['skipped']): ScanReport => ({
  chain,
  ...(skipped && { skipped }),
  found: 0,
  credited: 0,
  dropped: 0,
  orphaned: 0,
  restored: 0,
  orphanedTotal: 0,
  reorgs: 0,
});

type RpcReceipt = {
  blockHash: `0x${string}`;
  blockNumber: `0x${string}`;
  status: `0x${string}`;
  logs: { address: string; topics: `0x${string}`[]; data: `0x${string}`; logIndex: `0x${string}` }[];
} | null;

const topicAddress = (topic: string | undefined) => (topic ? getAddress(`0x${topic.slice(26)}`) : undefined);

/** A deposit as the `deposits` stream reads it: a Transfer log to custody, with its block. */
type DepositLog = NewDeposit & StreamLog;

/**
 * The `deposits` stream of the log poller on the home chain: the token's `Transfer` logs whose `to`
 * is the custody address, recorded as `pending` deposits keyed by (chain, tx hash, log index); its
 * unwind deletes the pending deposits above the fork and re-checks the credited ones by their receipt.
 * A Transfer from the custody address itself, from the zero address (a mint) or from one of our own
 * contracts (`ours`: the staking pool paying out a stake the custody address holds, the bridge vault,
 * the treasury…) is no deposit: no wallet sent it, and crediting the contract's address as a wallet
 * would hand tokens of custody's own to whoever controls nothing of it. Such tokens show as a surplus
 * in the proof of reserves.
 */
class DepositStream implements OpenLogStream<DepositLog> {
  readonly name = DEPOSITS_STREAM;
  readonly confirmedOnly = false;
  constructor(
    readonly scope: LogPassScope,
    readonly report: ScanReport,
    readonly token: `0x${string}`,
    readonly custody: `0x${string}`,
    readonly ours: ReadonlySet<string>,
  ) {}

  /**
   * Where a chain's scan starts the first time: the token's deployment block, or the head when it is
   * not recorded (an imported deployment: deposits made before the first scan are not seen).
   */
  async startBlock(head: bigint): Promise<bigint> {
    return (await deploymentBlock(this.scope.ctx, this.scope.chain.chainId, 'token')) ?? head;
  }

  async read(from: bigint, to: bigint): Promise<DepositLog[]> {
    const { ctx, chain, pub } = this.scope;
    const logs = await chainCall(chain, () =>
      pub.getContractEvents({
        address: this.token,
        abi: erc20Abi,
        eventName: 'Transfer',
        args: { to: this.custody },
        fromBlock: from,
        toBlock: to,
        strict: true,
      }),
    );
    return logs
      .filter((l) => {
        const from = getAddress(l.args.from);
        return l.args.value > 0n && from !== this.custody && from !== zeroAddress && !this.ours.has(from);
      })
      .map((l) => ({
        chainId: chain.chainId,
        txHash: l.transactionHash.toLowerCase(),
        logIndex: l.logIndex,
        blockNumber: l.blockNumber,
        blockHash: l.blockHash,
        address: getAddress(l.args.from),
        ownerType: 'wallet' as const,
        ownerId: getAddress(l.args.from),
        token: ctx.config.NATIVE_TOKEN_SYMBOL,
        amount: l.args.value,
      }));
  }

  /**
   * Records the range's deposits. A transaction's transfer is credited once: a log of a transaction
   * whose deposit was orphaned (its block reorged away, the transaction mined again later, maybe
   * under another log index as other transactions now come before it in its block) puts that
   * deposit back to `credited` at its new place instead of adding a second one. Matched by sender
   * and amount within the transaction, the same log index first.
   */
  async record(deposits: readonly DepositLog[]): Promise<number> {
    const { tx, chain } = this.scope;
    const orphans = await listOrphanedInTransactions(
      tx,
      chain.chainId,
      deposits.map((d) => d.txHash),
    );
    const restored: { orphan: DepositRow; log: DepositLog }[] = [];
    const same = (o: DepositRow, d: DepositLog) =>
      o.txHash === d.txHash && getAddress(o.address) === d.address && BigInt(o.amount.toFixed(0)) === d.amount;
    /** The logs left once each that matches an orphan (as `matches` says) has taken it. */
    const claim = (logs: readonly DepositLog[], matches: (o: DepositRow, d: DepositLog) => boolean): DepositLog[] =>
      logs.filter((d) => {
        const i = orphans.findIndex((o) => matches(o, d));
        if (i < 0) return true;
        restored.push({ orphan: orphans.splice(i, 1)[0]!, log: d });
        return false;
      });
    const ordered = [...deposits].sort((a, b) => a.logIndex - b.logIndex);
    const fresh = claim(
      claim(ordered, (o, d) => same(o, d) && o.logIndex === d.logIndex),
      same,
    );
    for (const { orphan, log } of restored) {
      await restoreOrphaned(tx, orphan.id, { blockNumber: log.blockNumber, blockHash: log.blockHash, logIndex: log.logIndex });
      this.report.restored += 1;
      this.scope.ctx.logger.warn(
        {
          chain: chain.caip2,
          depositId: orphan.id,
          txHash: orphan.txHash,
          logIndex: log.logIndex,
          blockNumber: log.blockNumber.toString(),
        },
        'orphaned deposit mined again: credited again, once',
      );
    }
    return insertDeposits(tx, fresh);
  }

  /**
   * A reorg changed the chain from block `from` up: deletes the pending deposits there (never
   * credited; the logs read again bring back those re-included), and re-checks the credited ones by
   * their receipt: still on chain (maybe in another block) they move there; gone, they are marked
   * `orphaned` and logged at error.
   */
  async unwind(from: bigint): Promise<void> {
    const { tx, chain, pub, ctx } = this.scope;
    const dropped = await deletePendingFrom(tx, chain.chainId, from);
    this.report.dropped += dropped;
    const credited = await listCreditedFrom(tx, chain.chainId, from);
    const receipts = await chainCall(chain, () =>
      Promise.all(
        credited.map(
          (d) => pub.request({ method: 'eth_getTransactionReceipt', params: [d.txHash as `0x${string}`] }) as Promise<RpcReceipt>,
        ),
      ),
    );
    for (const [i, d] of credited.entries()) {
      const receipt = receipts[i];
      const log = receipt?.status === '0x1' ? receipt.logs.find((l) => this.sameTransfer(l, d)) : undefined;
      if (receipt && log) {
        await moveDeposit(tx, d.id, BigInt(receipt.blockNumber), receipt.blockHash, Number(BigInt(log.logIndex)));
        await rememberBlocks(tx, chain.chainId, [{ number: BigInt(receipt.blockNumber), hash: receipt.blockHash }]);
        continue;
      }
      await markOrphaned(tx, d.id);
      this.report.orphaned += 1;
      ctx.logger.error(
        {
          chain: chain.caip2,
          depositId: d.id,
          txHash: d.txHash,
          logIndex: d.logIndex,
          blockNumber: d.blockNumber.toString(),
          amount: d.amount.toFixed(0),
          owner: `${d.ownerType}:${d.ownerId}`,
        },
        'credited deposit orphaned by a reorg deeper than the confirmations: the ledger holds tokens the chain no longer backs',
      );
    }
    if (dropped || credited.length)
      ctx.logger.warn({ chain: chain.caip2, from: from.toString(), dropped, credited: credited.length }, 'reorg: deposits unwound');
  }

  /** True when a receipt's log is the Transfer of deposit `d` (token, custody, sender and amount). */
  sameTransfer(l: NonNullable<RpcReceipt>['logs'][number], d: DepositRow): boolean {
    return (
      l.address.toLowerCase() === this.token.toLowerCase() &&
      l.topics[0] === TRANSFER_TOPIC &&
      topicAddress(l.topics[2]) === this.custody &&
      topicAddress(l.topics[1]) === getAddress(d.address) &&
      BigInt(l.data) === BigInt(d.amount.toFixed(0))
    );
  }
}

/**
 * The deposit scan of the home chain, run by the worker every CHAIN_POLL_INTERVAL_MS
 * and by the CLI (`token:mint`, `seed:demo`): one pass of the log poller (`log-poller.ts`) over the
 * `deposits` stream and every stream of `ctx.logStreams` on the home chain (the Governor's events).
 * In one PostgreSQL transaction holding the chain's scan lock (another scan running: skipped,
 * or waited for with `wait`):
 * 1. re-checks the remembered block hashes; a changed one rewinds every stream's cursor to the fork
 *    and unwinds what they recorded above it (deposits pending: deleted; credited: moved or
 *    reported `orphaned`);
 * 2. reads each stream's logs with `eth_getLogs` over ranges of CHAIN_LOG_BLOCK_RANGE blocks from
 *    its cursor (at most 20 ranges a scan); the token's `Transfer` logs to the custody address
 *    become `pending` deposits keyed by (chain, tx hash, log index), once;
 * 3. credits each pending deposit with CHAIN_CONFIRMATIONS blocks on top (head − block ≥
 *    confirmations) whose block is still canonical: the ledger's `deposit` entry from
 *    `system:issuance` to the sender's wallet, in the same transaction as its status.
 * Idempotent, and safe from any number of processes at once.
 */
export async function scanDeposits(ctx: ScanCtx, opts: { wait?: boolean } = {}): Promise<ScanReport> {
  const chain = ctx.chains.home;
  if (!chain) return emptyReport(null, 'no-chain');
  let token: `0x${string}`;
  try {
    token = await contractAddress(ctx, chain.chainId, 'token');
  } catch (err) {
    if (err instanceof AppError && err.code === 'chain-unavailable') return emptyReport(chain.caip2, 'no-deployment');
    throw err;
  }
  const custody = await custodyAddress(ctx);
  const ours = ownContracts(await deployments(ctx));
  const pub = publicClientOf(ctx, chain);
  let deliveries: DeliveryRef[] = [];
  const result = await withTransaction(
    ctx.prisma,
    async (tx) => {
      deliveries = [];
      if (!(await lockDepositScan(tx, chain.chainId, opts.wait ?? false))) return emptyReport(chain.caip2, 'busy');
      const report = emptyReport(chain.caip2);
      const scope: LogPassScope = { ctx, tx, chain, pub };
      const deposits = new DepositStream(scope, report, token, custody, ours);
      const others = await openStreams(ctx.logStreams, scope);
      const pass = new ChainLogPass(scope, [deposits, ...others]);

      // 1. Reorgs, 2. new logs of every stream.
      await pass.begin();
      await pass.readNew();
      const head = pass.head;

      // 3. Credits, of deposits whose block is still the one the log came from.
      const confirmedUpTo = head - BigInt(chain.confirmations);
      const next = pass.nextBlock(deposits.name);
      let safe = next - 1n < confirmedUpTo ? next - 1n : confirmedUpTo;
      const due = await listPendingUpTo(tx, chain.chainId, safe);
      if (due.length > 0) {
        const hashes = await canonicalHashes(chain, pub, [...new Set(due.map((d) => d.blockNumber))]);
        const changed = due.filter((d) => hashes.get(d.blockNumber) !== d.blockHash).map((d) => d.blockNumber);
        const firstChanged = changed.length ? changed.reduce((a, b) => (a < b ? a : b)) : null;
        if (firstChanged !== null) {
          await pass.unwind(firstChanged);
          if (firstChanged - 1n < safe) safe = firstChanged - 1n;
        }
        for (const d of due) {
          if (firstChanged !== null && d.blockNumber >= firstChanged) continue;
          deliveries.push(...(await creditDeposit(ctx.depositAttributions, tx, d, head)));
          report.credited += 1;
        }
      }
      await pass.finish({ [deposits.name]: safe }, CUSTODY_REORG_WINDOW);
      report.found = pass.found.get(deposits.name) ?? 0;
      report.reorgs = pass.reorgs;
      if (others.length) report.indexed = Object.fromEntries(others.map((s) => [s.name, pass.found.get(s.name) ?? 0]));
      report.head = head.toString();
      report.nextBlock = pass.nextBlock(deposits.name).toString();
      report.orphanedTotal = await countOrphaned(tx, chain.chainId);
      return report;
    },
    { timeout: 120_000, maxWait: 10_000 },
  );
  // Without queues (the CLI) the worker's sweeper enqueues them.
  if (ctx.queues && ctx.redis && deliveries.length)
    await runAfterCommit({ ...ctx, queues: ctx.queues, redis: ctx.redis }, [deliverAfterCommit(deliveries)]);
  return result;
}

/** Every address of our deployed contracts, on any configured chain (checksummed). */
function ownContracts(byChain: Awaited<ReturnType<typeof deployments>>): Set<string> {
  const out = new Set<string>();
  for (const contracts of byChain.values()) for (const address of Object.values(contracts)) if (address) out.add(getAddress(address));
  return out;
}

const ownerOf = (d: Pick<DepositRow, 'ownerType' | 'ownerId'>): Owner => ({ type: d.ownerType as Owner['type'], id: d.ownerId });

/**
 * Credits a pending deposit: its ledger entry (`deposit`, reference = its id) and its status, in
 * `tx`; and its `deposit.credited` event to each organization it is attributable to
 * (`attribution.ts`: a gasless deposit's organization; a plain transfer has none).
 * @param head the head the scan read (the event's `confirmations`)
 * @returns the event's deliveries, to enqueue after the commit
 */
async function creditDeposit(attributions: readonly DepositAttribution[], tx: Tx, d: DepositRow, head: bigint): Promise<DeliveryRef[]> {
  await transfer(tx, {
    kind: 'deposit',
    reference: d.id,
    token: d.token,
    from: ISSUANCE,
    to: ownerOf(d),
    amount: BigInt(d.amount.toFixed(0)),
  });
  await markCredited(tx, d.id);
  const organizations = await depositOrganizations(attributions, tx, d);
  if (organizations.length === 0) return [];
  const credited = (await findDepositByKey(tx, d.chainId, d.txHash, d.logIndex))!;
  const deposit = toDepositDto(credited, (id) => `eip155:${id}`, head);
  const deliveries: DeliveryRef[] = [];
  for (const organizationId of organizations) deliveries.push(...(await recordEvent(tx, organizationId, 'deposit.credited', { deposit })));
  return deliveries;
}

// --- reads -------------------------------------------------------------------------------------------

const toDepositDto = (d: DepositRow, chainOf: (id: number) => string, head: bigint | null): DepositDto => ({
  id: d.id,
  chain: chainOf(d.chainId),
  address: d.address,
  txHash: d.txHash,
  logIndex: d.logIndex,
  blockNumber: d.blockNumber.toString(),
  token: d.token,
  amount: d.amount.toFixed(0),
  confirmations: d.status === 'orphaned' || head === null || head < d.blockNumber ? 0 : Number(head - d.blockNumber),
  status: d.status,
  createdAt: d.createdAt.toISOString(),
  creditedAt: d.creditedAt?.toISOString() ?? null,
});

/**
 * A page of the wallet's deposits (sent from its address), newest first, with their confirmations
 * counted from the home chain's head read now.
 * @throws AppError chain-unavailable (503) when the node does not answer; validation-error for a bad cursor
 */
export async function listDeposits(
  ctx: Pick<Context, 'prisma' | 'chains' | 'config'>,
  address: string,
  q: PageQuery,
): Promise<Page<DepositDto>> {
  const chain = ctx.chains.home;
  const head = chain ? await chainCall(chain, () => publicClientOf(ctx, chain).getBlockNumber()) : null;
  return fetchPage(
    q,
    (page) => listWalletDeposits(ctx.prisma, getAddress(address), page),
    (d) => toDepositDto(d, (id) => `eip155:${id}`, d.chainId === chain?.chainId ? head : null),
  );
}

/**
 * The deposit scan's state of a transfer to custody by its transaction (a gasless deposit's
 * `transferFrom`): `pending`, `credited`, `orphaned`, or null when the scan has not seen it yet.
 * @param txHash lower-case 0x hex
 */
export async function depositStatusOfTransaction(
  ctx: Pick<Context, 'prisma'>,
  chainId: number,
  txHash: string,
): Promise<'pending' | 'credited' | 'orphaned' | null> {
  return findDepositStatusByTx(ctx.prisma, chainId, txHash.toLowerCase());
}

/** Every orphaned deposit (`admin deposits:orphaned`), oldest first. */
export async function orphanedDeposits(ctx: Pick<Context, 'prisma'>) {
  return (await listOrphaned(ctx.prisma)).map((d) => ({
    id: d.id,
    chain: `eip155:${d.chainId}`,
    txHash: d.txHash,
    logIndex: d.logIndex,
    blockNumber: d.blockNumber.toString(),
    owner: `${d.ownerType}:${d.ownerId}`,
    token: d.token,
    amount: d.amount.toFixed(0),
    creditedAt: d.creditedAt?.toISOString() ?? null,
    orphanedAt: d.orphanedAt?.toISOString() ?? null,
  }));
}

// --- proof of reserves --------------------------------------------------------------------------------

/**
 * The proof of reserves of the home chain and the native token: the custodial supply in
 * the ledger (minus the balance of `system:issuance`: every custodial token came in as a deposit)
 * against the custody address's on-chain `balanceOf`, read at the scan's safe block (every deposit
 * at or below it is credited), under the scan lock so that no credit lands in between. The ledger's
 * figure is taken at that block too: custody outflows (withdrawals, stakes, bridge locks) are counted by the block their transaction was
 * mined in (`custodyOutflowsAcrossBlock`), so a check right after one does not see a difference.
 * @throws AppError chain-unavailable (503) when no chain, no deployment, or the node does not answer
 */
export async function checkReserves(ctx: ChainCtx): Promise<ReservesReport> {
  const chain = homeChainOf(ctx.chains);
  const token = await contractAddress(ctx, chain.chainId, 'token');
  const custody = await custodyAddress(ctx);
  const pub = publicClientOf(ctx, chain);
  const symbol = ctx.config.NATIVE_TOKEN_SYMBOL;
  return withTransaction(
    ctx.prisma,
    async (tx) => {
      await lockDepositScan(tx, chain.chainId, true);
      const cursor = await findCursor(tx, chain.chainId);
      const head = await chainCall(chain, () => pub.getBlockNumber());
      // A node behind the scan (a local chain restarted without its saved state, a reset) has no
      // state at the scan's block: an eth_call there is refused with "Invalid parameters".
      if (cursor?.safeBlock != null && cursor.safeBlock > head) {
        throw chainProblem(
          'chain-unavailable',
          `${chain.caip2} is at block ${head}, below block ${cursor.safeBlock} up to which deposits are credited: the chain went back (a local chain restarted without its saved state, or reset); the reserves can be checked once the deposit scan has caught up`,
          { reason: 'chain-behind-scan' },
        );
      }
      const block = cursor?.safeBlock ?? head;
      // The ledger now, described at `block`: withdrawals final in the ledger but mined above the
      // block are still in custody there; mined at or below it but not final yet, already gone.
      const custodial = -(await balanceOf(tx, ISSUANCE, symbol)) + (await custodyOutflowsAcrossBlock(tx, chain.chainId, block));
      const onchain = await chainCall(chain, () =>
        pub.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [custody], blockNumber: block }),
      );
      const difference = onchain - custodial;
      return {
        chain: chain.caip2,
        token: symbol,
        custody,
        block: block.toString(),
        custodial: custodial.toString(),
        onchain: onchain.toString(),
        difference: difference.toString(),
        holds: difference === 0n,
      };
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
}

/**
 * The scheduled proof of reserves: {@link checkReserves}, except that a chain not ready for it is
 * skipped rather than failed, since the job runs from the worker's first second: no chain
 * configured, our token not deployed yet (a fresh local chain, deployed by the API as it starts),
 * or the node behind the deposit scan (a local chain restarted without its state).
 * @returns the report, or `{ skipped }` saying why there is none
 * @throws AppError chain-unavailable (503) when the node does not answer
 */
export async function scheduledReservesCheck(
  ctx: ChainCtx,
): Promise<ReservesReport | { skipped: 'no-chain' | 'no-deployment' | 'chain-behind-scan'; detail?: string }> {
  const chain = ctx.chains.home;
  if (!chain) return { skipped: 'no-chain' };
  if (!(await deployments(ctx)).get(chain.chainId)?.token) return { skipped: 'no-deployment' };
  try {
    return await checkReserves(ctx);
  } catch (err) {
    if (err instanceof AppError && err.extensions.reason === 'chain-behind-scan')
      return { skipped: 'chain-behind-scan', detail: err.message };
    throw err;
  }
}

// --- for the local-chain tooling (packages/core/src/local-chain: token:mint, seed:demo) ------------------

/**
 * The deposit scan's state of one Transfer log to custody, by its key: `pending`, `credited`,
 * `orphaned`, or null when the scan has not seen it yet.
 * @param txHash lower-case 0x hex
 * @param logIndex the log's index in its block
 */
export async function depositStatusOfLog(
  ctx: Pick<Context, 'prisma'>,
  chainId: number,
  txHash: string,
  logIndex: number,
): Promise<'pending' | 'credited' | 'orphaned' | null> {
  return (await findDepositByKey(ctx.prisma, chainId, txHash, logIndex))?.status ?? null;
}

/** The transfer to custody that {@link creditSystemDeposit}'s `send` made, once mined. */
export interface SentDeposit {
  txHash: `0x${string}`;
  /** The index of its Transfer log in its block. */
  logIndex: number;
  blockNumber: bigint;
  blockHash: `0x${string}`;
}

/**
 * Records a system account's deposit without waiting for the scan: in one transaction holding the
 * chain's scan lock (waited for), `send` makes the transfer of `amount` from `from` to the custody
 * address and waits for it to be mined, then its deposit row is written `credited` to `owner` with
 * its ledger entry (`deposit`, from `system:issuance`) and its block is remembered. No scan can see
 * the transfer first, and the poller later meets the same (chain, tx hash, log index) key and leaves
 * it alone. The transaction is never retried (`send` is not repeated). A system account's deposit is
 * attributable to no organization: no event.
 * @param deposit `amount` in base units of the native token; `from` the sender's address
 * @returns the transfer's hash
 * @throws Error when `owner` is not a system account; whatever `send` throws (nothing is recorded)
 */
export async function creditSystemDeposit(
  ctx: Pick<Context, 'prisma' | 'config'>,
  deposit: { chainId: number; owner: Owner; from: `0x${string}`; amount: bigint },
  send: () => Promise<SentDeposit>,
): Promise<`0x${string}`> {
  const { chainId, owner, from, amount } = deposit;
  if (owner.type !== 'system') throw new Error('creditSystemDeposit credits system accounts only');
  return withTransaction(
    ctx.prisma,
    async (tx) => {
      await lockDepositScan(tx, chainId, true);
      const sent = await send();
      const txHash = sent.txHash.toLowerCase();
      await insertDeposits(tx, [
        {
          chainId,
          txHash,
          logIndex: sent.logIndex,
          blockNumber: sent.blockNumber,
          blockHash: sent.blockHash,
          address: from,
          ownerType: 'system',
          ownerId: owner.id,
          token: ctx.config.NATIVE_TOKEN_SYMBOL,
          amount,
          status: 'pending',
        },
      ]);
      const row = await findDepositByKey(tx, chainId, txHash, sent.logIndex);
      await creditDeposit([], tx, row!, sent.blockNumber); // a system account's: attributable to no organization, no event
      await rememberBlocks(tx, chainId, [{ number: sent.blockNumber, hash: sent.blockHash }]);
      return sent.txHash;
    },
    { timeout: 120_000, maxWait: 10_000, retries: 0 },
  );
}

/** True when a deposit was ever credited to this system account (seed:demo runs once). */
export async function systemAccountFunded(ctx: Pick<Context, 'prisma'>, owner: Owner): Promise<boolean> {
  return (await countDepositsOf(ctx.prisma, owner)) > 0;
}
