import { type BigintColumnsAsText, type KeysetPage, type RawSql, parseBigintColumns, sqlFragment } from '@gw/db';

/**
 * Every statement on the connectors' tables: `oauth_records` (the authorization
 * server's storage), `oauth_signing_keys`, `connector_ceilings`, `connector_grants`,
 * `connector_spends`, `connector_approvals` and the append-only `connector_audit`.
 */

// --- oauth_records (the oidc-provider adapter's storage) ------------------------------------------

export interface OAuthRecordRow {
  payload: Record<string, unknown>;
  consumedAt: Date | null;
}

/** Inserts or replaces the record `(model, idHash)`. `expiresAt` null: no expiry. */
export async function upsertOAuthRecord(
  db: RawSql,
  r: {
    model: string;
    idHash: string;
    payload: Record<string, unknown>;
    grantId: string | null;
    uid: string | null;
    userCode: string | null;
    expiresAt: Date | null;
  },
): Promise<void> {
  await db.$executeRaw`
    INSERT INTO oauth_records (model, id_hash, payload, grant_id, uid, user_code, expires_at)
    VALUES (${r.model}, ${r.idHash}, ${JSON.stringify(r.payload)}::jsonb, ${r.grantId}, ${r.uid}, ${r.userCode}, ${r.expiresAt})
    ON CONFLICT (model, id_hash) DO UPDATE
      SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid,
          user_code = EXCLUDED.user_code, expires_at = EXCLUDED.expires_at, consumed_at = NULL`;
}

const RECORD_COLUMNS = sqlFragment(`payload, consumed_at AS "consumedAt"`);

/** The unexpired record `(model, idHash)`, or null. */
export async function findOAuthRecord(db: RawSql, model: string, idHash: string): Promise<OAuthRecordRow | null> {
  const rows = await db.$queryRaw<OAuthRecordRow[]>`
    SELECT ${RECORD_COLUMNS} FROM oauth_records
     WHERE model = ${model} AND id_hash = ${idHash} AND (expires_at IS NULL OR expires_at > now())`;
  return rows[0] ?? null;
}

/** The unexpired record of `model` with this `uid` (sessions), or null. */
export async function findOAuthRecordByUid(db: RawSql, model: string, uid: string): Promise<OAuthRecordRow | null> {
  const rows = await db.$queryRaw<OAuthRecordRow[]>`
    SELECT ${RECORD_COLUMNS} FROM oauth_records
     WHERE model = ${model} AND uid = ${uid} AND (expires_at IS NULL OR expires_at > now()) LIMIT 1`;
  return rows[0] ?? null;
}

/** The unexpired record of `model` with this `userCode` (device flow, unused here), or null. */
export async function findOAuthRecordByUserCode(db: RawSql, model: string, userCode: string): Promise<OAuthRecordRow | null> {
  const rows = await db.$queryRaw<OAuthRecordRow[]>`
    SELECT ${RECORD_COLUMNS} FROM oauth_records
     WHERE model = ${model} AND user_code = ${userCode} AND (expires_at IS NULL OR expires_at > now()) LIMIT 1`;
  return rows[0] ?? null;
}

/**
 * Marks the record consumed (an authorization code used, a refresh token rotated), only if no one
 * did before: of concurrent calls exactly one gets `won` true (the row lock orders them).
 * @returns `won`, and the record's provider grant id (null: no such record)
 */
export async function consumeOAuthRecord(db: RawSql, model: string, idHash: string): Promise<{ won: boolean; grantId: string | null }> {
  const won = await db.$queryRaw<{ grantId: string | null }[]>`
    UPDATE oauth_records SET consumed_at = now()
     WHERE model = ${model} AND id_hash = ${idHash} AND consumed_at IS NULL
    RETURNING grant_id AS "grantId"`;
  if (won[0]) return { won: true, grantId: won[0].grantId };
  const lost = await db.$queryRaw<{ grantId: string | null }[]>`
    SELECT grant_id AS "grantId" FROM oauth_records WHERE model = ${model} AND id_hash = ${idHash}`;
  return { won: false, grantId: lost[0]?.grantId ?? null };
}

/** Deletes the record. */
export async function deleteOAuthRecord(db: RawSql, model: string, idHash: string): Promise<void> {
  await db.$executeRaw`DELETE FROM oauth_records WHERE model = ${model} AND id_hash = ${idHash}`;
}

/** Deletes every record issued under the provider's grant `grantId` (codes, tokens, the grant itself is by id). */
export async function deleteOAuthRecordsOfGrant(db: RawSql, grantId: string): Promise<number> {
  return db.$executeRaw`DELETE FROM oauth_records WHERE grant_id = ${grantId}`;
}

/** One batch of the retention job: deletes up to `limit` records expired before `before`. */
export async function deleteExpiredOAuthRecords(db: RawSql, before: Date, limit: number): Promise<number> {
  return db.$executeRaw`
    DELETE FROM oauth_records WHERE ctid IN (
      SELECT ctid FROM oauth_records WHERE expires_at < ${before} LIMIT ${limit})`;
}

export interface AccessTokenGrantRow {
  payload: Record<string, unknown>;
  grant: ConnectorGrantRow;
}

/**
 * The live access token whose id hashes to `idHash` with its live connector grant, or null: the
 * record is unexpired and the grant not revoked, in one statement.
 */
export async function findLiveAccessToken(db: RawSql, idHash: string): Promise<AccessTokenGrantRow | null> {
  const rows = await db.$queryRaw<(Raw & { tokenPayload: Record<string, unknown> })[]>`
    SELECT r.payload AS "tokenPayload", ${GRANT_COLUMNS_G}
      FROM oauth_records r JOIN connector_grants g ON g.oauth_grant_id = r.grant_id
     WHERE r.model = 'AccessToken' AND r.id_hash = ${idHash} AND r.expires_at > now() AND g.revoked_at IS NULL`;
  const row = rows[0];
  if (!row) return null;
  const { tokenPayload, ...grant } = row;
  return { payload: tokenPayload, grant: toGrant(grant) };
}

/** True when an unexpired access token hashes to `idHash` (whatever its grant): used to recognise one presented elsewhere. */
export async function accessTokenExists(db: RawSql, idHash: string): Promise<boolean> {
  const rows = await db.$queryRaw<{ one: number }[]>`
    SELECT 1 AS one FROM oauth_records WHERE model = 'AccessToken' AND id_hash = ${idHash} AND expires_at > now()`;
  return rows.length > 0;
}

// --- oauth_signing_keys ----------------------------------------------------------------------------

/** Every sealed signing key, newest first. */
export function listSealedOAuthKeys(db: RawSql): PromiseLike<{ kid: string; sealedJwk: string }[]> {
  return db.$queryRaw<{ kid: string; sealedJwk: string }[]>`
    SELECT kid, sealed_jwk AS "sealedJwk" FROM oauth_signing_keys ORDER BY created_at DESC, kid`;
}

/** Inserts a sealed key unless one with the same kid exists. */
export async function insertOAuthKey(db: RawSql, kid: string, sealedJwk: string): Promise<void> {
  await db.$executeRaw`INSERT INTO oauth_signing_keys (kid, sealed_jwk) VALUES (${kid}, ${sealedJwk}) ON CONFLICT DO NOTHING`;
}

/** Replaces a sealed key if it is still `previous` (compare-and-set); returns rows changed. */
export function resealOAuthKey(db: RawSql, kid: string, previous: string, sealedJwk: string): PromiseLike<number> {
  return db.$executeRaw`UPDATE oauth_signing_keys SET sealed_jwk = ${sealedJwk} WHERE kid = ${kid} AND sealed_jwk = ${previous}`;
}

/** Serialises the first start-up's key creation between replicas (transaction-scoped advisory lock). */
export async function lockOAuthKeyCreation(tx: RawSql): Promise<void> {
  await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext('oauth_signing_keys'))`;
}

// --- connector_ceilings ----------------------------------------------------------------------------

export interface ConnectorCeilingRow {
  organizationId: string;
  scopes: string[];
  clientIds: string[];
  anyClient: boolean;
  /** Base units; null = no cap. */
  maxPerTransaction: bigint | null;
  maxPerDay: bigint | null;
  maxTotal: bigint | null;
  updatedAt: Date;
}

/** The organization's ceiling, or null (connectors not enabled). */
export async function findCeiling(db: RawSql, organizationId: string): Promise<ConnectorCeilingRow | null> {
  const rows = await db.$queryRaw<BigintColumnsAsText<ConnectorCeilingRow, 'maxPerTransaction' | 'maxPerDay' | 'maxTotal'>[]>`
    SELECT organization_id::text AS "organizationId", scopes, client_ids AS "clientIds", any_client AS "anyClient",
           max_per_transaction::text AS "maxPerTransaction", max_per_day::text AS "maxPerDay", max_total::text AS "maxTotal",
           updated_at AS "updatedAt"
      FROM connector_ceilings WHERE organization_id = ${organizationId}::uuid`;
  return rows[0] ? parseBigintColumns(rows[0], ['maxPerTransaction', 'maxPerDay', 'maxTotal']) : null;
}

/** Sets the organization's ceiling (replaces it whole). */
export async function upsertCeiling(db: RawSql, c: Omit<ConnectorCeilingRow, 'updatedAt'>): Promise<void> {
  await db.$executeRaw`
    INSERT INTO connector_ceilings (organization_id, scopes, client_ids, any_client, max_per_transaction, max_per_day, max_total, updated_at)
    VALUES (${c.organizationId}::uuid, ${c.scopes}::text[], ${c.clientIds}::text[], ${c.anyClient},
            ${c.maxPerTransaction}::numeric, ${c.maxPerDay}::numeric, ${c.maxTotal}::numeric, now())
    ON CONFLICT (organization_id) DO UPDATE SET scopes = EXCLUDED.scopes, client_ids = EXCLUDED.client_ids,
      any_client = EXCLUDED.any_client, max_per_transaction = EXCLUDED.max_per_transaction,
      max_per_day = EXCLUDED.max_per_day, max_total = EXCLUDED.max_total, updated_at = now()`;
}

/** Removes the ceiling: connectors disabled for the organization (existing grants stay until revoked). */
export async function deleteCeiling(db: RawSql, organizationId: string): Promise<number> {
  return db.$executeRaw`DELETE FROM connector_ceilings WHERE organization_id = ${organizationId}::uuid`;
}

// --- connector_grants ------------------------------------------------------------------------------

export interface ConnectorGrantRow {
  id: string;
  organizationId: string;
  wallet: string;
  clientId: string;
  clientName: string | null;
  oauthGrantId: string;
  resource: string;
  scopes: string[];
  /** Base units. */
  perTransaction: bigint;
  perDay: bigint;
  total: bigint;
  recipients: string[];
  anyRecipient: boolean;
  approvalThreshold: bigint | null;
  spent: bigint;
  createdAt: Date;
  revokedAt: Date | null;
  revokedBy: string | null;
}

const GRANT_BIGINTS = ['perTransaction', 'perDay', 'total', 'approvalThreshold', 'spent'] as const;
type Raw = BigintColumnsAsText<ConnectorGrantRow, (typeof GRANT_BIGINTS)[number]>;
const toGrant = (r: Raw): ConnectorGrantRow => parseBigintColumns(r, GRANT_BIGINTS);

const grantColumns = (t: string) =>
  sqlFragment(`${t}id::text, ${t}organization_id::text AS "organizationId", ${t}wallet, ${t}client_id AS "clientId",
  ${t}client_name AS "clientName", ${t}oauth_grant_id AS "oauthGrantId", ${t}resource, ${t}scopes,
  ${t}per_transaction::text AS "perTransaction", ${t}per_day::text AS "perDay", ${t}total::text AS total,
  ${t}recipients, ${t}any_recipient AS "anyRecipient", ${t}approval_threshold::text AS "approvalThreshold",
  ${t}spent::text AS spent, ${t}created_at AS "createdAt", ${t}revoked_at AS "revokedAt", ${t}revoked_by AS "revokedBy"`);
const GRANT_COLUMNS = grantColumns('');
const GRANT_COLUMNS_G = grantColumns('g.');

/**
 * Inserts a grant (at consent). With `ifAbsent`, nothing happens when a grant with its id exists (a
 * session allowance's grant, made at its first spend by whichever request gets there first).
 */
export async function insertGrant(
  db: RawSql,
  g: Omit<ConnectorGrantRow, 'spent' | 'createdAt' | 'revokedAt' | 'revokedBy'>,
  opts: { ifAbsent?: boolean } = {},
): Promise<void> {
  await db.$executeRaw`
    INSERT INTO connector_grants (id, organization_id, wallet, client_id, client_name, oauth_grant_id, resource, scopes,
      per_transaction, per_day, total, recipients, any_recipient, approval_threshold)
    VALUES (${g.id}::uuid, ${g.organizationId}::uuid, ${g.wallet}, ${g.clientId}, ${g.clientName}, ${g.oauthGrantId}, ${g.resource},
      ${g.scopes}::text[], ${g.perTransaction}::numeric, ${g.perDay}::numeric, ${g.total}::numeric, ${g.recipients}::text[],
      ${g.anyRecipient}, ${g.approvalThreshold}::numeric)
    ${opts.ifAbsent ? sqlFragment('ON CONFLICT (id) DO NOTHING') : sqlFragment('')}`;
}

/** The organization's grant `id` (optionally only the wallet's), or null. */
export async function findGrant(db: RawSql, organizationId: string, id: string, wallet?: string): Promise<ConnectorGrantRow | null> {
  const rows = await db.$queryRaw<Raw[]>`
    SELECT ${GRANT_COLUMNS} FROM connector_grants
     WHERE organization_id = ${organizationId}::uuid AND id = ${id}::uuid AND (${wallet ?? null}::text IS NULL OR wallet = ${wallet ?? null})`;
  return rows[0] ? toGrant(rows[0]) : null;
}

/** The grant whose provider grant id is `oauthGrantId`, or null. */
export async function findGrantByOAuthGrantId(db: RawSql, oauthGrantId: string): Promise<ConnectorGrantRow | null> {
  const rows = await db.$queryRaw<Raw[]>`SELECT ${GRANT_COLUMNS} FROM connector_grants WHERE oauth_grant_id = ${oauthGrantId}`;
  return rows[0] ? toGrant(rows[0]) : null;
}

/** The live grant `id`, locked for the transaction (the spend check), or null when revoked or unknown. */
export async function lockLiveGrant(tx: RawSql, id: string): Promise<ConnectorGrantRow | null> {
  const rows = await tx.$queryRaw<Raw[]>`
    SELECT ${GRANT_COLUMNS} FROM connector_grants WHERE id = ${id}::uuid AND revoked_at IS NULL FOR UPDATE`;
  return rows[0] ? toGrant(rows[0]) : null;
}

/** Grants of the organization, newest first, optionally of one wallet: `limit + 1` rows after the page's cursor (keyset). */
export async function listGrants(
  db: RawSql,
  organizationId: string,
  wallet: string | undefined,
  page: KeysetPage,
): Promise<ConnectorGrantRow[]> {
  const opts = { wallet, beforeId: page.after, limit: page.limit + 1 };
  const rows = await db.$queryRaw<Raw[]>`
    SELECT ${GRANT_COLUMNS} FROM connector_grants
     WHERE organization_id = ${organizationId}::uuid
       AND (${opts.wallet ?? null}::text IS NULL OR wallet = ${opts.wallet ?? null})
       AND (${opts.beforeId ?? null}::uuid IS NULL OR id < ${opts.beforeId ?? null}::uuid)
     ORDER BY id DESC LIMIT ${opts.limit}`;
  return rows.map(toGrant);
}

/** Marks the grant revoked (once); returns the row as revoked, or null when unknown or already revoked. */
export async function markGrantRevoked(
  db: RawSql,
  organizationId: string,
  id: string,
  by: string,
  wallet?: string,
): Promise<ConnectorGrantRow | null> {
  const rows = await db.$queryRaw<Raw[]>`
    UPDATE connector_grants SET revoked_at = now(), revoked_by = ${by}
     WHERE organization_id = ${organizationId}::uuid AND id = ${id}::uuid AND revoked_at IS NULL
       AND (${wallet ?? null}::text IS NULL OR wallet = ${wallet ?? null})
    RETURNING ${GRANT_COLUMNS}`;
  return rows[0] ? toGrant(rows[0]) : null;
}

/** Marks the live connector grant made over the provider's grant `oauthGrantId` revoked by `by`; null when none is live. */
export async function markGrantRevokedByOAuthGrantId(db: RawSql, oauthGrantId: string, by: string): Promise<ConnectorGrantRow | null> {
  const rows = await db.$queryRaw<Raw[]>`
    UPDATE connector_grants SET revoked_at = now(), revoked_by = ${by}
     WHERE oauth_grant_id = ${oauthGrantId} AND revoked_at IS NULL
    RETURNING ${GRANT_COLUMNS}`;
  return rows[0] ? toGrant(rows[0]) : null;
}

/** Base units spent under the grant since `since` (the per-day window). */
export async function sumSpendsSince(tx: RawSql, grantId: string, since: Date): Promise<bigint> {
  const rows = await tx.$queryRaw<{ s: string }[]>`
    SELECT COALESCE(sum(amount), 0)::text AS s FROM connector_spends WHERE grant_id = ${grantId}::uuid AND created_at >= ${since}`;
  return BigInt(rows[0]!.s);
}

/** Records a spend and adds it to the grant's total, in the caller's transaction. */
export async function recordSpend(
  tx: RawSql,
  s: { id: string; grantId: string; action: string; reference: string; recipient: string; amount: bigint },
): Promise<void> {
  await tx.$executeRaw`
    WITH ins AS (
      INSERT INTO connector_spends (id, grant_id, action, reference, recipient, amount)
      VALUES (${s.id}::uuid, ${s.grantId}::uuid, ${s.action}, ${s.reference}, ${s.recipient}, ${s.amount}::numeric))
    UPDATE connector_grants SET spent = spent + ${s.amount}::numeric WHERE id = ${s.grantId}::uuid`;
}

/** Base units spent today (UTC) under each of `grantIds`. */
export async function spentTodayByGrant(db: RawSql, grantIds: string[], since: Date): Promise<Map<string, bigint>> {
  if (grantIds.length === 0) return new Map();
  const rows = await db.$queryRaw<{ grantId: string; s: string }[]>`
    SELECT grant_id::text AS "grantId", sum(amount)::text AS s FROM connector_spends
     WHERE grant_id = ANY(${grantIds}::uuid[]) AND created_at >= ${since} GROUP BY grant_id`;
  return new Map(rows.map((r) => [r.grantId, BigInt(r.s)]));
}

// --- connector_approvals ---------------------------------------------------------------------------

export interface ConnectorApprovalRow {
  id: string;
  grantId: string;
  organizationId: string;
  tool: string;
  arguments: Record<string, unknown>;
  amount: bigint;
  status: 'pending' | 'approved' | 'rejected' | 'expired' | 'failed';
  result: unknown;
  createdAt: Date;
  expiresAt: Date;
  decidedAt: Date | null;
}

type RawApproval = BigintColumnsAsText<ConnectorApprovalRow, 'amount'>;
const APPROVAL_COLUMNS = sqlFragment(`id::text, grant_id::text AS "grantId", organization_id::text AS "organizationId", tool, arguments,
  amount::text, status, result, created_at AS "createdAt", expires_at AS "expiresAt", decided_at AS "decidedAt"`);
const toApproval = (r: RawApproval): ConnectorApprovalRow => parseBigintColumns(r, ['amount']);

/** Inserts a pending approval. */
export async function insertApproval(
  db: RawSql,
  a: Pick<ConnectorApprovalRow, 'id' | 'grantId' | 'organizationId' | 'tool' | 'arguments' | 'amount' | 'expiresAt'>,
): Promise<void> {
  await db.$executeRaw`
    INSERT INTO connector_approvals (id, grant_id, organization_id, tool, arguments, amount, expires_at)
    VALUES (${a.id}::uuid, ${a.grantId}::uuid, ${a.organizationId}::uuid, ${a.tool}, ${JSON.stringify(a.arguments)}::jsonb,
            ${a.amount}::numeric, ${a.expiresAt})`;
}

/** The approval `id`, or null. */
export async function findApproval(db: RawSql, id: string): Promise<ConnectorApprovalRow | null> {
  const rows = await db.$queryRaw<RawApproval[]>`SELECT ${APPROVAL_COLUMNS} FROM connector_approvals WHERE id = ${id}::uuid`;
  return rows[0] ? toApproval(rows[0]) : null;
}

/** The pending approval `id`, locked for the transaction, or null. */
export async function lockPendingApproval(tx: RawSql, id: string): Promise<ConnectorApprovalRow | null> {
  const rows = await tx.$queryRaw<RawApproval[]>`
    SELECT ${APPROVAL_COLUMNS} FROM connector_approvals WHERE id = ${id}::uuid AND status = 'pending' FOR UPDATE`;
  return rows[0] ? toApproval(rows[0]) : null;
}

/** Records the approval's decision and result. */
export async function decideApproval(db: RawSql, id: string, status: ConnectorApprovalRow['status'], result: unknown): Promise<void> {
  await db.$executeRaw`
    UPDATE connector_approvals SET status = ${status}, result = ${JSON.stringify(result ?? null)}::jsonb, decided_at = now()
     WHERE id = ${id}::uuid`;
}

// --- connector_audit (append-only) -----------------------------------------------------------------

export interface ConnectorAuditRow {
  id: string;
  organizationId: string;
  grantId: string | null;
  wallet: string | null;
  clientId: string | null;
  kind: 'consent' | 'token' | 'tool_call' | 'approval' | 'revocation';
  tool: string | null;
  argumentsDigest: string | null;
  amount: bigint | null;
  outcome: string;
  detail: Record<string, unknown> | null;
  createdAt: Date;
}

/** Appends an audit record. */
export async function insertAudit(db: RawSql, a: Omit<ConnectorAuditRow, 'createdAt'>): Promise<void> {
  await db.$executeRaw`
    INSERT INTO connector_audit (id, organization_id, grant_id, wallet, client_id, kind, tool, arguments_digest, amount, outcome, detail)
    VALUES (${a.id}::uuid, ${a.organizationId}::uuid, ${a.grantId}::uuid, ${a.wallet}, ${a.clientId}, ${a.kind}, ${a.tool},
            ${a.argumentsDigest}, ${a.amount}::numeric, ${a.outcome}, ${a.detail === null ? null : JSON.stringify(a.detail)}::jsonb)`;
}

/** The organization's audit records, newest first (optionally of one grant): `limit + 1` rows after the page's cursor. */
export async function listAudit(
  db: RawSql,
  organizationId: string,
  grantId: string | undefined,
  page: KeysetPage,
): Promise<ConnectorAuditRow[]> {
  const opts = { grantId, beforeId: page.after, limit: page.limit + 1 };
  const rows = await db.$queryRaw<BigintColumnsAsText<ConnectorAuditRow, 'amount'>[]>`
    SELECT id::text, organization_id::text AS "organizationId", grant_id::text AS "grantId", wallet, client_id AS "clientId", kind, tool,
           arguments_digest AS "argumentsDigest", amount::text, outcome, detail, created_at AS "createdAt"
      FROM connector_audit
     WHERE organization_id = ${organizationId}::uuid
       AND (${opts.grantId ?? null}::uuid IS NULL OR grant_id = ${opts.grantId ?? null}::uuid)
       AND (${opts.beforeId ?? null}::uuid IS NULL OR id < ${opts.beforeId ?? null}::uuid)
     ORDER BY id DESC LIMIT ${opts.limit}`;
  return rows.map((r): ConnectorAuditRow => parseBigintColumns(r, ['amount']));
}
