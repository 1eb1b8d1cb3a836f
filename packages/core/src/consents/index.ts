/** The `consents` module's public surface: other modules and the apps import it only through this file. */
export { Consent } from './schemas.js';
export { lockActiveConsent } from './service.js';
export { consentRoutes } from './routes.js';
export { type ConsentStatement, consentTypedData, type RevocationStatement, revocationTypedData } from './consent-typed-data.js';
export { countConsents, insertConsent, markConsentRevoked } from './repository.js';
export { consentsProblem } from './problems.js';
