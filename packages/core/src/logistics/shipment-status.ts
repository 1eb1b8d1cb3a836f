/**
 * Tracking vocabulary of the logistics integration (cargolink). A checkpoint carries one of
 * {@link CHECKPOINT_STATUSES}; a shipment's status is `created` until its first checkpoint, then
 * the status of its latest checkpoint (by `recordedAt`).
 */
export const CHECKPOINT_STATUSES = [
  'picked_up',
  'in_transit',
  'arrived',
  'at_customs',
  'customs_cleared',
  'out_for_delivery',
  'delivered',
  'exception',
  'returned',
] as const;

export type CheckpointStatus = (typeof CHECKPOINT_STATUSES)[number];

export const SHIPMENT_STATUSES = ['created', ...CHECKPOINT_STATUSES] as const;

export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
