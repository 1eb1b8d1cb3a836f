import { describe, expect, it } from '@jest/globals';
import { assertPaymentFulfilments } from '@gw/core/payments';
import '@gw/core/credits';

/**
 * Payment purposes and their fulfilments (issue #26): payments settles a purchase, the module
 * that owns the purpose delivers what was bought (credits mint the credits). A process that can
 * settle payments checks at start-up that every purpose of the schema has its fulfilment loaded
 * (`createApp` calls the assertion), so a mis-wired process fails before a confirm, not during one.
 */
describe('payment fulfilments', () => {
  it('every purpose of the schema has a fulfilment once credits is loaded', () => {
    expect(() => assertPaymentFulfilments()).not.toThrow();
  });

  it('a purpose without one is named in the start-up error', () => {
    expect(() => assertPaymentFulfilments(['payment', 'credit_purchase', 'subscription'])).toThrow(
      'payment purposes without a fulfilment: subscription',
    );
  });
});
