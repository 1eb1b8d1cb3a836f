import { z } from 'zod';
import { EX, address, dateTime, idParam, listQuerySchema, page, units, uuid } from '@gw/runtime';
import type { ConnectorAuditRow, ConnectorCeilingRow, ConnectorGrantRow } from './repository.js';
import { CONNECTOR_SCOPES } from './scopes.js';

/** Request and response schemas of the connectors' REST operations. */

const connectorScope = z.enum(CONNECTOR_SCOPES).meta({ description: 'A scope an AI connector may be granted' });
const optionalCap = () => units().nullable().meta({ description: 'Base units of the native token; null = no cap' });

export const Ceiling = z
  .object({
    scopes: z.array(connectorScope),
    anyClient: z.boolean().meta({ description: 'Any OAuth client may be authorized (dynamically registered ones included)' }),
    clientIds: z.array(z.string()).meta({ description: 'OAuth client ids the users may authorize (when `anyClient` is false)' }),
    maxPerTransaction: optionalCap(),
    maxPerDay: optionalCap(),
    maxTotal: optionalCap(),
    updatedAt: dateTime(),
  })
  .meta({ id: 'ConnectorCeiling', description: "What the organization's users may grant to AI connectors" });
export type CeilingDto = z.infer<typeof Ceiling>;

const capInput = () =>
  z
    .string()
    .regex(/^(0|[1-9][0-9]*)$/)
    .nullable()
    .default(null)
    .meta({ description: 'Integer base units as a string; null = no cap', example: '100000000000000000000' });

export const setCeilingBody = z
  .strictObject({
    scopes: z.array(connectorScope).max(CONNECTOR_SCOPES.length),
    anyClient: z.boolean().default(false),
    clientIds: z.array(z.string().min(1).max(2048)).max(100).default([]),
    maxPerTransaction: capInput(),
    maxPerDay: capInput(),
    maxTotal: capInput(),
  })
  .meta({ id: 'SetConnectorCeiling' });

export const toCeilingDto = (c: ConnectorCeilingRow): CeilingDto => ({
  scopes: c.scopes as CeilingDto['scopes'],
  anyClient: c.anyClient,
  clientIds: c.clientIds,
  maxPerTransaction: c.maxPerTransaction?.toString() ?? null,
  maxPerDay: c.maxPerDay?.toString() ?? null,
  maxTotal: c.maxTotal?.toString() ?? null,
  updatedAt: c.updatedAt.toISOString(),
});

/** A grant with what is left of its limits now (base units). */
export interface GrantView extends ConnectorGrantRow {
  spentToday: bigint;
  remainingToday: bigint;
  remainingTotal: bigint;
}

export const Grant = z
  .object({
    id: uuid(),
    wallet: address(),
    clientId: z.string(),
    clientName: z.string().nullable(),
    resource: z.string().meta({ description: 'The MCP endpoint the tokens are for (RFC 8707)' }),
    scopes: z.array(z.string()),
    limits: z.object({
      perTransaction: units(),
      perDay: units(),
      total: units(),
      recipients: z.array(address()).nullable().meta({ description: 'Transfers only to these; null = any' }),
      approvalThreshold: units().nullable().meta({ description: "Payments above this wait for the holder's approval; null = never" }),
    }),
    spent: units().meta({ description: 'Base units spent under the grant, in all' }),
    spentToday: units().meta({ description: 'Base units spent since midnight UTC' }),
    remainingToday: units(),
    remainingTotal: units(),
    status: z.enum(['active', 'revoked']),
    createdAt: dateTime(),
    revokedAt: dateTime().nullable(),
    revokedBy: z.enum(['holder', 'organization', 'operator', 'token-reuse']).nullable().meta({
      description: 'Who revoked it; `token-reuse`: the authorization server, on a code or refresh token presented twice (RFC 9700 §4.14.2)',
    }),
  })
  .meta({ id: 'ConnectorGrant', description: "A wallet holder's consent to an AI connector, with its limits and what is left of them" });
export type GrantDto = z.infer<typeof Grant>;

export const GrantPage = page('ConnectorGrantPage', Grant, 'Grants, newest first');

export const toGrantDto = (g: GrantView): GrantDto => ({
  id: g.id,
  wallet: g.wallet,
  clientId: g.clientId,
  clientName: g.clientName,
  resource: g.resource,
  scopes: g.scopes,
  limits: {
    perTransaction: g.perTransaction.toString(),
    perDay: g.perDay.toString(),
    total: g.total.toString(),
    recipients: g.anyRecipient ? null : g.recipients,
    approvalThreshold: g.approvalThreshold?.toString() ?? null,
  },
  spent: g.spent.toString(),
  spentToday: g.spentToday.toString(),
  remainingToday: g.remainingToday.toString(),
  remainingTotal: g.remainingTotal.toString(),
  status: g.revokedAt ? 'revoked' : 'active',
  createdAt: g.createdAt.toISOString(),
  revokedAt: g.revokedAt?.toISOString() ?? null,
  revokedBy: (g.revokedBy as GrantDto['revokedBy']) ?? null,
});

export const AuditRecord = z
  .object({
    id: uuid(),
    grantId: uuid().nullable(),
    wallet: address().nullable(),
    clientId: z.string().nullable(),
    kind: z.enum(['consent', 'token', 'tool_call', 'approval', 'revocation']),
    tool: z.string().nullable(),
    argumentsDigest: z.string().nullable().meta({ description: "SHA-256 (hex) of the tool call's arguments as canonical JSON" }),
    amount: units().nullable(),
    outcome: z.string(),
    detail: z.record(z.string(), z.unknown()).nullable(),
    createdAt: dateTime(),
  })
  .meta({ id: 'ConnectorAuditRecord', description: 'One record of the append-only connector audit trail' });
export const AuditPage = page('ConnectorAuditPage', AuditRecord, 'Audit records, newest first');

export const toAuditDto = ({ organizationId: _org, ...a }: ConnectorAuditRow): z.infer<typeof AuditRecord> => ({
  ...a,
  amount: a.amount?.toString() ?? null,
  createdAt: a.createdAt.toISOString(),
});

export const grantIdParam = idParam('grant', EX.paymentId);
export const listGrantsQuery = listQuerySchema;
export const listOrganizationGrantsQuery = listQuerySchema.extend({
  wallet: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .optional()
    .meta({ description: "Only this wallet's grants" }),
});
export const listAuditQuery = listQuerySchema.extend({
  grantId: z.uuid().optional().meta({ description: "Only this grant's records" }),
});

// --- examples --------------------------------------------------------------------------------------

const grant: GrantDto = {
  id: EX.paymentId,
  wallet: EX.wallet,
  clientId: 'claude-desktop',
  clientName: 'Claude',
  resource: `https://gateway.example.com/mcp/${EX.orgId}`,
  scopes: ['wallet:read', 'payments:read', 'payments:write'],
  limits: {
    perTransaction: '50000000000000000000',
    perDay: '100000000000000000000',
    total: '500000000000000000000',
    recipients: null,
    approvalThreshold: '20000000000000000000',
  },
  spent: '12000000000000000000',
  spentToday: '12000000000000000000',
  remainingToday: '88000000000000000000',
  remainingTotal: '488000000000000000000',
  status: 'active',
  createdAt: EX.time,
  revokedAt: null,
  revokedBy: null,
};

export const connectorExamples = {
  grant,
  grantPage: { data: [grant], nextCursor: null },
  revoked: { ...grant, status: 'revoked', remainingToday: '0', remainingTotal: '0', revokedAt: EX.later, revokedBy: 'holder' } as GrantDto,
  ceiling: {
    scopes: ['wallet:read', 'payments:read', 'payments:write', 'billing:read', 'billing:write'],
    anyClient: true,
    clientIds: [],
    maxPerTransaction: '100000000000000000000',
    maxPerDay: '500000000000000000000',
    maxTotal: null,
    updatedAt: EX.time,
  } as CeilingDto,
  auditPage: {
    data: [
      {
        id: EX.deliveryId,
        grantId: EX.paymentId,
        wallet: EX.wallet,
        clientId: 'claude-desktop',
        kind: 'tool_call' as const,
        tool: 'confirm_payment',
        argumentsDigest: '9f2c0d6c5b1e0f4f1a0e6c2b7d9a3e4f5061728394a5b6c7d8e9f0a1b2c3d4e5',
        amount: '12000000000000000000',
        outcome: 'ok',
        detail: null,
        createdAt: EX.time,
      },
    ],
    nextCursor: null,
  },
};
