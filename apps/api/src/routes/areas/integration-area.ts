import { Router } from 'express';
import { AppError } from '@gw/runtime';
import { findAbi, loadAbiCatalog, matchesIfNoneMatch, loadContractAddresses } from '@gw/core/contracts';
import { consumeCredits, getCreditBalance, purchaseCredits } from '@gw/core/credits';
import { getBridgeTransfer, initiateBridge } from '@gw/core/bridge';
import type { ApiDeps } from '../../deps.js';
import { auth, requireAuth, session } from '../../http/authenticate.js';
import { parse } from '../../http/validate.js';
import { sendIdempotent } from '../../http/send-idempotent.js';
import { bridgeInitiateBody, consumeCreditsBody, purchaseCreditsBody } from '../integration-schemas.js';

/** Public, rarely changing documents: caches may keep them a few minutes (ETag revalidates the ABIs). */
const PUBLIC_CACHE = 'public, max-age=300';

/**
 * Contract addresses and ABIs, bridge, AI billing (issue #3).
 * `gateway` is mounted at `/api/gateway/v1`, `root` at `/api` (for `/v1/...`,
 * `/cargolink/v1/...`, `/ai-billing/...`, `/contracts-abi/...`).
 *
 * `config/contracts.json` and `contracts-abi/` are read once, here, when the app is built: a bad
 * file stops start-up, and requests never touch the filesystem.
 */
export function integrationArea(deps: ApiDeps): { gateway: Router; root: Router } {
  const contracts = loadContractAddresses();
  const abis = loadAbiCatalog();
  const gateway = Router();
  const root = Router();

  /**
   * GET /gateway/v1/contracts/addresses (public) → `{ version, networks: { "<CAIP-2 id>":
   * { name, contracts: { token, staking, governor, treasury, bridge } } } }`, checksummed addresses.
   */
  gateway.get('/contracts/addresses', (_req, res) => {
    res.setHeader('Cache-Control', PUBLIC_CACHE);
    res.json(contracts);
  });

  /**
   * POST /gateway/v1/bridge/initiate (bridge:write) `{ toChainId, toAddress, amount, token? }`
   * → 202 bridge transfer, `initiated`; the amount is in escrow at once and a relay job completes
   * (or fails and refunds) it. Unsupported chain → 400 `unsupported-chain`; short balance → 422.
   * Optional `Idempotency-Key`.
   */
  gateway.post('/bridge/initiate', requireAuth(deps, { scope: 'bridge:write' }), async (req, res) => {
    const body = parse(bridgeInitiateBody, req.body);
    const result = await initiateBridge(deps, contracts, {
      organizationId: auth(res).principal.organizationId,
      address: session(res).address,
      toChainId: body.toChainId,
      toAddress: body.toAddress,
      amount: BigInt(body.amount),
      token: body.token,
      idempotencyKey: req.get('idempotency-key'),
    });
    sendIdempotent(res, result);
  });

  /**
   * GET /gateway/v1/bridge/transfers/:id (bridge:write: the specification's only bridge scope)
   * → the JWT wallet's transfer; another wallet's or an unknown id → 404.
   */
  gateway.get('/bridge/transfers/:id', requireAuth(deps, { scope: 'bridge:write' }), async (req, res) => {
    res.json(await getBridgeTransfer(deps, session(res).address, String(req.params.id)));
  });

  /**
   * GET /contracts-abi/<name>.json (public) → the ABI file, `application/json`, strong `ETag`;
   * `If-None-Match` with that tag → 304. The name is only looked up in the whitelist built at start.
   */
  root.get('/contracts-abi/:file', (req, res) => {
    const abi = findAbi(abis, String(req.params.file));
    if (!abi) throw new AppError('not-found', 'No such ABI');
    res.setHeader('ETag', abi.etag);
    res.setHeader('Cache-Control', PUBLIC_CACHE);
    if (matchesIfNoneMatch(req.get('if-none-match'), abi.etag)) {
      res.status(304).end();
      return;
    }
    res.status(200);
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Content-Length', abi.body.length);
    res.end(abi.body);
  });
  /** Anything else under /contracts-abi (other methods, nested or traversal paths) → 404. */
  root.use('/contracts-abi', () => {
    throw new AppError('not-found', 'No such ABI');
  });

  /**
   * POST /ai-billing/credits/purchase (billing:write) `{ credits }` → 201 payment (purpose
   * `credit_purchase`, amount = credits × CREDIT_PRICE); the payer confirms it with
   * `POST /gateway/v1/payments/:id/confirm`, which mints the credits. Optional `Idempotency-Key`.
   */
  root.post('/ai-billing/credits/purchase', requireAuth(deps, { scope: 'billing:write' }), async (req, res) => {
    const body = parse(purchaseCreditsBody, req.body);
    const result = await purchaseCredits(deps, {
      organizationId: auth(res).principal.organizationId,
      payer: session(res).address,
      credits: body.credits,
      idempotencyKey: req.get('idempotency-key'),
    });
    sendIdempotent(res, result);
  });

  /**
   * POST /ai-billing/consumption (billing:write) `{ units, feature }` → 201 `{ id, units, feature,
   * balance, createdAt }`; not enough credits → 402 `payment-required`. Optional `Idempotency-Key`.
   */
  root.post('/ai-billing/consumption', requireAuth(deps, { scope: 'billing:write' }), async (req, res) => {
    const body = parse(consumeCreditsBody, req.body);
    const result = await consumeCredits(deps, {
      organizationId: auth(res).principal.organizationId,
      address: session(res).address,
      units: body.units,
      feature: body.feature,
      idempotencyKey: req.get('idempotency-key'),
    });
    sendIdempotent(res, result);
  });

  /** GET /ai-billing/credits (billing:read) → `{ address, balance, recent: [{ id, feature, units, createdAt }] }`. */
  root.get('/ai-billing/credits', requireAuth(deps, { scope: 'billing:read' }), async (_req, res) => {
    res.json(await getCreditBalance(deps, auth(res).principal.organizationId, session(res).address));
  });

  return { gateway, root };
}
