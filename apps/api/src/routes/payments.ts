import { Router } from 'express';
import { confirmPayment, createPayment, getPayment, listPayments, refundPayment } from '@gw/core/payments';
import type { ApiDeps } from '../deps.js';
import { auth, requireAuth, session } from '../http/authenticate.js';
import { parse } from '../http/validate.js';
import { sendIdempotent } from '../http/send-idempotent.js';
import { createPaymentBody, listPaymentsQuery } from './schemas.js';

/**
 * Payments (issue #2). The JWT's wallet is the payer; the API key's organization is the payee.
 * Amounts are strings of integer base units of the native token.
 */
export function paymentsRouter(deps: ApiDeps, r: Router = Router()): Router {
  /**
   * POST /gateway/v1/payments (payments:write) `{ amount, description?, expiresInSeconds? }`
   * → 201 payment `{ id, status: "pending", amount, payer, expiresAt, createdAt, ... }`.
   * Optional `Idempotency-Key`: same key and body → the same payment (header `Idempotent-Replayed: true`);
   * same key, other body → 409 `idempotency-key-reused`.
   */
  r.post('/payments', requireAuth(deps, { scope: 'payments:write' }), async (req, res) => {
    const body = parse(createPaymentBody, req.body);
    const { principal } = auth(res);
    const result = await createPayment(deps, {
      organizationId: principal.organizationId,
      payer: session(res).address,
      amount: BigInt(body.amount),
      description: body.description,
      expiresInSeconds: body.expiresInSeconds,
      idempotencyKey: req.get('idempotency-key'),
    });
    sendIdempotent(res, result);
  });

  /** GET /gateway/v1/payments?status=&limit=&cursor= (payments:read) → `{ data, nextCursor }`, newest first. */
  r.get('/payments', requireAuth(deps, { scope: 'payments:read' }), async (req, res) => {
    const q = parse(listPaymentsQuery, req.query, 'query');
    res.json(await listPayments(deps, auth(res).principal.organizationId, q));
  });

  /** GET /gateway/v1/payments/:id (payments:read) → payment; another organization's → 404. */
  r.get('/payments/:id', requireAuth(deps, { scope: 'payments:read' }), async (req, res) => {
    res.json(await getPayment(deps, auth(res).principal.organizationId, String(req.params.id)));
  });

  /**
   * POST /gateway/v1/payments/:id/confirm (payments:write; the payer's JWT) → 200 payment,
   * `settled`, or `failed` when the payer's balance is short. Not pending → 409; not the payer → 403.
   */
  r.post('/payments/:id/confirm', requireAuth(deps, { scope: 'payments:write' }), async (req, res) => {
    res.json(await confirmPayment(deps, auth(res).principal.organizationId, String(req.params.id), session(res).address));
  });

  /** POST /gateway/v1/payments/:id/refund (payments:write; the payee organization) → 200 `refunded`. Not settled → 409. */
  r.post('/payments/:id/refund', requireAuth(deps, { scope: 'payments:write' }), async (req, res) => {
    res.json(await refundPayment(deps, auth(res).principal.organizationId, String(req.params.id)));
  });

  return r;
}
