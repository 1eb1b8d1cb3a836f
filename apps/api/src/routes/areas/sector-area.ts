import { Router, type Response } from 'express';
import { AppError } from '@gw/runtime';
import { carbonCredits } from '@gw/core/energy';
import {
  findTariffs,
  ingestCertificate,
  ingestCheckpoint,
  ingestShipment,
  listCertificates,
  listCheckpoints,
  listShipments,
  requestClearance,
} from '@gw/core/logistics';
import { listConsents, recordConsent, revokeConsent } from '@gw/core/consents';
import { readHealthRecords } from '@gw/core/health-records';
import type { ApiDeps } from '../../deps.js';
import { auth, requireAuth, session } from '../../http/authenticate.js';
import { parse } from '../../http/validate.js';
import { sendIdempotent } from '../../http/send-idempotent.js';
import {
  carbonCreditsQuery,
  findTariffsQuery,
  healthRecordsQuery,
  ingestCertificateBody,
  ingestCheckpointBody,
  ingestShipmentBody,
  listCertificatesQuery,
  listCheckpointsQuery,
  listConsentsQuery,
  listShipmentsQuery,
  recordConsentBody,
  requestClearanceBody,
  revokeConsentBody,
} from '../sector-schemas.js';

/**
 * The JWT must carry `role` (spec, Roles: `agent` = operations of sector agents), granted by the
 * operator CLI and read at login.
 * @throws AppError('role-required') 403 with `requiredRole`
 */
function requireRole(res: Response, role: 'agent'): string {
  const s = session(res);
  if (!s.roles.includes(role)) {
    throw new AppError('role-required', `This operation needs a wallet with the role ${role}`, { requiredRole: role });
  }
  return s.address;
}

/** Personal data must not be kept by caches along the way. */
const noStore = (res: Response) => res.setHeader('Cache-Control', 'no-store');

/**
 * Logistics, customs, energy, health records and consents, cargolink (issue #3).
 * `gateway` is mounted at `/api/gateway/v1`, `root` at `/api` (for `/v1/...`,
 * `/cargolink/v1/...`, `/ai-billing/...`, `/contracts-abi/...`).
 * Every route takes the API key and the JWT (gateway mode); tenant data comes from the API key's
 * organization only.
 */
export function sectorArea(deps: ApiDeps): { gateway: Router; root: Router } {
  const gateway = Router();
  const root = Router();
  const org = (res: Response) => auth(res).principal.organizationId;

  // --- Supply (logistics:read) ------------------------------------------------------------------

  /** GET /v1/supply/shipments?status=&limit=&cursor= → `{ data: [shipment], nextCursor }`, newest first. */
  root.get('/v1/supply/shipments', requireAuth(deps, { scope: 'logistics:read' }), async (req, res) => {
    const q = parse(listShipmentsQuery, req.query, 'query');
    res.json(await listShipments(deps, org(res), q));
  });

  /** GET /v1/supply/checkpoints?shipmentId=&limit=&cursor= → checkpoints in `recordedAt` order; another organization's shipment → 404. */
  root.get('/v1/supply/checkpoints', requireAuth(deps, { scope: 'logistics:read' }), async (req, res) => {
    const q = parse(listCheckpointsQuery, req.query, 'query');
    res.json(await listCheckpoints(deps, org(res), q));
  });

  /** GET /v1/supply/certificates?shipmentId=&limit=&cursor= → `{ data: [certificate], nextCursor }`, newest first. */
  root.get('/v1/supply/certificates', requireAuth(deps, { scope: 'logistics:read' }), async (req, res) => {
    const q = parse(listCertificatesQuery, req.query, 'query');
    res.json(await listCertificates(deps, org(res), q));
  });

  /** GET /v1/supply/tariffs?hsCode=&origin=&destination=&limit=&cursor= → reference duty rates. */
  root.get('/v1/supply/tariffs', requireAuth(deps, { scope: 'logistics:read' }), async (req, res) => {
    const q = parse(findTariffsQuery, req.query, 'query');
    res.json(await findTariffs(deps, q));
  });

  // --- Customs (customs:write and the JWT role agent) --------------------------------------------

  /** POST /v1/supply/customs/clear `{ shipmentId, declaredValue, hsCode }` → 202 clearance `submitted`. */
  root.post('/v1/supply/customs/clear', requireAuth(deps, { scope: 'customs:write' }), async (req, res) => {
    const agent = requireRole(res, 'agent');
    const body = parse(requestClearanceBody, req.body);
    const result = await requestClearance(deps, {
      organizationId: org(res),
      agent,
      shipmentId: body.shipmentId,
      declaredValue: BigInt(body.declaredValue),
      hsCode: body.hsCode,
      idempotencyKey: req.get('idempotency-key'),
    });
    sendIdempotent(res, result);
  });

  // --- Energy (energy:read) ----------------------------------------------------------------------

  /** GET /v1/energy/credits?limit=&cursor= → `{ held, retired, vintages, data, nextCursor }`. */
  root.get('/v1/energy/credits', requireAuth(deps, { scope: 'energy:read' }), async (req, res) => {
    const q = parse(carbonCreditsQuery, req.query, 'query');
    res.json(await carbonCredits(deps, org(res), q));
  });

  // --- Health (health:read and the patient's consent) --------------------------------------------

  /**
   * GET /v1/health/records?patient=<0x…>&limit=&cursor= → `{ patient, consentId, data, nextCursor }`
   * while the patient's consent for this organization is active, else 403 `consent-required`.
   * Every attempt past validation is written to the access log.
   */
  root.get('/v1/health/records', requireAuth(deps, { scope: 'health:read' }), async (req, res) => {
    noStore(res);
    const q = parse(healthRecordsQuery, req.query, 'query');
    const { principal } = auth(res);
    res.json(
      await readHealthRecords(deps, {
        organizationId: principal.organizationId,
        credentialId: principal.credentialId,
        caller: session(res).address,
        patient: q.patient,
        limit: q.limit,
        cursor: q.cursor,
      }),
    );
  });

  // --- Consents: the patient's own JWT (any scope) -----------------------------------------------

  /**
   * POST /gateway/v1/consents `{ consent: { organization, purpose, scopes, issuedAt, expiresAt, nonce }, signature }`
   * → 201 consent with its signature. The signature must be the JWT wallet's EIP-712 signature of
   * the statement (issue #11: the JWT alone no longer creates a consent); a newer consent for the
   * same organization replaces the active one. Bad or stale signature, reused nonce → 422.
   */
  gateway.post('/consents', requireAuth(deps), async (req, res) => {
    noStore(res);
    const body = parse(recordConsentBody, req.body);
    const { consent } = await recordConsent(deps, {
      patient: session(res).address,
      statement: body.consent,
      signature: body.signature,
      maxAgeSeconds: deps.config.CONSENT_SIGNATURE_MAX_AGE_SECONDS,
    });
    res.status(201).json(consent);
  });

  /** GET /gateway/v1/consents?limit=&cursor= → the wallet's consents, active and revoked, newest first. */
  gateway.get('/consents', requireAuth(deps), async (req, res) => {
    noStore(res);
    const q = parse(listConsentsQuery, req.query, 'query');
    res.json(await listConsents(deps, session(res).address, q));
  });

  /**
   * DELETE /gateway/v1/consents/:id `{ revocation: { consentId, issuedAt, nonce }, signature }` → 200
   * consent with `revokedAt` and `revocationSignature`; another wallet's → 404; bad signature → 422.
   */
  gateway.delete('/consents/:id', requireAuth(deps), async (req, res) => {
    noStore(res);
    const body = parse(revokeConsentBody, req.body);
    res.json(
      await revokeConsent(deps, session(res).address, String(req.params.id), {
        revocation: body.revocation,
        signature: body.signature,
        maxAgeSeconds: deps.config.CONSENT_SIGNATURE_MAX_AGE_SECONDS,
      }),
    );
  });

  // --- Cargolink: the logistics integration that feeds the supply endpoints (logistics:write) ----

  /** POST /cargolink/v1/shipments `{ reference, origin, destination, carrier?, hsCode? }` → 201; duplicate reference → 409. */
  root.post('/cargolink/v1/shipments', requireAuth(deps, { scope: 'logistics:write' }), async (req, res) => {
    const body = parse(ingestShipmentBody, req.body);
    const result = await ingestShipment(deps, {
      organizationId: org(res),
      caller: session(res).address,
      ...body,
      idempotencyKey: req.get('idempotency-key'),
    });
    sendIdempotent(res, result);
  });

  /** POST /cargolink/v1/shipments/:id/checkpoints `{ location, status, note?, recordedAt? }` → 201; updates the shipment's status. */
  root.post('/cargolink/v1/shipments/:id/checkpoints', requireAuth(deps, { scope: 'logistics:write' }), async (req, res) => {
    const body = parse(ingestCheckpointBody, req.body);
    const result = await ingestCheckpoint(deps, {
      organizationId: org(res),
      caller: session(res).address,
      shipmentId: String(req.params.id),
      ...body,
      idempotencyKey: req.get('idempotency-key'),
    });
    sendIdempotent(res, result);
  });

  /** POST /cargolink/v1/certificates `{ shipmentId?, kind, issuer, number, issuedAt, expiresAt? }` → 201. */
  root.post('/cargolink/v1/certificates', requireAuth(deps, { scope: 'logistics:write' }), async (req, res) => {
    const body = parse(ingestCertificateBody, req.body);
    const result = await ingestCertificate(deps, {
      organizationId: org(res),
      caller: session(res).address,
      ...body,
      idempotencyKey: req.get('idempotency-key'),
    });
    sendIdempotent(res, result);
  });

  return { gateway, root };
}
