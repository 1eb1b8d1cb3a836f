import { z } from 'zod';
import { defineEnvSlice, envVar } from '@gw/runtime';

const { int } = envVar;

/**
 * The variables of `payments`: the expiry scan and the organizations' event quota. Each one's doc comment is its documentation:
 * `pnpm docs:generate` copies it into docs/configuration.md. Also listed in `.env.example`.
 */
export const paymentsEnv = z.object({
  /**
   * How often (ms) the expiry scan runs: one job per interval across every worker
   * replica (a BullMQ job scheduler) expires each pending payment past its `expiresAt`, so a
   * payment expires within about this long after it. A confirm after `expiresAt` expires the
   * payment at once whatever this is.
   */
  PAYMENT_EXPIRY_SCAN_MS: int(100, 3_600_000).default(1000),
  /**
   * Events an organization may cause per minute, whichever of its keys it uses: each
   * payment created (it will send `payment.settled`, `failed` or `expired`) and each refund counts
   * one; over it the request is 429 `event-quota-exceeded`. Bounds how fast one organization can
   * fill the shared delivery queue, however many webhooks it has.
   */
  ORG_EVENT_QUOTA_PER_MINUTE: int(1).default(600),
});

/** What `payments` adds to `Config` (`ctx.config`). */
export type PaymentsConfig = z.infer<typeof paymentsEnv>;

declare module '@gw/runtime' {
  interface Config extends PaymentsConfig {}
}

/** The slice of the environment `payments` declares; `@gw/core/config` composes it. */
export const paymentsEnvSlice = defineEnvSlice({
  owner: 'payments',
  schema: paymentsEnv,
  source: { url: import.meta.url, variable: 'paymentsEnv' },
});
