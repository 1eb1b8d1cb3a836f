import { describe, expect, it } from '@jest/globals';
import { PaymentPurpose } from '@gw/db';
import { assertChainTransactionKinds, chainTransactionCatalogue, type ChainTransactionKind } from '@gw/core/chain';
import { ALLOWANCE_RESET_KIND, WITHDRAWAL_KIND } from '@gw/core/custody-outflows';
import { BRIDGE_KINDS } from '@gw/core/bridge';
import { GOVERNANCE_KINDS } from '@gw/core/governance';
import { PERMIT_DEPOSIT_KINDS } from '@gw/core/permit-deposits';
import { STAKING_KINDS } from '@gw/core/staking';
import { chainTransactionKinds, depositScanCatalogue, writtenChainTransactionKinds } from '@gw/worker/catalogue';
import { chainResets, paymentFulfilments } from '@gw/api/catalogue';

/**
 * The catalogues the processes are composed with: what the worker finishes when the chain answers,
 * what the API runs when a payment settles or a chain was reset. Each is a list written where the
 * process is composed; these tests hold the lists complete and the checks that refuse a
 * mis-wired process honest.
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

  it('the deposit scan reads the Governor and asks the gasless deposits; a reset forgets both modules', () => {
    expect(depositScanCatalogue.logStreams.map((s) => s.name)).toEqual(['governor']);
    expect(depositScanCatalogue.depositAttributions).toHaveLength(1);
    expect(chainResets).toHaveLength(2);
  });
});
