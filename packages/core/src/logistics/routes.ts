import { EX, defineRoute, idempotentReply, type Context } from '@gw/runtime';
import {
  Certificate,
  CertificatePage,
  Checkpoint,
  CheckpointPage,
  Clearance,
  Shipment,
  ShipmentPage,
  TariffPage,
  findTariffsQuery,
  ingestCertificateBody,
  ingestCheckpointBody,
  ingestShipmentBody,
  listCertificatesQuery,
  listCheckpointsQuery,
  listShipmentsQuery,
  logisticsExamples as ex,
  requestClearanceBody,
  shipmentIdParam,
} from './schemas.js';
import {
  findTariffs,
  ingestCertificate,
  ingestCheckpoint,
  ingestShipment,
  listCertificates,
  listCheckpoints,
  listShipments,
  requestClearance,
} from './service.js';

const route = defineRoute<Pick<Context, 'prisma' | 'config'>>();

/**
 * Supply reads (`logistics:read`) and customs clearance (`customs:write` and the JWT role
 * `agent`). Every route takes the API key and the JWT (gateway mode); tenant data comes
 * from the API key's organization only.
 */
export const supplyRoutes = [
  route({
    operationId: 'listShipments',
    method: 'get',
    path: '/v1/supply/shipments',
    tag: 'Supply',
    summary: "The organization's shipments",
    description:
      'Newest first. A shipment is `created` until its first checkpoint, then has the status of its latest checkpoint by `recordedAt`.',
    auth: 'gateway',
    scope: 'logistics:read',
    query: listShipmentsQuery,
    success: [{ status: 200, description: 'A page of shipments', schema: ShipmentPage, example: ex.shipmentPage }],
    handler: (deps, { query, principal }) => listShipments(deps, principal.organizationId, query),
  }),
  route({
    operationId: 'listCheckpoints',
    method: 'get',
    path: '/v1/supply/checkpoints',
    tag: 'Supply',
    summary: "A shipment's checkpoints",
    description: "In the order they happened (`recordedAt`). `shipmentId` is required; another organization's shipment → 404.",
    auth: 'gateway',
    scope: 'logistics:read',
    query: listCheckpointsQuery,
    errors: ['not-found'],
    problems: { 'not-found': { detail: 'No such shipment' } },
    success: [{ status: 200, description: 'A page of checkpoints', schema: CheckpointPage, example: ex.checkpointPage }],
    handler: (deps, { query, principal }) => listCheckpoints(deps, principal.organizationId, query),
  }),
  route({
    operationId: 'listCertificates',
    method: 'get',
    path: '/v1/supply/certificates',
    tag: 'Supply',
    summary: "The organization's certificates",
    description:
      "Newest first, optionally of one shipment (another organization's → 404). `status` is `expired` once `expiresAt` has passed.",
    auth: 'gateway',
    scope: 'logistics:read',
    query: listCertificatesQuery,
    errors: ['not-found'],
    problems: { 'not-found': { detail: 'No such shipment' } },
    success: [{ status: 200, description: 'A page of certificates', schema: CertificatePage, example: ex.certificatePage }],
    handler: (deps, { query, principal }) => listCertificates(deps, principal.organizationId, query),
  }),
  route({
    operationId: 'findTariffs',
    method: 'get',
    path: '/v1/supply/tariffs',
    tag: 'Supply',
    summary: 'Duty rates',
    description:
      'Reference duty rates matching every filter given. `hsCode` follows the HS hierarchy both ways (the lines under it and the broader lines it falls under).',
    auth: 'gateway',
    scope: 'logistics:read',
    query: findTariffsQuery,
    success: [{ status: 200, description: 'A page of tariffs', schema: TariffPage, example: ex.tariffPage }],
    handler: (deps, { query }) => findTariffs(deps, query),
  }),
  route({
    operationId: 'requestClearance',
    method: 'post',
    path: '/v1/supply/customs/clear',
    tag: 'Customs',
    summary: 'File a customs clearance request',
    description: "Files a clearance for one of the organization's shipments (another organization's → 404); the agent is the JWT's wallet.",
    auth: 'gateway',
    scope: 'customs:write',
    role: 'agent',
    idempotent: true,
    body: {
      schema: requestClearanceBody,
      example: { shipmentId: EX.shipmentId, declaredValue: '125000000000000000000000', hsCode: '090111' },
    },
    errors: ['not-found'],
    problems: { 'not-found': { detail: 'No such shipment' } },
    success: [{ status: 202, description: 'The clearance, `submitted`', schema: Clearance, example: ex.clearance }],
    handler: async (deps, { body, principal, session, header }) =>
      idempotentReply(
        await requestClearance(deps, {
          organizationId: principal.organizationId,
          agent: session.address,
          shipmentId: body.shipmentId,
          declaredValue: BigInt(body.declaredValue),
          hsCode: body.hsCode,
          idempotencyKey: header('idempotency-key'),
        }),
      ),
  }),
];

/**
 * Cargolink (`logistics:write`): the logistics integration that feeds the supply endpoints. The
 * JWT's wallet is the caller recorded in each write's Idempotency-Key fingerprint.
 */
export const cargolinkRoutes = [
  route({
    operationId: 'ingestShipment',
    method: 'post',
    path: '/cargolink/v1/shipments',
    tag: 'Cargolink',
    summary: 'Create a shipment',
    description: 'The carrier side that feeds the supply endpoints. A `reference` the organization already has → 409 `invalid-state`.',
    auth: 'gateway',
    scope: 'logistics:write',
    idempotent: true,
    body: {
      schema: ingestShipmentBody,
      example: { reference: 'BK-2026-0001', origin: 'BR', destination: 'DE', carrier: 'Maersk', hsCode: '090111' },
    },
    errors: ['invalid-state'],
    problems: { 'invalid-state': { detail: 'A shipment with reference BK-2026-0001 already exists', ext: { reference: 'BK-2026-0001' } } },
    success: [{ status: 201, description: 'The shipment, `created`', schema: Shipment, example: ex.shipment }],
    handler: async (deps, { body, principal, session, header }) =>
      idempotentReply(
        await ingestShipment(deps, {
          organizationId: principal.organizationId,
          caller: session.address,
          ...body,
          idempotencyKey: header('idempotency-key'),
        }),
      ),
  }),
  route({
    operationId: 'ingestCheckpoint',
    method: 'post',
    path: '/cargolink/v1/shipments/{id}/checkpoints',
    tag: 'Cargolink',
    summary: 'Record a checkpoint of a shipment',
    description:
      "The shipment's status follows its latest checkpoint by `recordedAt`; a late checkpoint with an older `recordedAt` fills in the history without moving the status back. Another organization's shipment → 404.",
    auth: 'gateway',
    scope: 'logistics:write',
    idempotent: true,
    params: shipmentIdParam,
    body: {
      schema: ingestCheckpointBody,
      example: { location: 'Santos, BR (port)', status: 'picked_up', recordedAt: '2026-11-20T09:30:00Z' },
    },
    errors: ['not-found'],
    problems: { 'not-found': { detail: 'No such shipment' } },
    success: [{ status: 201, description: 'The checkpoint', schema: Checkpoint, example: ex.checkpoint }],
    handler: async (deps, { params, body, principal, session, header }) =>
      idempotentReply(
        await ingestCheckpoint(deps, {
          organizationId: principal.organizationId,
          caller: session.address,
          shipmentId: params.id,
          ...body,
          idempotencyKey: header('idempotency-key'),
        }),
      ),
  }),
  route({
    operationId: 'ingestCertificate',
    method: 'post',
    path: '/cargolink/v1/certificates',
    tag: 'Cargolink',
    summary: 'Record a certificate',
    description:
      "Optionally of one of the organization's shipments (another organization's → 404). The same `issuer` and `number` twice → 409 `invalid-state`.",
    auth: 'gateway',
    scope: 'logistics:write',
    idempotent: true,
    body: {
      schema: ingestCertificateBody,
      example: {
        shipmentId: EX.shipmentId,
        kind: 'phytosanitary',
        issuer: 'MAPA Brazil',
        number: 'PHY-BR-55120',
        issuedAt: '2026-11-19T00:00:00Z',
        expiresAt: '2027-02-17T00:00:00Z',
      },
    },
    errors: ['not-found', 'invalid-state'],
    problems: {
      'not-found': { detail: 'No such shipment' },
      'invalid-state': { detail: 'Certificate PHY-BR-55120 of MAPA Brazil already exists', ext: { certificateId: EX.certificateId } },
    },
    success: [{ status: 201, description: 'The certificate', schema: Certificate, example: ex.certificate }],
    handler: async (deps, { body, principal, session, header }) =>
      idempotentReply(
        await ingestCertificate(deps, {
          organizationId: principal.organizationId,
          caller: session.address,
          ...body,
          idempotencyKey: header('idempotency-key'),
        }),
      ),
  }),
];
