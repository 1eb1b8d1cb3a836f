import { AppError, defineRoute, noQuery, type Context } from '@gw/runtime';
import {
  AuditPage,
  Ceiling,
  Grant,
  GrantPage,
  connectorExamples as ex,
  grantIdParam,
  listAuditQuery,
  listGrantsQuery,
  listOrganizationGrantsQuery,
  setCeilingBody,
  toCeilingDto,
} from './schemas.js';
import { getCeiling, listConnectorAudit, listConnectorGrants, revokeConnectorGrant, setCeiling } from './service.js';

const route = defineRoute<Pick<Context, 'sql'>>();

const big = (v: string | null) => (v === null ? null : BigInt(v));

/**
 * AI connectors. The wallet holder sees and revokes their own grants through the
 * organization's application (API key + the holder's JWT; never with a connector's token); the
 * organization sets its ceiling and lists or revokes its users' grants with its API key.
 */
export const connectorRoutes = [
  route({
    operationId: 'listMyConnectorGrants',
    method: 'get',
    path: '/gateway/v1/connectors/grants',
    tag: 'AI connectors',
    summary: 'My grants to AI connectors',
    description:
      "The JWT wallet's grants to AI connectors at the calling organization, newest first, with their limits and what is left of them (base units of the native token; the day is the UTC day).",
    auth: 'gateway',
    scope: 'wallet:read',
    apiKeyOnly: true,
    query: listGrantsQuery,
    success: [{ status: 200, description: 'A page of grants', schema: GrantPage, example: ex.grantPage }],
    handler: (deps, { query, principal, session }) => listConnectorGrants(deps, principal.organizationId, session.address, query),
  }),
  route({
    operationId: 'revokeMyConnectorGrant',
    method: 'delete',
    path: '/gateway/v1/connectors/grants/{id}',
    tag: 'AI connectors',
    summary: 'Revoke one of my grants',
    description:
      "Revokes the grant at once: its access and refresh tokens are deleted in the same transaction, so the connector's next request is 401 on every replica. Revoking a revoked grant changes nothing and returns it. Another wallet's grant is 404.",
    auth: 'gateway',
    scope: 'wallet:write',
    apiKeyOnly: true,
    params: grantIdParam,
    errors: ['not-found'],
    success: [{ status: 200, description: 'The grant, revoked', schema: Grant, example: ex.revoked }],
    handler: (deps, { params, principal, session }) =>
      revokeConnectorGrant(deps, principal.organizationId, params.id, 'holder', session.address),
  }),
  route({
    operationId: 'getConnectorCeiling',
    method: 'get',
    path: '/connectors/ceiling',
    tag: 'AI connectors',
    summary: "The organization's connector ceiling",
    description:
      'What the organization lets its users grant to AI connectors: scopes, clients and the highest limits. 404 `not-found` while connectors are not enabled (no ceiling set).',
    auth: 'webhooks',
    scope: 'connectors:read',
    query: noQuery,
    errors: ['not-found'],
    success: [{ status: 200, description: 'The ceiling', schema: Ceiling, example: ex.ceiling }],
    handler: async (deps, { principal }) => {
      const c = await getCeiling(deps, principal.organizationId);
      if (!c) throw new AppError('not-found', 'AI connectors are not enabled for this organization (no ceiling set)');
      return toCeilingDto(c);
    },
  }),
  route({
    operationId: 'setConnectorCeiling',
    method: 'post',
    path: '/connectors/ceiling',
    tag: 'AI connectors',
    summary: "Set the organization's connector ceiling",
    description:
      "Replaces the ceiling: the scopes (connector scopes only: no webhook, consent or health scope), the OAuth clients (`anyClient`, or a list of client ids) and the highest per-transaction, per-day and total limits (base units; null = no cap) the organization's users may grant. Existing grants keep their limits; new consents are capped by the new ceiling.",
    auth: 'webhooks',
    scope: 'connectors:write',
    body: {
      schema: setCeilingBody,
      example: {
        scopes: ex.ceiling.scopes,
        anyClient: true,
        maxPerTransaction: '100000000000000000000',
        maxPerDay: '500000000000000000000',
      },
    },
    success: [{ status: 200, description: 'The ceiling', schema: Ceiling, example: ex.ceiling }],
    handler: async (deps, { body, principal }) =>
      toCeilingDto(
        await setCeiling(deps, principal.organizationId, {
          scopes: body.scopes,
          anyClient: body.anyClient,
          clientIds: body.clientIds,
          maxPerTransaction: big(body.maxPerTransaction),
          maxPerDay: big(body.maxPerDay),
          maxTotal: big(body.maxTotal),
        }),
      ),
  }),
  route({
    operationId: 'listConnectorGrants',
    method: 'get',
    path: '/connectors/grants',
    tag: 'AI connectors',
    summary: "The organization's users' grants",
    description:
      "Every grant made to AI connectors at the organization (optionally one wallet's), newest first, with spent and remaining amounts.",
    auth: 'webhooks',
    scope: 'connectors:read',
    query: listOrganizationGrantsQuery,
    success: [{ status: 200, description: 'A page of grants', schema: GrantPage, example: ex.grantPage }],
    handler: (deps, { query, principal }) =>
      listConnectorGrants(deps, principal.organizationId, query.wallet, { limit: query.limit, cursor: query.cursor }),
  }),
  route({
    operationId: 'revokeConnectorGrant',
    method: 'delete',
    path: '/connectors/grants/{id}',
    tag: 'AI connectors',
    summary: "Revoke a user's grant",
    description: "Revokes one of the organization's grants at once (its tokens are deleted; the next request with them is 401).",
    auth: 'webhooks',
    scope: 'connectors:write',
    params: grantIdParam,
    errors: ['not-found'],
    success: [{ status: 200, description: 'The grant, revoked', schema: Grant, example: ex.revoked }],
    handler: (deps, { params, principal }) => revokeConnectorGrant(deps, principal.organizationId, params.id, 'organization'),
  }),
  route({
    operationId: 'listConnectorAudit',
    method: 'get',
    path: '/connectors/audit',
    tag: 'AI connectors',
    summary: 'The connector audit trail',
    description:
      "The organization's append-only connector audit records, newest first: consents, tool calls (tool, SHA-256 of the arguments, amount, outcome), approvals and revocations.",
    auth: 'webhooks',
    scope: 'connectors:read',
    query: listAuditQuery,
    success: [{ status: 200, description: 'A page of audit records', schema: AuditPage, example: ex.auditPage }],
    handler: (deps, { query, principal }) =>
      listConnectorAudit(deps, principal.organizationId, query.grantId, { limit: query.limit, cursor: query.cursor }),
  }),
];
