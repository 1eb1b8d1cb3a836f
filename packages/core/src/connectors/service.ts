import { createHash } from 'node:crypto';
import { withTransaction, type PrismaClient, type RawSql, type RawSqlPool } from '@gw/db';
import { v7 as uuidv7 } from 'uuid';
import {
  AppError,
  fetchPage,
  assertUuidOrNotFound,
  isUuid,
  sha256Hex,
  type Context,
  type Page,
  type PageQuery,
  type Principal,
  type Session,
  type SpendCharge,
  type SpendGuard,
} from '@gw/runtime';
import {
  accessTokenExists,
  decideApproval,
  deleteExpiredOAuthRecords,
  deleteOAuthRecordsOfGrant,
  findApproval,
  findCeiling,
  findGrant,
  findGrantByOAuthGrantId,
  findLiveAccessToken,
  insertApproval,
  insertAudit,
  insertGrant,
  listAudit,
  listGrants,
  lockLiveGrant,
  lockPendingApproval,
  markGrantRevoked,
  markGrantRevokedByOAuthGrantId,
  recordSpend,
  spentTodayByGrant,
  sumSpendsSince,
  upsertCeiling,
  deleteCeiling,
  type ConnectorApprovalRow,
  type ConnectorAuditRow,
  type ConnectorCeilingRow,
  type ConnectorGrantRow,
} from './repository.js';
import { toAuditDto, toGrantDto, type GrantDto, type GrantView } from './schemas.js';
import { CONNECTOR_SCOPES, SPENDING_SCOPES, isConnectorScope, type ConnectorScope } from './scopes.js';
import { authProblem } from '../auth/index.js';
import { connectorsProblem } from './problems.js';

/**
 * AI connectors: the wallet holder's grants to OAuth clients at an organization's MCP
 * endpoint, the organization's ceiling over them, the spending limits checked inside the ledger's
 * transactions, approvals above a threshold, and the append-only audit trail.
 */

/** The path of an organization's MCP endpoint under the API's origin. */
export const mcpPath = (organizationId: string): string => `/mcp/${organizationId}`;

/**
 * The RFC 8707 resource identifier of an organization's MCP endpoint: its absolute URL
 * (`<PUBLIC_URL>/mcp/<organization id>`). Access tokens carry it as their audience.
 */
export const mcpResource = (origin: string, organizationId: string): string => `${origin}${mcpPath(organizationId)}`;

const RESOURCE_PATH = /^\/mcp\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The organization whose MCP endpoint `resource` names on this origin, or null. */
export function organizationOfResource(origin: string, resource: string): string | null {
  if (!resource.startsWith(`${origin}/`)) return null;
  const m = RESOURCE_PATH.exec(resource.slice(origin.length));
  return m ? m[1]! : null;
}

/**
 * The database handle of the connectors' services: the API's raw pool (`ctx.sql`), or a Prisma
 * client (the operator CLI); both run the same SQL and `withTransaction`.
 */
type Db = { sql: RawSqlPool | PrismaClient };

/** `withTransaction` on either handle; the callback gets a `RawSql` (a Prisma transaction is one). */
function inTransaction<T>(db: Db, fn: (tx: RawSql) => Promise<T>): Promise<T> {
  return '$transaction' in db.sql ? withTransaction(db.sql, fn) : withTransaction(db.sql, fn);
}

// --- the organization's ceiling --------------------------------------------------------------------

/** What the organization lets its users grant. Limits in base units; null = no cap. */
export interface CeilingInput {
  scopes: ConnectorScope[];
  /** OAuth client ids the users may authorize; ignored when `anyClient`. */
  clientIds: string[];
  anyClient: boolean;
  maxPerTransaction: bigint | null;
  maxPerDay: bigint | null;
  maxTotal: bigint | null;
}

/**
 * How an organization's connectors are enabled (setting its ceiling), in the words of the
 * refusals and of the consent page. @param organizationId named in the operator's command
 */
export const enableConnectorsHint = (organizationId = '<organization id>'): string =>
  `the operator enables them with pnpm --silent admin connector:ceiling --org ${organizationId} --scopes <scopes>, ` +
  'or the organization with POST /api/connectors/ceiling (an API key with the scope connectors:write)';

/** The organization's ceiling, or null when connectors are not enabled. */
export function getCeiling(ctx: Db, organizationId: string): Promise<ConnectorCeilingRow | null> {
  return findCeiling(ctx.sql, organizationId);
}

/**
 * Sets the organization's ceiling (replaces it whole). Existing grants keep their limits; a new
 * consent is capped by the new ceiling.
 * @throws AppError('validation-error') a scope that is not a connector scope
 */
export async function setCeiling(ctx: Db, organizationId: string, input: CeilingInput): Promise<ConnectorCeilingRow> {
  const bad = input.scopes.filter((s) => !isConnectorScope(s));
  if (bad.length) {
    throw new AppError('validation-error', `Not scopes an AI connector can be granted: ${bad.join(', ')}`, {
      errors: [{ path: 'scopes', message: `allowed: ${CONNECTOR_SCOPES.join(', ')}` }],
    });
  }
  await upsertCeiling(ctx.sql, { organizationId, ...input, scopes: [...new Set(input.scopes)], clientIds: [...new Set(input.clientIds)] });
  return (await findCeiling(ctx.sql, organizationId))!;
}

/** Disables connectors for the organization (no new consent); returns whether a ceiling existed. */
export async function disableConnectors(ctx: Db, organizationId: string): Promise<boolean> {
  return (await deleteCeiling(ctx.sql, organizationId)) > 0;
}

// --- consent ---------------------------------------------------------------------------------------

/** The limits a wallet holder chooses at consent, in base units of the native token. */
export interface GrantLimits {
  perTransaction: bigint;
  perDay: bigint;
  total: bigint;
  /** Checksummed addresses transfers may go to; null = any. */
  recipients: string[] | null;
  /** Payments above this wait for the holder's approval; null = never. */
  approvalThreshold: bigint | null;
}

/**
 * What the consent page submits, after the holder signed in: the grant's own fields (its
 * `oauthGrantId` is the provider's grant id the tokens will carry), with the scopes the holder
 * kept and the limits it chose.
 */
export interface ConsentInput extends Pick<
  ConnectorGrantRow,
  'organizationId' | 'wallet' | 'clientId' | 'clientName' | 'oauthGrantId' | 'resource'
> {
  /** The scopes the holder kept (a subset of those asked). */
  scopes: ConnectorScope[];
  limits: GrantLimits;
}

/**
 * Checks a consent against the organization's ceiling: connectors enabled, the client allowed,
 * every scope within the ceiling, and each limit at most the ceiling's.
 * @throws AppError('connectors-not-enabled') no ceiling; AppError('insufficient-scope') a scope or
 *   a client outside it; AppError('validation-error') a limit above it or negative, or a limit of 0
 *   while a spending scope ({@link SPENDING_SCOPES}) is kept
 */
export function checkAgainstCeiling(
  ceiling: ConnectorCeilingRow | null,
  input: Pick<ConsentInput, 'clientId' | 'scopes' | 'limits'>,
): void {
  if (!ceiling)
    throw connectorsProblem(
      'connectors-not-enabled',
      `This organization has not enabled AI connectors (no ceiling): ${enableConnectorsHint()}`,
    );
  if (!ceiling.anyClient && !ceiling.clientIds.includes(input.clientId)) {
    throw new AppError('insufficient-scope', `The organization does not allow the client ${input.clientId}`);
  }
  const outside = input.scopes.filter((s) => !ceiling.scopes.includes(s));
  if (outside.length) throw new AppError('insufficient-scope', `The organization does not allow the scopes ${outside.join(', ')}`);
  const caps: [keyof GrantLimits, bigint | null][] = [
    ['perTransaction', ceiling.maxPerTransaction],
    ['perDay', ceiling.maxPerDay],
    ['total', ceiling.maxTotal],
  ];
  // A grant that keeps a spending scope with a limit of 0 could spend nothing: almost surely a
  // limit left at 0 by mistake, which the holder would only find out at the first refused call.
  const spending = input.scopes.filter((s) => (SPENDING_SCOPES as readonly string[]).includes(s));
  for (const [field, cap] of caps) {
    const value = input.limits[field] as bigint;
    if (value < 0n)
      throw new AppError('validation-error', `${field} must not be negative`, { errors: [{ path: field, message: 'negative' }] });
    if (value === 0n && spending.length) {
      throw new AppError(
        'validation-error',
        `${field} is 0: a grant that may spend (${spending.join(', ')}) could spend nothing. Set ${field} above 0 base units, or untick those scopes`,
        { errors: [{ path: field, message: 'must be above 0 for a grant that may spend' }] },
      );
    }
    if (cap !== null && value > cap) {
      throw new AppError('validation-error', `${field} is above the organization's maximum of ${cap} base units`, {
        errors: [{ path: field, message: `at most ${cap}` }],
      });
    }
  }
}

/**
 * Records a wallet holder's consent: checks it against the organization's ceiling,
 * then writes the grant and its audit record in one transaction.
 * @returns the grant
 * @throws see {@link checkAgainstCeiling}
 */
export async function recordConsent(ctx: Db, input: ConsentInput): Promise<ConnectorGrantRow> {
  const id = uuidv7();
  await inTransaction(ctx, async (tx) => {
    checkAgainstCeiling(await findCeiling(tx, input.organizationId), input);
    await insertGrant(tx, {
      id,
      organizationId: input.organizationId,
      wallet: input.wallet,
      clientId: input.clientId,
      clientName: input.clientName,
      oauthGrantId: input.oauthGrantId,
      resource: input.resource,
      scopes: input.scopes,
      perTransaction: input.limits.perTransaction,
      perDay: input.limits.perDay,
      total: input.limits.total,
      recipients: input.limits.recipients ?? [],
      anyRecipient: input.limits.recipients === null,
      approvalThreshold: input.limits.approvalThreshold,
    });
    await audit(tx, {
      organizationId: input.organizationId,
      grantId: id,
      wallet: input.wallet,
      clientId: input.clientId,
      kind: 'consent',
      outcome: 'granted',
      detail: {
        scopes: input.scopes,
        resource: input.resource,
        perTransaction: input.limits.perTransaction.toString(),
        perDay: input.limits.perDay.toString(),
        total: input.limits.total.toString(),
        recipients: input.limits.recipients,
        approvalThreshold: input.limits.approvalThreshold?.toString() ?? null,
      },
    });
  });
  return (await findGrant(ctx.sql, input.organizationId, id))!;
}

// --- access tokens ---------------------------------------------------------------------------------

/** Who calls the MCP endpoint: the grant an access token was issued under. */
export interface ConnectorCaller {
  grantId: string;
  organizationId: string;
  /** The wallet holder (checksummed). */
  wallet: string;
  clientId: string;
  /** The token's scopes that the grant still holds. */
  scopes: ConnectorScope[];
  resource: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

/** The store key of an id the authorization server generated (tokens are their id): SHA-256 hex. */
export const oauthIdHash = (id: string): string => sha256Hex(id);

/** The shape of the authorization server's opaque tokens (43 base64url characters). */
export const looksLikeOAuthToken = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);

/**
 * Resolves a bearer access token for the MCP endpoint `resource` (RFC 8707: the token's audience
 * must be it): the token is unexpired and its grant not revoked, read in one statement (so a
 * revocation is immediate on every replica).
 * @returns the caller, or null for a malformed, unknown, expired, revoked or other-audience token
 */
export async function authenticateAccessToken(ctx: Db, token: string, resource: string): Promise<ConnectorCaller | null> {
  if (!looksLikeOAuthToken(token)) return null;
  const found = await findLiveAccessToken(ctx.sql, oauthIdHash(token));
  if (!found) return null;
  const { payload, grant } = found;
  const aud = payload.aud;
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (!audiences.includes(resource) || grant.resource !== resource) return null;
  const exp = typeof payload.exp === 'number' ? payload.exp : 0;
  if (exp * 1000 <= Date.now()) return null;
  const tokenScopes = String(payload.scope ?? '').split(' ');
  return {
    grantId: grant.id,
    organizationId: grant.organizationId,
    wallet: grant.wallet,
    clientId: grant.clientId,
    scopes: grant.scopes.filter((s): s is ConnectorScope => isConnectorScope(s) && tokenScopes.includes(s)),
    resource,
    expiresAt: exp,
  };
}

/** True when `token` is a live access token of the authorization server (to refuse it where it does not belong). */
export async function isConnectorAccessToken(ctx: Db, token: string): Promise<boolean> {
  return looksLikeOAuthToken(token) && accessTokenExists(ctx.sql, oauthIdHash(token));
}

/**
 * The principal and session a tool call runs as: the grant's organization and wallet, its scopes,
 * and its spend guard. Route handlers receive them exactly as from an API key and a JWT.
 */
export function callerIdentity(
  ctx: Pick<Context, 'sql' | 'config'>,
  caller: ConnectorCaller,
  opts: { approvalId?: string } = {},
): { principal: Principal; session: Session } {
  return {
    principal: {
      credentialId: caller.grantId,
      organizationId: caller.organizationId,
      kind: 'connector',
      scopes: caller.scopes,
      organizationNative: false,
      spendGuard: spendGuard(ctx, caller, opts.approvalId),
    },
    session: { address: caller.wallet, roles: ['user'], organizationId: caller.organizationId },
  };
}

// --- spending limits -------------------------------------------------------------------------------

/** Midnight UTC of `now`: the per-day window starts there. */
export const utcDayStart = (now: Date): Date => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

const overLimit = (which: string, limit: bigint, spent: bigint, requested: bigint) =>
  connectorsProblem(
    'spending-limit-exceeded',
    `This moves ${requested} base units; the grant's ${which} limit is ${limit} and ${spent} is already spent`,
    { limit: limit.toString(), spent: spent.toString(), requested: requested.toString(), window: which },
  );

/**
 * The spend guard of a grant. `charge` runs in the transaction of the ledger write:
 * it locks the grant row (concurrent charges of one grant queue there, so their sum never passes a
 * limit), refuses a revoked grant, a token other than the native one, a recipient outside the
 * allow-list (transfers), an amount above the per-transaction limit, above the approval threshold
 * (unless this call executes that approval) or one that would pass the day's (UTC) or the total
 * limit; then records the spend.
 */
export function spendGuard(ctx: Pick<Context, 'config'>, caller: Pick<ConnectorCaller, 'grantId'>, approvalId?: string): SpendGuard {
  return {
    async charge(tx: RawSql, c: SpendCharge): Promise<void> {
      const grant = await lockLiveGrant(tx, caller.grantId);
      if (!grant) throw new AppError('unauthenticated', 'The grant was revoked');
      if (c.token !== ctx.config.NATIVE_TOKEN_SYMBOL) {
        throw connectorsProblem(
          'spending-limit-exceeded',
          `The grant's limits are in ${ctx.config.NATIVE_TOKEN_SYMBOL}: it may move only ${ctx.config.NATIVE_TOKEN_SYMBOL}`,
          {
            limit: '0',
            spent: '0',
            requested: c.amount.toString(),
            window: 'token',
          },
        );
      }
      if (
        (c.action === 'wallet.transfer' || c.action === 'bridge.transfer') &&
        !grant.anyRecipient &&
        !grant.recipients.includes(c.recipient)
      ) {
        throw connectorsProblem('recipient-not-allowed', `${c.recipient} is not on the grant's allow-list`, { recipient: c.recipient });
      }
      if (c.amount > grant.perTransaction) throw overLimit('per-transaction', grant.perTransaction, 0n, c.amount);
      if (grant.approvalThreshold !== null && c.amount > grant.approvalThreshold && !(await approves(tx, approvalId, grant.id, c.amount))) {
        throw connectorsProblem(
          'approval-required',
          `${c.amount} base units is above the approval threshold of ${grant.approvalThreshold}`,
          {
            amount: c.amount.toString(),
            threshold: grant.approvalThreshold.toString(),
          },
        );
      }
      const today = await sumSpendsSince(tx, grant.id, utcDayStart(new Date()));
      if (today + c.amount > grant.perDay) throw overLimit('per-day', grant.perDay, today, c.amount);
      if (grant.spent + c.amount > grant.total) throw overLimit('total', grant.total, grant.spent, c.amount);
      await recordSpend(tx, {
        id: uuidv7(),
        grantId: grant.id,
        action: c.action,
        reference: c.reference,
        recipient: c.recipient,
        amount: c.amount,
      });
    },
  };
}

/** The client id under which a session allowance's grant is listed among the wallet's grants. */
export const SESSION_ALLOWANCE_CLIENT = 'siwe-session';

/**
 * Whether a spend sends value to someone other than the session's organization or the wallet
 * holder: a transfer to another wallet or a bridge to another address. Payments and credits go to
 * the organization, stakes and withdrawals to the holder's own address.
 */
const leavesToThirdParty = (c: SpendCharge, holder: string): boolean =>
  (c.action === 'wallet.transfer' || c.action === 'bridge.transfer') && c.recipient.toLowerCase() !== holder.toLowerCase();

/**
 * The spend guard of a wallet session (a backend holding the holder's JWT with its API key). Value
 * moved to the organization or to the holder's own address passes untouched; value sent to anyone
 * else needs the allowance the holder signed at login, and is then charged to it exactly as an AI
 * connector's grant is ({@link spendGuard}: per transaction, per day (UTC), in total, recipients),
 * in the transaction of the ledger write. The allowance's grant row is made at its first spend and
 * listed among the wallet's grants (client `siwe-session`), where the holder can revoke it.
 * @throws AppError('holder-authorization-required') 403 when the session has no allowance, and the
 *   grant guard's errors (`spending-limit-exceeded`, `recipient-not-allowed`) when it has one
 */
export function sessionSpendGuard(ctx: Pick<Context, 'config'>, session: Session, organizationId: string): SpendGuard {
  const allowance = session.allowance;
  return {
    async charge(tx: RawSql, c: SpendCharge): Promise<void> {
      if (!leavesToThirdParty(c, session.address)) return;
      if (!allowance) {
        throw authProblem(
          'holder-authorization-required',
          `This sends ${c.amount} base units to ${c.recipient}, who is neither this organization nor the wallet holder; the holder signed no allowance for that at login`,
          { recipient: c.recipient, amount: c.amount.toString() },
        );
      }
      await insertGrant(
        tx,
        {
          id: allowance.id,
          organizationId,
          wallet: session.address,
          clientId: SESSION_ALLOWANCE_CLIENT,
          clientName: 'Signed-in session (allowance signed at login)',
          oauthGrantId: `${SESSION_ALLOWANCE_CLIENT}:${allowance.id}`,
          resource: 'session',
          scopes: [],
          perTransaction: allowance.perTransaction,
          perDay: allowance.perDay,
          total: allowance.total,
          recipients: allowance.recipients ?? [],
          anyRecipient: allowance.recipients === null,
          approvalThreshold: null,
        },
        { ifAbsent: true },
      );
      await spendGuard(ctx, { grantId: allowance.id }).charge(tx, c);
    },
  };
}

/**
 * True when `approvalId` names an approval of this grant that the holder approved (claimed by
 * {@link decideConnectorApproval} before it runs the call) for exactly `amount`.
 */
async function approves(tx: RawSql, approvalId: string | undefined, grantId: string, amount: bigint): Promise<boolean> {
  if (!approvalId) return false;
  const a = await findApproval(tx, approvalId);
  return a !== null && a.grantId === grantId && a.status === 'approved' && a.amount === amount;
}

// --- grants: listing and revocation ----------------------------------------------------------------

const minBig = (a: bigint, b: bigint) => (a < b ? a : b);

/** What is left of a grant's limits now (`spentToday` from the day's spends). */
function viewOf(g: ConnectorGrantRow, spentToday: bigint): GrantView {
  const remainingTotal = g.total > g.spent ? g.total - g.spent : 0n;
  const leftToday = g.perDay > spentToday ? g.perDay - spentToday : 0n;
  return {
    ...g,
    spentToday,
    remainingToday: g.revokedAt ? 0n : minBig(leftToday, remainingTotal),
    remainingTotal: g.revokedAt ? 0n : remainingTotal,
  };
}

/**
 * Grants of the organization, newest first: all of them (the organization), or one wallet's (the
 * holder), with spent and remaining amounts (base units).
 * @throws AppError('validation-error') a cursor that is not one of this list's
 */
export async function listConnectorGrants(
  ctx: Db,
  organizationId: string,
  wallet: string | undefined,
  q: PageQuery,
): Promise<Page<GrantDto>> {
  return fetchPage(
    q,
    async (page) => {
      const rows = await listGrants(ctx.sql, organizationId, wallet, page);
      const today = await spentTodayByGrant(
        ctx.sql,
        rows.map((r) => r.id),
        utcDayStart(new Date()),
      );
      return rows.map((g) => viewOf(g, today.get(g.id) ?? 0n));
    },
    toGrantDto,
  );
}

/** The grant as the API shows it (after a revocation). */
async function grantDto(ctx: Db, g: ConnectorGrantRow): Promise<GrantDto> {
  const today = await spentTodayByGrant(ctx.sql, [g.id], utcDayStart(new Date()));
  return toGrantDto(viewOf(g, today.get(g.id) ?? 0n));
}

/** One grant of the organization (optionally only if it is the wallet's), or null. */
export async function findConnectorGrant(ctx: Db, organizationId: string, id: string, wallet?: string): Promise<ConnectorGrantRow | null> {
  return isUuid(id) ? findGrant(ctx.sql, organizationId, id, wallet) : null;
}

/**
 * Revokes a grant: marks it revoked and deletes every code, access and refresh token
 * issued under it in one transaction, with its audit record. The next request with any of its
 * tokens is 401, on every replica (tokens are read from the database on each request).
 * @param by who revoked: `holder` (then `wallet` must own it), `organization` or `operator`
 * @throws AppError('not-found') an unknown grant, another organization's, or another wallet's
 */
export async function revokeConnectorGrant(
  ctx: Db,
  organizationId: string,
  id: string,
  by: 'holder' | 'organization' | 'operator',
  wallet?: string,
): Promise<GrantDto> {
  assertUuidOrNotFound(id, 'No such grant');
  const out = await inTransaction(ctx, async (tx) => {
    const revoked = await markGrantRevoked(tx, organizationId, id, by, wallet);
    if (!revoked) return null;
    const tokens = await deleteOAuthRecordsOfGrant(tx, revoked.oauthGrantId);
    await audit(tx, {
      organizationId,
      grantId: id,
      wallet: revoked.wallet,
      clientId: revoked.clientId,
      kind: 'revocation',
      outcome: 'revoked',
      detail: { by, deletedRecords: tokens },
    });
    return revoked;
  });
  if (out) return grantDto(ctx, out);
  const existing = await findGrant(ctx.sql, organizationId, id, wallet);
  if (!existing) throw new AppError('not-found', 'No such grant');
  return grantDto(ctx, existing); // already revoked: revoking again changes nothing
}

/**
 * Ends a grant whose authorization code or refresh token was presented twice (RFC 6749 §4.1.2,
 * RFC 9700 §4.14.2 refresh token reuse detection): the authorization server cannot tell the
 * legitimate client from an attacker holding a copy, so the connector grant is marked revoked
 * (`revokedBy: 'token-reuse'`) and every code, access and refresh token issued under it deleted,
 * in one transaction, with its audit record. The mark is what makes it final: a token the winner
 * of a concurrent redemption saves after this is still refused, its grant being revoked.
 * @param oauthGrantId the authorization server's grant id (a grant that is no connector grant: its records only)
 */
export async function revokeGrantOnReuse(ctx: Db, oauthGrantId: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const revoked = await markGrantRevokedByOAuthGrantId(tx, oauthGrantId, 'token-reuse');
    const tokens = await deleteOAuthRecordsOfGrant(tx, oauthGrantId);
    if (!revoked) return;
    await audit(tx, {
      organizationId: revoked.organizationId,
      grantId: revoked.id,
      wallet: revoked.wallet,
      clientId: revoked.clientId,
      kind: 'revocation',
      outcome: 'revoked',
      detail: { by: 'token-reuse', deletedRecords: tokens },
    });
  });
}

/** How long an expired authorization-server record is kept, in ms (one day: a late request then meets 'expired', not 'unknown'). */
export const OAUTH_RECORD_RETENTION_MS = 24 * 3_600_000;

/**
 * One batch of the retention job's `oauth_records` rule: deletes up to `limit` records
 * (codes, tokens, sessions, interactions) that expired more than {@link OAUTH_RECORD_RETENTION_MS}
 * before `now`. Reads already skip expired records.
 * @returns rows deleted (fewer than `limit`: nothing left)
 */
export function pruneExpiredOAuthRecords(ctx: Db, now: Date, limit: number): Promise<number> {
  return deleteExpiredOAuthRecords(ctx.sql, new Date(now.getTime() - OAUTH_RECORD_RETENTION_MS), limit);
}

// --- audit -----------------------------------------------------------------------------------------

/** SHA-256 (hex) of a tool call's arguments as canonical JSON (keys sorted): the audit keeps this, not the arguments. */
export function argumentsDigest(args: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v;
  return createHash('sha256')
    .update(JSON.stringify(canonical(args ?? null)))
    .digest('hex');
}

/** Appends one audit record. */
export async function audit(
  db: RawSql,
  a: Partial<Pick<ConnectorAuditRow, 'grantId' | 'wallet' | 'clientId' | 'tool' | 'argumentsDigest' | 'amount' | 'detail'>> &
    Pick<ConnectorAuditRow, 'organizationId' | 'kind' | 'outcome'>,
): Promise<void> {
  await insertAudit(db, {
    id: uuidv7(),
    grantId: null,
    wallet: null,
    clientId: null,
    tool: null,
    argumentsDigest: null,
    amount: null,
    detail: null,
    ...a,
  });
}

/**
 * Appends the audit record of a token issue: the authorization server issued an
 * access token (and a refresh token) under the provider's grant `oauthGrantId`, by the code
 * exchange or a refresh. Nothing is recorded for a grant that is not a connector grant.
 * @param detail what is safe to keep: the grant type, the scope, the lifetime (never a token)
 */
export async function recordTokenIssue(
  ctx: Db,
  oauthGrantId: string,
  detail: { grantType: string; scope: string | null; expiresIn: number | null; refreshToken: boolean },
): Promise<void> {
  const grant = await findGrantByOAuthGrantId(ctx.sql, oauthGrantId);
  if (!grant) return;
  await audit(ctx.sql, {
    organizationId: grant.organizationId,
    grantId: grant.id,
    wallet: grant.wallet,
    clientId: grant.clientId,
    kind: 'token',
    outcome: 'issued',
    detail,
  });
}

/**
 * The organization's audit records, newest first (optionally of one grant).
 * @throws AppError('validation-error') a cursor that is not one of this list's
 */
export function listConnectorAudit(ctx: Db, organizationId: string, grantId: string | undefined, q: PageQuery) {
  return fetchPage(q, (page) => listAudit(ctx.sql, organizationId, grantId, page), toAuditDto);
}

// --- approvals above the threshold ----------------------------------------------------------------

/** How long a pending approval waits for the holder, in ms. */
export const APPROVAL_TTL_MS = 15 * 60_000;

/** Records a tool call that waits for the holder's approval; returns the approval. */
export async function requestApproval(
  ctx: Db,
  caller: Pick<ConnectorCaller, 'grantId' | 'organizationId'>,
  call: { tool: string; arguments: Record<string, unknown>; amount: bigint },
): Promise<ConnectorApprovalRow> {
  const id = uuidv7();
  await insertApproval(ctx.sql, {
    id,
    grantId: caller.grantId,
    organizationId: caller.organizationId,
    tool: call.tool,
    arguments: call.arguments,
    amount: call.amount,
    expiresAt: new Date(Date.now() + APPROVAL_TTL_MS),
  });
  return (await findApproval(ctx.sql, id))!;
}

/** The approval `id`, or null. */
export function getApproval(ctx: Db, id: string): Promise<ConnectorApprovalRow | null> {
  return findApproval(ctx.sql, id);
}

/**
 * Decides a pending approval (the holder signed in on the approval page): `run` executes the
 * stored call when approved (it charges the grant with this approval's id, so the threshold does
 * not refuse it again; every limit still applies). The decision is taken once: a second decision
 * answers the first's outcome.
 * @throws AppError('not-found') unknown; AppError('invalid-state') decided or expired
 */
export async function decideConnectorApproval(
  ctx: Db,
  id: string,
  decision: 'approve' | 'reject',
  run: (approval: ConnectorApprovalRow) => Promise<unknown>,
): Promise<ConnectorApprovalRow> {
  const claimed = await inTransaction(ctx, async (tx) => {
    const a = await lockPendingApproval(tx, id);
    if (!a) return null;
    if (a.expiresAt.getTime() <= Date.now()) {
      await decideApproval(tx, id, 'expired', null);
      return { ...a, status: 'expired' as const };
    }
    // Claimed before running: a second click finds it decided.
    await decideApproval(tx, id, decision === 'approve' ? 'approved' : 'rejected', null);
    return a;
  });
  if (!claimed) {
    const existing = await findApproval(ctx.sql, id);
    if (!existing) throw new AppError('not-found', 'No such approval');
    throw new AppError('invalid-state', `This approval is already ${existing.status}`);
  }
  if (claimed.status === 'expired') throw new AppError('invalid-state', 'This approval expired');
  const decided = (outcome: string) =>
    audit(ctx.sql, {
      organizationId: claimed.organizationId,
      grantId: claimed.grantId,
      kind: 'approval',
      tool: claimed.tool,
      amount: claimed.amount,
      outcome,
    });
  if (decision === 'reject') {
    await decided('rejected');
    return (await findApproval(ctx.sql, id))!;
  }
  try {
    const result = await run(claimed);
    await decideApproval(ctx.sql, id, 'approved', result);
    await decided('approved');
  } catch (err) {
    const code = err instanceof AppError ? err.code : 'internal';
    await decideApproval(ctx.sql, id, 'failed', { code, detail: err instanceof AppError ? err.message : 'internal error' });
    await decided(`failed:${code}`);
  }
  return (await findApproval(ctx.sql, id))!;
}
