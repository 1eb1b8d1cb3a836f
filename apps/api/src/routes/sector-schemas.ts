export {
  findTariffsQuery,
  ingestCertificateBody,
  ingestCheckpointBody,
  ingestShipmentBody,
  listCertificatesQuery,
  listCheckpointsQuery,
  listShipmentsQuery,
  requestClearanceBody,
} from '@gw/core/logistics';
export { carbonCreditsQuery } from '@gw/core/energy';
export { healthRecordsQuery } from '@gw/core/health-records';
export { listConsentsQuery, recordConsentBody, revokeConsentBody } from '@gw/core/consents';
