/** The `connectors` module's public surface (issue #29): other modules and the apps import it only through this file. */
export {
  APPROVAL_TTL_MS,
  argumentsDigest,
  audit,
  authenticateAccessToken,
  callerIdentity,
  checkAgainstCeiling,
  decideConnectorApproval,
  disableConnectors,
  findConnectorGrant,
  getApproval,
  getCeiling,
  isConnectorAccessToken,
  listConnectorAudit,
  listConnectorGrants,
  looksLikeOAuthToken,
  mcpPath,
  mcpResource,
  oauthIdHash,
  pruneExpiredOAuthRecords,
  organizationOfResource,
  recordConsent,
  requestApproval,
  revokeConnectorGrant,
  setCeiling,
  spendGuard,
  utcDayStart,
  type CeilingInput,
  type ConnectorCaller,
  type ConsentInput,
  type GrantLimits,
} from './service.js';
export {
  OAUTH_PATH,
  OAUTH_SCOPES,
  OAUTH_TTL,
  connectorScopesOf,
  createAuthorizationServer,
  loadOAuthSigningKeys,
  reencryptOAuthSigningKeys,
  registerPublicClient,
  type AuthorizationServerOptions,
  type PreRegisteredClient,
} from './authorization-server.js';
export { PgOAuthAdapter } from './oauth-adapter.js';
export type { ConnectorApprovalRow, ConnectorAuditRow, ConnectorCeilingRow, ConnectorGrantRow } from './repository.js';
export { CONNECTOR_SCOPES, PROTOCOL_SCOPES, isConnectorScope, type ConnectorScope } from './scopes.js';
export { connectorRoutes } from './routes.js';
export { Grant, GrantPage, Ceiling, toCeilingDto, type GrantDto, type GrantView, type CeilingDto } from './contract.js';
export {
  approvalNonce,
  approvalStatement,
  consentNonce,
  consentStatement,
  holderMessage,
  verifyHolderMessage,
} from './holder-signature.js';
