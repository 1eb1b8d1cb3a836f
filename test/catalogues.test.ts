import { describe, expect, it } from '@jest/globals';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PaymentPurpose } from '@gw/db';
import type { QueueDef } from '@gw/runtime';
import { queueCatalogue } from '@gw/core/queues';
import { composeDepositScanCatalogue, type LogStream } from '@gw/core/custody';
import { assertChainTransactionKinds, chainTransactionCatalogue, type ChainTransactionKind } from '@gw/core/chain';
import { ALLOWANCE_RESET_KIND, WITHDRAWAL_KIND } from '@gw/core/custody-outflows';
import { BRIDGE_KINDS } from '@gw/core/bridge';
import { GOVERNANCE_KINDS } from '@gw/core/governance';
import { PERMIT_DEPOSIT_KINDS } from '@gw/core/permit-deposits';
import { STAKING_KINDS } from '@gw/core/staking';
import { chainTransactionKinds, depositScanCatalogue, writtenChainTransactionKinds } from '@gw/worker/catalogue';
import { chainResets, paymentFulfilments } from '@gw/api/catalogue';
import { assertHandlers, createHandlers } from '@gw/worker/jobs';

const CORE_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/core/src');

/** A queue definition, by its shape (`defineQueue`'s frozen object): a name, a job name, a schema. */
const isQueueDef = (v: unknown): v is QueueDef<unknown> =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { name?: unknown }).name === 'string' &&
  typeof (v as { jobName?: unknown }).jobName === 'string' &&
  typeof (v as { data?: { safeParse?: unknown } }).data?.safeParse === 'function';

/** Every queue definition the modules' indexes export (`@gw/core/<module>`), as `<module>.<export>`. */
async function exportedQueues(): Promise<{ where: string; def: QueueDef<unknown> }[]> {
  const modules = readdirSync(CORE_SRC, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const found: { where: string; def: QueueDef<unknown> }[] = [];
  for (const module of modules) {
    const exports = (await import(`@gw/core/${module}`)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) if (isQueueDef(value)) found.push({ where: `${module}.${name}`, def: value });
  }
  return found;
}

/**
 * The catalogues the processes are composed with: what the worker finishes when the chain answers,
 * what the API runs when a payment settles or a chain was reset, the project's queues, what the
 * deposit scan reads. Each is a list written where the process is composed; these tests hold the
 * lists complete and the checks that refuse a mis-wired process honest.
 */
describe('process catalogues', () => {
  const noop = async () => undefined;
  const kind = (name: string): ChainTransactionKind => ({ kind: name, confirmed: noop, failed: noop });

  it("the worker's catalogue finishes every kind of transaction the modules write", () => {
    const written = writtenChainTransactionKinds;
    expect(written).toEqual(
      expect.arrayContaining([
        WITHDRAWAL_KIND,
        ALLOWANCE_RESET_KIND,
        ...Object.values(PERMIT_DEPOSIT_KINDS),
        ...Object.values(BRIDGE_KINDS),
        ...Object.values(GOVERNANCE_KINDS),
        ...Object.values(STAKING_KINDS),
      ]),
    );
    expect([...chainTransactionKinds.keys()].sort()).toEqual(expect.arrayContaining([...written]));
    expect(() => assertChainTransactionKinds(chainTransactionKinds, written)).not.toThrow();
  });

  it('a process lacking an outcome is refused, naming the kind', () => {
    const partial = chainTransactionCatalogue([kind('withdrawal')]);
    expect(() => assertChainTransactionKinds(partial, ['withdrawal', 'stake-claim'])).toThrow(
      'No outcome for chain transaction kind(s): stake-claim',
    );
  });

  it('a kind listed twice is refused (one owner finishes a kind)', () => {
    expect(() => chainTransactionCatalogue([kind('bridge-mint'), kind('bridge-mint')])).toThrow(
      'chain transaction kind bridge-mint is listed twice',
    );
  });

  it('every payment purpose but `payment` has its fulfilment in the API', () => {
    const purposes = Object.values(PaymentPurpose).filter((p) => p !== 'payment');
    expect(purposes.length).toBeGreaterThan(0);
    for (const p of purposes) {
      const f = paymentFulfilments[p as keyof typeof paymentFulfilments];
      expect(typeof f?.settled).toBe('function');
      expect(typeof f?.refunded).toBe('function');
    }
  });

  it('the queue catalogue lists every queue a module exports, once, under its deployed name', async () => {
    const exported = await exportedQueues();
    expect(exported.length).toBeGreaterThan(0);
    expect(exported.filter(({ def }) => !queueCatalogue.includes(def)).map(({ where, def }) => `${where} (${def.name})`)).toEqual([]);
    expect(queueCatalogue.map((q) => `${q.name}/${q.jobName}${q.shardTag ? ` {${q.shardTag}}` : ''}`)).toEqual([
      'webhook-deliveries/deliver {deliveries}',
      'payment-expiry/expire',
      'bridge-relay/relay',
      'webhook-recovery/recover',
      'maintenance-retention/prune',
      'custody/custody',
      'governance/governance-keeper',
    ]);
  });

  it('the worker has one handler per queue of the catalogue; a missing or unknown one is refused', () => {
    const handlers = createHandlers({} as never, {} as never);
    expect(Object.keys(handlers).sort()).toEqual(queueCatalogue.map((q) => q.name).sort());
    expect(() => assertHandlers(handlers, queueCatalogue)).not.toThrow();
    const { 'bridge-relay': _dropped, ...partial } = handlers;
    expect(() => assertHandlers(partial, queueCatalogue)).toThrow('No handler for queue(s): bridge-relay');
    const chainQueue = 'chain-tx-31337-0xabc';
    expect(() => assertHandlers({ ...handlers, [chainQueue]: async () => undefined }, queueCatalogue)).toThrow(
      `Handler(s) for unknown queue(s): ${chainQueue}`,
    );
    expect(() => assertHandlers(handlers, queueCatalogue, [chainQueue])).toThrow(`No handler for queue(s): ${chainQueue}`);
  });

  it("the deposit scan catalogue refuses a stream named `deposits` (custody's own) and two streams of one name", () => {
    const stream = (name: string): LogStream => ({ name, open: async () => null });
    expect(() => composeDepositScanCatalogue({ logStreams: [stream('deposits')], depositAttributions: [] })).toThrow(
      "log stream deposits is custody's own: give the stream another name",
    );
    expect(() =>
      composeDepositScanCatalogue({ logStreams: [stream('governor'), stream('minted'), stream('governor')], depositAttributions: [] }),
    ).toThrow('log stream governor is listed twice');
    const built = composeDepositScanCatalogue({ logStreams: [stream('governor'), stream('minted')], depositAttributions: [] });
    expect(built.logStreams.map((s) => s.name)).toEqual(['governor', 'minted']);
    expect(Object.isFrozen(built.logStreams)).toBe(true);
  });

  it('the deposit scan reads the Governor and asks the gasless deposits; a reset forgets both modules', () => {
    expect(depositScanCatalogue.logStreams.map((s) => s.name)).toEqual(['governor']);
    expect(depositScanCatalogue.depositAttributions).toHaveLength(1);
    expect(chainResets).toHaveLength(2);
  });
});
