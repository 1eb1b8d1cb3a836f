import { Router } from 'express';
import { deactivateWebhook, listDeliveries, listWebhooks, registerWebhook, retryDelivery } from '@gw/core';
import type { ApiDeps } from '../deps.js';
import { auth, requireAuth } from '../http/authenticate.js';
import { parse } from '../http/validate.js';
import { listDeliveriesQuery, registerWebhookBody } from './schemas.js';

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
   * GET /gateway/v1/webhooks → `{ data: [{ id, url, events, signatureScheme, active, createdAt }] }`,
   * never a secret. Served from a per-process cache (WEBHOOK_CACHE_TTL_MS) that every change evicts
   * on every replica.
   */
  r.get('/webhooks', read, async (_req, res) => {
    const organizationId = auth(res).principal.organizationId;
    res.json({ data: await deps.webhookLists.get(organizationId, () => listWebhooks(deps, organizationId)) });
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
