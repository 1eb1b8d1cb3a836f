import type { ChainResetHandler } from '@gw/core/chain';
import { creditPurchaseFulfilment } from '@gw/core/credits';
import { forgetCustodyChain } from '@gw/core/custody';
import { forgetGovernanceIndex } from '@gw/core/governance';
import type { PaymentFulfilments } from '@gw/core/payments';

/**
 * What the API runs of other modules' business, listed where it is composed (its routes are in
 * `routes/catalogue.ts`). Nothing here is filled in at import time: a module offers a value, and
 * this list is the only place that decides the API runs it.
 */

/**
 * Settling or refunding a payment of a purpose other than `payment` also runs its owner's
 * fulfilment, in the same transaction. Typed over the schema's purposes: one missing fails to compile.
 */
export const paymentFulfilments: PaymentFulfilments = {
  // credits: mints the credits bought on settle, takes them back on refund (409 once consumed)
  credit_purchase: creditPurchaseFulfilment,
};

/**
 * What each module forgets of a chain that was reset, when the API redeploys our contracts at
 * start-up (a local node restarted without its state), in the redeployment's transaction.
 */
export const chainResets: readonly ChainResetHandler[] = [
  // custody: the deposit scan's cursors and block hashes (the chain is scanned afresh)
  forgetCustodyChain,
  // governance: the indexed proposals and votes (indexed afresh from the new governor)
  forgetGovernanceIndex,
];
