/**
 * Data the bench needs, made through the product's own service functions: the pipeline's
 * organization with an API key and `webhooks` active webhooks (distinct paths on the local
 * receiver, all subscribed to `payment.settled`), a payer wallet with a large minted balance,
 * pending payments to confirm, and the API section's own organization (a typical integrator:
 * a few webhooks).
 *
 * @module
 */
import { getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createEndpointGate, registerWebhook } from '@gw/core/webhooks';
import { createPayment } from '@gw/core/payments';
import { ensureNativeToken, ISSUANCE, transfer } from '@gw/core/ledger';
import { withTransaction } from '@gw/db';
import { issueCredential } from '@gw/core/auth';
import { type Context } from '@gw/runtime';
import { parseScopes } from '@gw/core/auth';

export interface Fixtures extends Organization {
  /** Checksummed address of the payer of every pipeline payment. */
  payer: string;
}

/** Amount of each bench payment, in base units. */
export const PAYMENT_AMOUNT = 1n;

/** An organization with an API key (all scopes) and webhooks on the receiver. */
export interface Organization {
  organizationId: string;
  /** API key with every scope (plaintext, shown once by `issueCredential`). */
  apiKey: string;
  webhookIds: string[];
}

/**
 * Creates an organization, its API key and `webhooks` webhooks pointing at
 * `receiverBaseUrl/<name>/<i>` (subscribed to `payment.settled`).
 */
export async function createOrganization(ctx: Context, name: string, receiverBaseUrl: string, webhooks: number): Promise<Organization> {
  const org = await ctx.prisma.organization.create({ data: { name: `bench-${name}` } });
  const key = await issueCredential(ctx.prisma, { organizationId: org.id, kind: 'api_key', scopes: parseScopes('all') });
  const webhookIds: string[] = [];
  // registerWebhook resets a re-registered endpoint's circuit; the bench's are all new.
  const gate = createEndpointGate(ctx.redis, ctx.config.QUEUE_PREFIX, ctx.config);
  for (let i = 0; i < webhooks; i++) {
    const { webhook } = await registerWebhook({ ...ctx, gate }, org.id, {
      url: `${receiverBaseUrl}/${name}/${i}`,
      events: ['payment.settled'],
    });
    webhookIds.push(webhook.id);
  }
  return { organizationId: org.id, apiKey: key.secret, webhookIds };
}

/** The pipeline's organization (see {@link createOrganization}) and a payer holding 10^30 base units. */
export async function createFixtures(ctx: Context, receiverBaseUrl: string, webhooks: number): Promise<Fixtures> {
  await ensureNativeToken(ctx.prisma, ctx.config);
  const org = await createOrganization(ctx, 'pipeline', receiverBaseUrl, webhooks);
  const payer = getAddress(privateKeyToAccount(generatePrivateKey()).address);
  await fundWallet(ctx, payer);
  return { ...org, payer };
}

/** Mints `amount` (default 10^30 base units) of the native token to a wallet (checksummed address). */
export async function fundWallet(ctx: Context, address: string, amount = 10n ** 30n): Promise<void> {
  await withTransaction(ctx.prisma, (tx) =>
    transfer(tx, { kind: 'mint', token: ctx.config.NATIVE_TOKEN_SYMBOL, from: ISSUANCE, to: { type: 'wallet', id: address }, amount }),
  );
}

/**
 * Creates `count` pending payments from the payer to the organization (expiry in one hour, so
 * none expires during a run). Not measured.
 * @returns their ids, in creation order
 */
export async function createPendingPayments(ctx: Context, fx: Fixtures, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const { body } = await createPayment(ctx, {
      organizationId: fx.organizationId,
      payer: fx.payer,
      amount: PAYMENT_AMOUNT,
      expiresInSeconds: 3600,
    });
    ids.push(body.id);
  }
  return ids;
}
