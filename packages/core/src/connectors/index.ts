/** The `connectors` module's public surface: other modules and the apps import it only through this file. */
export {
  argumentsDigest,
  audit,
  authenticateAccessToken,
  callerIdentity,
  decideConnectorApproval,
  disableConnectors,
  enableConnectorsHint,
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
  SESSION_ALLOWANCE_CLIENT,
  sessionSpendGuard,
  setCeiling,
  type CeilingInput,
  type ConnectorCaller,
  type ConsentInput,
  type GrantLimits,
} from './service.js';
export {
  OAUTH_PATH,
  createAuthorizationServer,
  reencryptOAuthSigningKeys,
  registerPublicClient,
  type AuthorizationServerOptions,
  type PreRegisteredClient,
} from './authorization-server.js';
export { createGuardedFetch, type OutboundFetch } from './guarded-fetch.js';
export type { ConnectorApprovalRow, ConnectorAuditRow, ConnectorCeilingRow, ConnectorGrantRow } from './repository.js';
export { CONNECTOR_SCOPES, PROTOCOL_SCOPES, SPENDING_SCOPES, isConnectorScope, type ConnectorScope } from './scopes.js';
export { connectorRoutes } from './routes.js';
export { toCeilingDto, type GrantDto, type GrantView, type CeilingDto } from './schemas.js';
export {
  APPROVAL_SESSION_MS,
  approvalAmount,
  approvalNonce,
  approvalSessionToken,
  approvalSignInNonce,
  approvalSignInStatement,
  approvalStatement,
  clientDisplayName,
  clientIdHost,
  clientLabel,
  consentNonce,
  consentStatement,
  holderMessage,
  verifyApprovalSessionToken,
  verifyHolderMessage,
  type ApprovalAction,
} from './holder-signature.js';
export { connectorsProblem } from './problems.js';
