import { randomBytes } from 'node:crypto';
import type { DeliveryStatus, Webhook } from '@gw/db';
import {
  AppError,
  type Context,
  type WebhookEvent,
  decodeCursor,
  encodeCursor,
  isUuid,
  createPortPolicy,
  resolveAllowed,
  urlPort,
  type Resolver,
  enqueueDeliveries,
  enqueueRecovery,
} from '@gw/runtime';
import type { EndpointGate } from './endpoint-gate.js';
import { toDeliveryDto, toWebhookDto, type DeliveryDto, type WebhookDto, type WebhookWithHealthDto } from './webhook-dto.js';

type Ctx = Pick<Context, 'prisma' | 'queues' | 'config' | 'secretBox' | 'logger'> & { gate: Pick<EndpointGate, 'reset'> };

/** A new signing secret: `whsec_` + base64 of 32 random bytes (Standard Webhooks format). */
export const generateWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * Normalises a destination URL and refuses what must not be called: non-http(s) schemes,
 * credentials in the URL, and (unless WEBHOOK_ALLOW_PRIVATE_URLS) hosts that are or resolve to
 * private, loopback or link-local addresses, or do not resolve at all. The worker checks the
 * address again at connect time, so a later DNS change cannot open a way in. Issue #11: the port
 * (explicit, or 80/443 by scheme) must pass `portAllowed` (WEBHOOK_ALLOWED_PORTS minus
 * WEBHOOK_BLOCKED_PORTS), also when private URLs are allowed.
 * @throws AppError('validation-error')
 */
export async function checkDestination(
  rawUrl: string,
  allowPrivate: boolean,
  resolver?: Resolver,
  portAllowed: (port: number) => boolean = () => true,
): Promise<string> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new AppError('validation-error', 'url must be an absolute http(s) URL', { errors: [{ path: 'url', message: 'invalid URL' }] });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AppError('validation-error', 'url must use https (or http)', { errors: [{ path: 'url', message: 'unsupported scheme' }] });
  }
  if (url.username || url.password) {
    throw new AppError('validation-error', 'url must not carry credentials', { errors: [{ path: 'url', message: 'credentials in URL' }] });
  }
  url.hash = '';
  if (!portAllowed(urlPort(url))) {
    const message = `port ${urlPort(url)} is not allowed for webhook destinations (see WEBHOOK_ALLOWED_PORTS in the README)`;
    throw new AppError('validation-error', message, { errors: [{ path: 'url', message }] });
  }
  // With private destinations allowed there is nothing to guard: no DNS look-up at all.
  if (allowPrivate) return url.toString();
  try {
    await resolveAllowed(url.hostname, false, resolver);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const message = code === 'ESSRF' ? 'url resolves to a private, loopback or link-local address' : 'url host does not resolve';
    throw new AppError('validation-error', message, { errors: [{ path: 'url', message }] });
  }
  return url.toString();
}

export interface RegisterResult {
  created: boolean;
  webhook: WebhookDto & { secret: string };
}

/**
 * Registers a destination, or updates it when the organization already has this URL
 * (spec, Webhook endpoints rules 1 and 2): events replaced, secret rotated (the old one stops
 * working at once), webhook re-activated. One statement (`INSERT ... ON CONFLICT DO UPDATE`),
 * so concurrent registrations of one URL cannot create a duplicate.
 * @param events defaults to `["payment.settled"]` (spec)
 * @returns `created` tells 201 from 200; the secret is returned only here
 */
export async function registerWebhook(
  ctx: Ctx,
  organizationId: string,
  input: {
    url: string;
    events?: WebhookEvent[] | undefined;
    signatureScheme?: 'service' | 'standard-webhooks' | undefined;
    maxConcurrency?: number | undefined;
  },
  resolver?: Resolver,
): Promise<RegisterResult> {
  const ports = createPortPolicy(ctx.config.WEBHOOK_ALLOWED_PORTS, ctx.config.WEBHOOK_BLOCKED_PORTS);
  const url = await checkDestination(input.url, ctx.config.WEBHOOK_ALLOW_PRIVATE_URLS, resolver, ports);
  const events = [...new Set(input.events ?? ['payment.settled'])];
  const scheme = input.signatureScheme ?? 'service';
  const secret = generateWebhookSecret();
  const sealed = ctx.secretBox.seal(secret);
  const maxConcurrency = input.maxConcurrency ?? null;
  const max = ctx.config.WEBHOOKS_MAX_PER_ORG;
  // Issue #11: at most WEBHOOKS_MAX_PER_ORG active webhooks per organization. The per-organization
  // advisory lock serialises concurrent registrations, so a burst cannot pass the cap.
  const rows = await ctx.prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`webhooks:${organizationId}`}, 0))`;
    const counted = await tx.$queryRaw<{ others: number }[]>`
      SELECT count(*)::int AS others FROM webhooks WHERE organization_id = ${organizationId}::uuid AND active AND url <> ${url}`;
    if (counted[0]!.others >= max) {
      throw new AppError('webhook-limit-reached', `An organization can have at most ${max} active webhooks; deactivate one first`, {
        limit: max,
      });
    }
    return tx.$queryRaw<(Webhook & { inserted: boolean })[]>`
    INSERT INTO webhooks (id, organization_id, url, events, secret_encrypted, signature_scheme, max_concurrency, active, created_at, updated_at)
    VALUES (gen_random_uuid(), ${organizationId}::uuid, ${url}, ${events}::text[], ${sealed}, ${scheme}, ${maxConcurrency}::int, true, now(), now())
    ON CONFLICT (organization_id, url) DO UPDATE
      SET events = EXCLUDED.events, secret_encrypted = EXCLUDED.secret_encrypted, signature_scheme = EXCLUDED.signature_scheme,
          max_concurrency = EXCLUDED.max_concurrency, active = true, disabled_reason = NULL, disabled_at = NULL, updated_at = now()
    RETURNING id::text AS id, url, events, signature_scheme AS "signatureScheme", max_concurrency AS "maxConcurrency",
              active, disabled_reason AS "disabledReason", created_at AS "createdAt", (xmax = 0) AS inserted`;
  });
  const row = rows[0]!;
  // Issue #10: a re-registered endpoint starts with a closed circuit (its owner says it is fixed).
  if (!row.inserted) await ctx.gate.reset(row.id);
  return { created: row.inserted, webhook: { ...toWebhookDto(row), secret } };
}

/** The organization's webhooks, oldest first, without secrets. */
export async function listWebhooks(ctx: Pick<Context, 'prisma'>, organizationId: string): Promise<WebhookDto[]> {
  const rows = await ctx.prisma.webhook.findMany({ where: { organizationId }, orderBy: { createdAt: 'asc' } });
  return rows.map(toWebhookDto);
}

/**
 * The list with each endpoint's circuit (issue #10): the list may come from the per-process cache,
 * the health is always read live from Redis (one pipeline).
 */
export async function withHealth(gate: Pick<EndpointGate, 'health'>, list: WebhookDto[]): Promise<WebhookWithHealthDto[]> {
  // `health` answers for every id asked (a webhook never attempted is closed).
  const health = await gate.health(list.map((w) => w.id));
  return list.map((w) => ({ ...w, health: health.get(w.id)! }));
}

/**
 * Deactivates a webhook: no new deliveries are created for it, and pending ones are not
 * attempted (they end `dead` with `lastError` "webhook deactivated"; re-registering the URL
 * re-activates it and they can be resent by hand).
 * @throws AppError('not-found') unknown id or another organization's webhook
 */
export async function deactivateWebhook(ctx: Pick<Context, 'prisma'>, organizationId: string, id: string): Promise<WebhookDto> {
  if (!isUuid(id)) throw new AppError('not-found', 'No such webhook');
  const { count } = await ctx.prisma.webhook.updateMany({ where: { id, organizationId }, data: { active: false } });
  if (count === 0) throw new AppError('not-found', 'No such webhook');
  return toWebhookDto(await ctx.prisma.webhook.findUniqueOrThrow({ where: { id } }));
}

/**
 * Recent deliveries of the organization, newest first, optionally filtered by status.
 * @param limit 1..100
 */
export async function listDeliveries(
  ctx: Pick<Context, 'prisma'>,
  organizationId: string,
  q: { status?: DeliveryStatus | undefined; limit: number; cursor?: string | undefined },
): Promise<{ data: DeliveryDto[]; nextCursor: string | null }> {
  const after = decodeCursor(q.cursor);
  if (q.cursor && !after) throw new AppError('validation-error', 'cursor is not valid');
  const rows = await ctx.prisma.delivery.findMany({
    where: { organizationId, ...(q.status ? { status: q.status } : {}), ...(after ? { id: { lt: after } } : {}) },
    orderBy: { id: 'desc' },
    take: q.limit + 1,
  });
  const page = rows.slice(0, q.limit);
  return { data: page.map(toDeliveryDto), nextCursor: rows.length > q.limit ? encodeCursor(page[page.length - 1]!.id) : null };
}

/**
 * Manual resend (spec, States: dead → retry; issue #2): a `dead` or `delivered` delivery gets one
 * new immediate attempt; success ends `delivered`, failure `dead` again (no automatic back-off).
 * @returns the delivery's id and its status now (`pending` until the attempt is made)
 * @throws AppError not-found, invalid-state (already pending, or its webhook is deactivated)
 */
export async function retryDelivery(ctx: Ctx, organizationId: string, id: string): Promise<{ id: string; status: 'pending' }> {
  if (!isUuid(id)) throw new AppError('not-found', 'No such delivery');
  await ctx.prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM deliveries WHERE id = ${id}::uuid AND organization_id = ${organizationId}::uuid FOR UPDATE`;
    const delivery = await tx.delivery.findFirst({ where: { id, organizationId }, include: { webhook: { select: { active: true } } } });
    if (!delivery) throw new AppError('not-found', 'No such delivery');
    if (delivery.status === 'pending') throw new AppError('invalid-state', 'Delivery is pending: attempts are still scheduled');
    if (!delivery.webhook.active) throw new AppError('invalid-state', 'The webhook is deactivated; register its URL again first');
    await tx.delivery.update({ where: { id }, data: { status: 'pending', manual: true, nextAttemptAt: new Date() } });
  });
  try {
    await enqueueDeliveries(ctx.queues, [id], { replaceFinished: true });
  } catch (err) {
    ctx.logger.warn({ err, deliveryId: id }, 'manual resend not enqueued; the sweeper will re-enqueue');
  }
  return { id, status: 'pending' };
}

/** How far back a bulk recovery may reach (issue #10): 30 days, in ms. */
export const RECOVERY_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

/**
 * Bulk recovery after an outage (issue #10): every `dead` delivery of the webhook created at or
 * after `since` gets one new attempt, the way a manual resend does. This call only counts them and
 * queues the work (`webhook-recovery` queue, see `recoverDeadDeliveries`); nothing changes if the
 * enqueue fails.
 * @param since at most {@link RECOVERY_MAX_AGE_MS} ago and not in the future
 * @returns `recovered`: the dead deliveries the job will reopen
 * @throws AppError validation-error (`since` out of range), not-found (unknown id or another
 *   organization's webhook), invalid-state (the webhook is deactivated)
 */
export async function recoverWebhook(
  ctx: Pick<Context, 'prisma' | 'queues'>,
  organizationId: string,
  webhookId: string,
  since: Date,
): Promise<{ recovered: number }> {
  const until = new Date();
  if (since.getTime() > until.getTime() || until.getTime() - since.getTime() > RECOVERY_MAX_AGE_MS) {
    const message = 'since must be within the last 30 days';
    throw new AppError('validation-error', message, { errors: [{ path: 'since', message }] });
  }
  if (!isUuid(webhookId)) throw new AppError('not-found', 'No such webhook');
  const webhook = await ctx.prisma.webhook.findFirst({ where: { id: webhookId, organizationId }, select: { active: true } });
  if (!webhook) throw new AppError('not-found', 'No such webhook');
  if (!webhook.active) throw new AppError('invalid-state', 'The webhook is deactivated; register its URL again first');
  const [row] = await ctx.prisma.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM deliveries
    WHERE webhook_id = ${webhookId}::uuid AND organization_id = ${organizationId}::uuid AND status = 'dead'
      AND created_at >= ${since} AND updated_at <= ${until}`;
  const recovered = row?.n ?? 0;
  if (recovered > 0) {
    await enqueueRecovery(ctx.queues, { organizationId, webhookId, since: since.toISOString(), until: until.toISOString() });
  }
  return { recovered };
}
