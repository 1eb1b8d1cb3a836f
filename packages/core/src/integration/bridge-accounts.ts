import type { Owner } from '../ledger/post-entry.js';

/** Holds the amount of every `initiated` bridge transfer until the relay completes or fails. */
export const BRIDGE_ESCROW: Owner = { type: 'system', id: 'bridge-escrow' };

/** Receives the amount of every `completed` transfer: value that left this chain. */
export const BRIDGE_OUTBOUND: Owner = { type: 'system', id: 'bridge-outbound' };
