/** The `logistics` module's public surface: other modules and the apps import it only through this file. */
export { type CheckpointStatus } from './schemas.js';
export { cargolinkRoutes, supplyRoutes } from './routes.js';
export {
  countCertificates,
  countCheckpoints,
  countShipments,
  countTariffs,
  findCertificateId,
  findShipmentIdByReference,
  insertCertificate,
  insertCertificates,
  insertCheckpoints,
  insertMissingTariffs,
  insertShipment,
} from './repository.js';
