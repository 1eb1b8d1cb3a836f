/** The `health-records` module's public surface: other modules and the apps import it only through this file. */
export { healthRecordRoutes } from './routes.js';
export { countClinicalRecords, insertClinicalRecords } from './repository.js';
