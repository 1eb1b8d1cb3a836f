/** The `auth` module's public surface: other modules and the apps import it only through this file. */
export { LoginSession } from './schemas.js';
export {
  CONNECTOR_TOKEN_RETIRED,
  authenticateCredential,
  findOrganization,
  grantWalletRole,
  isStaticConnectorToken,
  issueCredential,
  login,
  pruneSpentNonces,
  reencryptSigningKeys,
  revokeWalletRole,
  siweDomainPolicy,
  verifySiweSignature,
  type SiweCheck,
  type SiweDomainPolicy,
} from './service.js';
export { sessionRoutes } from './routes.js';
export { CredentialCache, revocationChannel, revokeCredential } from './credential-cache.js';
export { createLoginNonce } from './login-nonce.js';
export {
  announceSigningKeyChange,
  describeSigningKeys,
  jwkThumbprint,
  loadActiveKey,
  retirementGraceSeconds,
  retireSigningKey,
  rotateSigningKey,
  SessionTokens,
  SigningKeyRefusal,
  signingKeysChannel,
} from './session-tokens.js';
export { WalletRoleCache, walletRoleChannel } from './wallet-role-cache.js';
export {
  ensureOrganization,
  findOrganizationId,
  findOrganizationName,
  findUsableCredential,
  insertOrganization,
  listActiveCredentialHashesByPrefix,
  setOrganizationNative,
} from './repository.js';
export { ALLOWANCE_URN, MAX_ALLOWANCE_RECIPIENTS, parseAllowanceResource } from './allowance.js';
export { authProblem } from './problems.js';
export { parseScopes, type Scope, SCOPE_GRANTS, SCOPES } from './scopes.js';
