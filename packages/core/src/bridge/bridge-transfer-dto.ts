import type { BridgeTransfer } from '@gw/db';

/**
 * The bridge transfer object returned by `POST /gateway/v1/bridge/initiate` and
 * `GET /gateway/v1/bridge/transfers/:id`. `amount` is a string of integer base units.
 * `status`: `initiated` (amount in escrow, relay pending) → `completed` (relayed, `relayTxHash`)
 * or `failed` (`failureReason`; the amount went back to the wallet).
 */
export interface BridgeTransferDto {
  id: string;
  object: 'bridge_transfer';
  status: 'initiated' | 'completed' | 'failed';
  /** Checksummed address of the wallet that sent the amount (the JWT's wallet). */
  from: string;
  /** CAIP-2 chain id of the destination network, e.g. `eip155:137`. */
  toChainId: string;
  /** Checksummed recipient on the destination network. */
  toAddress: string;
  token: string;
  amount: string;
  relayTxHash: string | null;
  failureReason: string | null;
  createdAt: string;
  updatedAt: string;
}

export function toBridgeTransferDto(t: BridgeTransfer): BridgeTransferDto {
  return {
    id: t.id,
    object: 'bridge_transfer',
    status: t.status,
    from: t.address,
    toChainId: t.toChainId,
    toAddress: t.toAddress,
    token: t.token,
    amount: t.amount.toFixed(0),
    relayTxHash: t.relayTxHash,
    failureReason: t.failureReason,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}
