import type { RawSql } from '@gw/db';
import {
  consumeOAuthRecord,
  deleteOAuthRecord,
  deleteOAuthRecordsOfGrant,
  findOAuthRecord,
  findOAuthRecordByUid,
  findOAuthRecordByUserCode,
  upsertOAuthRecord,
  type OAuthRecordRow,
} from './repository.js';
import { oauthIdHash } from './service.js';

/**
 * The storage of `oidc-provider` in PostgreSQL: the library's adapter interface
 * (`upsert`, `find`, `findByUid`, `findByUserCode`, `consume`, `destroy`, `revokeByGrantId`) over
 * the table `oauth_records`. One instance per model (`AccessToken`, `RefreshToken`,
 * `AuthorizationCode`, `Grant`, `Session`, `Interaction`, `Client`, …).
 *
 * Ids are stored as their SHA-256 (opaque tokens are their own id) and the payload is stored
 * without its `jti` (except a Session's, see `upsert`), so no access, refresh or registration
 * token can be read from the database; `find(id)` puts the `jti` back. Every replica shares the rows: a token revoked on one is gone on all.
 */
/** What the adapter needs from the authorization server around it (the library's error class, where a request is). */
export interface OAuthAdapterHooks {
  /** The error a lost redemption answers with: the token endpoint's `invalid_grant` (RFC 6749 §5.2). */
  alreadyConsumed: (model: string) => Error;
  /** True while the provider answers the token endpoint, where a grant is destroyed only on a code or refresh token's reuse. */
  atTokenEndpoint: () => boolean;
  /** Ends the grant after a reuse (connectors' revokeGrantOnReuse). */
  revokeOnReuse: (oauthGrantId: string) => Promise<void>;
}

export class PgOAuthAdapter {
  constructor(
    private readonly db: RawSql,
    private readonly model: string,
    private readonly hooks?: OAuthAdapterHooks,
  ) {}

  /** Stores `payload` under `id` for `expiresIn` seconds (undefined: no expiry). */
  async upsert(id: string, payload: Record<string, unknown>, expiresIn?: number): Promise<void> {
    // A Session keeps its jti: `findByUid` must give the library back the id it saves the session
    // under. A session grants nothing by itself here (every consent signs in with SIWE again).
    const { jti: _jti, ...withoutJti } = payload;
    const stored = this.model === 'Session' ? payload : withoutJti;
    const grantId = typeof payload.grantId === 'string' ? payload.grantId : this.model === 'Grant' ? id : null;
    await upsertOAuthRecord(this.db, {
      model: this.model,
      idHash: oauthIdHash(id),
      payload: stored,
      grantId,
      uid: typeof payload.uid === 'string' ? payload.uid : null,
      userCode: typeof payload.userCode === 'string' ? payload.userCode : null,
      expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
    });
  }

  private restore(row: OAuthRecordRow | null, id?: string): Record<string, unknown> | undefined {
    if (!row) return undefined;
    const payload: Record<string, unknown> = { ...row.payload };
    if (id !== undefined && this.model !== 'Client' && this.model !== 'Session') payload.jti = id;
    if (row.consumedAt) payload.consumed = Math.floor(row.consumedAt.getTime() / 1000);
    return payload;
  }

  async find(id: string): Promise<Record<string, unknown> | undefined> {
    return this.restore(await findOAuthRecord(this.db, this.model, oauthIdHash(id)), id);
  }

  async findByUid(uid: string): Promise<Record<string, unknown> | undefined> {
    return this.restore(await findOAuthRecordByUid(this.db, this.model, uid));
  }

  async findByUserCode(userCode: string): Promise<Record<string, unknown> | undefined> {
    return this.restore(await findOAuthRecordByUserCode(this.db, this.model, userCode));
  }

  /**
   * Consumes a code or refresh token once. The library reads the record, checks it is not consumed,
   * then calls this: two requests redeeming the same one concurrently both pass its check, so the
   * compare-and-set here decides. The loser's request is a reuse (RFC 9700 §4.14.2): the grant is
   * ended and the token endpoint answers `invalid_grant`.
   * @throws the hooks' `alreadyConsumed` error when another request consumed it first
   */
  async consume(id: string): Promise<void> {
    const { won, grantId } = await consumeOAuthRecord(this.db, this.model, oauthIdHash(id));
    if (won || !this.hooks) return;
    if (grantId) await this.hooks.revokeOnReuse(grantId);
    throw this.hooks.alreadyConsumed(this.model);
  }

  /**
   * Deletes the record. The library destroys a Grant at the token endpoint only when a consumed
   * code or refresh token comes back (its own reuse detection): the connector grant is ended
   * with it, so tokens a concurrent request saves afterwards are refused too.
   */
  async destroy(id: string): Promise<void> {
    if (this.model === 'Grant' && this.hooks?.atTokenEndpoint()) return this.hooks.revokeOnReuse(id);
    await deleteOAuthRecord(this.db, this.model, oauthIdHash(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await deleteOAuthRecordsOfGrant(this.db, grantId);
  }
}
