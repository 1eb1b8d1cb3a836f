/** The `logistics` module's public surface: other modules and the apps import it only through this file. */
export * from './find-shipment.js';
export * from './find-tariffs.js';
export * from './ingest-certificate.js';
export * from './ingest-checkpoint.js';
export * from './ingest-shipment.js';
export * from './list-certificates.js';
export * from './list-checkpoints.js';
export * from './list-shipments.js';
export * from './request-clearance.js';
export * from './shipment-status.js';
