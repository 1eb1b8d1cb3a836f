import { Router } from 'express';
import { AppError } from '@gw/runtime';
import {
  deactivateWebhook,
  listDeliveries,
  listWebhooks,
  recoverWebhook,
  registerWebhook,
  retryDelivery,
  withHealth,
} from '@gw/core/webhooks';
import type { ApiDeps } from '../deps.js';
import { auth, requireAuth } from '../http/authenticate.js';
import { parse } from '../http/validate.js';
import { listDeliveriesQuery, recoverWebhookBody, registerWebhookBody } from './schemas.js';

/**
 * Webhook management (spec, Webhook endpoints). `X-API-Key` with the organization's API key
 * only: a Bearer token alone is 401, an AI-connector token 403.
 */
export function webhooksRouter(deps: ApiDeps, r: Router = Router()): Router {
  const read = requireAuth(deps, { mode: 'webhooks', scope: 'webhooks:read' });
  const write = requireAuth(deps, { mode: 'webhooks', scope: 'webhooks:write' });
  /** Registrations and deactivations evict the cached list on every API replica. */
  const announce = { redis: deps.redis, prefix: deps.config.QUEUE_PREFIX };

  /**
   * POST /gateway/v1/webhooks/register `{ url, events? }` → 201 created / 200 updated
   * `{ id, url, events, secret, active, createdAt }`. The secret is shown only here; registering
   * the same URL again rotates it (the previous one stops working) and re-activates the webhook.
   */
  r.post('/webhooks/register', write, async (req, res) => {
    const body = parse(registerWebhookBody, req.body);
    const organizationId = auth(res).principal.organizationId;
    const result = await registerWebhook(deps, organizationId, body, deps.resolver);
    await deps.webhookLists.changed(organizationId, announce);
    res.status(result.created ? 201 : 200).json(result.webhook);
  });

  /**
   * GET /gateway/v1/webhooks → `{ data: [{ id, url, events, signatureScheme, active, maxConcurrency,
   * disabledReason, createdAt, health }] }`, never a secret. The list is served from a per-process
   * cache (WEBHOOK_CACHE_TTL_MS) that every change evicts on every replica; `health` (issue #10:
   * `{ state, consecutiveFailures, lastSuccessAt, lastFailureAt, openUntil }`) is read live from Redis.
   * @throws AppError('unavailable') when Redis cannot be read
   */
  r.get('/webhooks', read, async (_req, res) => {
    const organizationId = auth(res).principal.organizationId;
    const list = await deps.webhookLists.get(organizationId, () => listWebhooks(deps, organizationId));
    const data = await withHealth(deps.gate, list).catch((err: unknown) => {
      deps.logger.warn({ err: { message: (err as Error).message } }, 'webhook health unreadable');
      throw new AppError('unavailable', 'Webhook health is temporarily unavailable; try again');
    });
    res.json({ data });
  });

  /**
   * POST /gateway/v1/webhooks/:id/recover `{ since }` → 202 `{ recovered }` (issue #10): every dead
   * delivery of the webhook created since `since` (≤ 30 days ago) gets one new attempt, through the
   * queue. 400 bad `since`, 404 unknown or another organization's webhook, 409 deactivated webhook.
   */
  r.post('/webhooks/:id/recover', write, async (req, res) => {
    const body = parse(recoverWebhookBody, req.body);
    const organizationId = auth(res).principal.organizationId;
    res.status(202).json(await recoverWebhook(deps, organizationId, String(req.params.id), new Date(body.since)));
  });

  /**
   * GET /gateway/v1/webhooks/deliveries?status=pending|delivered|dead&limit=&cursor=
   * → `{ data: [{ id, webhookId, event, status, attempts, nextAttemptAt, lastStatusCode, lastError, createdAt, deliveredAt }], nextCursor }`, newest first.
   */
  r.get('/webhooks/deliveries', read, async (req, res) => {
    const q = parse(listDeliveriesQuery, req.query, 'query');
    res.json(await listDeliveries(deps, auth(res).principal.organizationId, q));
  });

  /** POST /gateway/v1/webhooks/deliveries/:id/retry → 202 `{ id, status: "pending" }`; pending → 409; other org → 404. */
  r.post('/webhooks/deliveries/:id/retry', write, async (req, res) => {
    res.status(202).json(await retryDelivery(deps, auth(res).principal.organizationId, String(req.params.id)));
  });

  /** DELETE /gateway/v1/webhooks/:id → 200 webhook with `active: false`; no new deliveries are made for it. */
  r.delete('/webhooks/:id', write, async (req, res) => {
    const organizationId = auth(res).principal.organizationId;
    const webhook = await deactivateWebhook(deps, organizationId, String(req.params.id));
    await deps.webhookLists.changed(organizationId, announce);
    res.json(webhook);
  });

  return r;
}
