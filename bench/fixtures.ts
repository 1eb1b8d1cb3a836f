/**
 * Data the bench needs, made through the product's own service functions: one organization
 * with an API key, `webhooks` active webhooks (distinct paths on the local receiver, all
 * subscribed to `payment.settled`), a payer wallet with a large minted balance, and pending
 * payments to confirm.
 *
 * @module
 */
import { getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import {
  createPayment,
  ensureNativeToken,
  ISSUANCE,
  issueCredential,
  parseScopes,
  postEntry,
  registerWebhook,
  type Context,
} from '@gw/core';

export interface Fixtures {
  organizationId: string;
  /** API key with every scope (plaintext, shown once by `issueCredential`). */
  apiKey: string;
  /** Checksummed address of the payer of every pipeline payment. */
  payer: string;
  webhookIds: string[];
}

/** Amount of each bench payment, in base units. */
export const PAYMENT_AMOUNT = 1n;

/**
 * Creates the organization, its API key, the webhooks pointing at `receiverBaseUrl/hooks/<i>`
 * and a payer holding 10^30 base units.
 */
export async function createFixtures(ctx: Context, receiverBaseUrl: string, webhooks: number): Promise<Fixtures> {
  await ensureNativeToken(ctx.prisma, ctx.config);
  const org = await ctx.prisma.organization.create({ data: { name: 'bench' } });
  const key = await issueCredential(ctx.prisma, { organizationId: org.id, kind: 'api_key', scopes: parseScopes('all') });
  const webhookIds: string[] = [];
  for (let i = 0; i < webhooks; i++) {
    const { webhook } = await registerWebhook(ctx, org.id, { url: `${receiverBaseUrl}/hooks/${i}`, events: ['payment.settled'] });
    webhookIds.push(webhook.id);
  }
  const payer = getAddress(privateKeyToAccount(generatePrivateKey()).address);
  await ctx.prisma.$transaction((tx) =>
    postEntry(tx, {
      kind: 'mint',
      token: ctx.config.NATIVE_TOKEN_SYMBOL,
      legs: [
        { owner: ISSUANCE, amount: -(10n ** 30n) },
        { owner: { type: 'wallet', id: payer }, amount: 10n ** 30n },
      ],
    }),
  );
  return { organizationId: org.id, apiKey: key.secret, payer, webhookIds };
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
