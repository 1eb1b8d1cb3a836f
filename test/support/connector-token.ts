import { randomBytes, randomUUID } from 'node:crypto';
import { getAddress } from 'viem';
import { sha256Hex } from '@gw/runtime';
import { mcpResource, recordConsent, type ConnectorScope, type GrantLimits } from '@gw/core/connectors';
import { publicOrigin } from '@gw/api';
import type { Stack } from './stack.js';

/** What {@link connectorToken} returns. */
export interface ConnectorToken {
  /** The bearer access token (43 base64url characters, as the authorization server issues them). */
  token: string;
  /** The connector grant's id (`connector_grants.id`). */
  grantId: string;
  /** The provider's grant id the token carries (`oauth_records.grant_id`). */
  oauthGrantId: string;
  /** The token's audience: the organization's MCP resource (`<origin>/mcp/<organization id>`). */
  resource: string;
  /** Where to POST MCP requests: the resource itself. */
  url: string;
}

/** Options of {@link connectorToken}. Limits in base units of the native token. */
export interface ConnectorTokenOptions {
  organizationId: string;
  /** The wallet holder (any case; stored checksummed). */
  wallet: string;
  scopes: ConnectorScope[];
  /** Default: 10^30 per transaction, per day and in total, any recipient, no approval threshold. */
  limits?: Partial<GrantLimits>;
  clientId?: string;
  /** Seconds until the token expires (default 3600; negative for an expired token). */
  expiresIn?: number;
}

const UNLIMITED = 10n ** 30n;

/**
 * A live connector grant and an access token for it, written without the OAuth flow (tests may
 * write rows directly): the organization's ceiling (`connector_ceilings`, every connector scope, any
 * client, no caps; replaced if set), the grant through `recordConsent` (checked against that
 * ceiling, audited as a consent), and the token's `oauth_records` row as the authorization server's
 * adapter stores it (`model = 'AccessToken'`, `id_hash` = SHA-256 hex of the token, `grant_id` = the
 * provider's grant id, payload `{ aud, exp, scope, clientId, grantId, accountId, kind }`).
 */
export async function connectorToken(stack: Stack, opts: ConnectorTokenOptions): Promise<ConnectorToken> {
  const deps = stack.api.deps;
  const resource = mcpResource(publicOrigin(deps), opts.organizationId);
  const clientId = opts.clientId ?? `test-client-${randomBytes(4).toString('hex')}`;
  const oauthGrantId = randomUUID();
  const wallet = getAddress(opts.wallet);
  await deps.sql.$executeRaw`
    INSERT INTO connector_ceilings (organization_id, scopes, client_ids, any_client, updated_at)
    VALUES (${opts.organizationId}::uuid, ${opts.scopes}::text[], ${[]}::text[], true, now())
    ON CONFLICT (organization_id) DO UPDATE
      SET scopes = ARRAY(SELECT DISTINCT unnest(connector_ceilings.scopes || EXCLUDED.scopes)), any_client = true,
          max_per_transaction = NULL, max_per_day = NULL, max_total = NULL, updated_at = now()`;
  const grant = await recordConsent(deps, {
    organizationId: opts.organizationId,
    wallet,
    clientId,
    clientName: 'Test AI client',
    oauthGrantId,
    resource,
    scopes: opts.scopes,
    limits: {
      perTransaction: UNLIMITED,
      perDay: UNLIMITED,
      total: UNLIMITED,
      recipients: null,
      approvalThreshold: null,
      ...opts.limits,
    },
  });
  const token = randomBytes(32).toString('base64url'); // 43 characters
  const exp = Math.floor(Date.now() / 1000) + (opts.expiresIn ?? 3600);
  const payload = {
    aud: resource,
    exp,
    scope: opts.scopes.join(' '),
    clientId,
    grantId: oauthGrantId,
    accountId: wallet,
    kind: 'AccessToken',
  };
  await deps.sql.$executeRaw`
    INSERT INTO oauth_records (model, id_hash, payload, grant_id, expires_at)
    VALUES ('AccessToken', ${sha256Hex(token)}, ${JSON.stringify(payload)}::jsonb, ${oauthGrantId}, ${new Date(exp * 1000)})`;
  return { token, grantId: grant.id, oauthGrantId, resource, url: resource };
}
