/** The `energy` module's public surface: other modules and the apps import it only through this file. */
export { type Totals } from './schemas.js';
export { carbonCredits } from './service.js';
export { energyRoutes } from './routes.js';
export { countCarbonCredits, findCarbonCreditId, insertCarbonCredit } from './repository.js';
