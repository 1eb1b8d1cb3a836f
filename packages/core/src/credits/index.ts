/** The `credits` module's public surface: other modules and the apps import it only through this file. */
export { CREDIT_BURN, creditPurchaseFulfilment } from './service.js';
export { creditRoutes } from './routes.js';
export { creditsProblem } from './problems.js';
