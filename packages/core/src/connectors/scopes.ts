import type { Scope } from '@gw/runtime';

/**
 * The scopes an AI connector may be granted: the gateway's wallet-holder operations. Webhook
 * management, the patient consents list and health records are never granted to a connector
 * (health records need the patient's recorded consent).
 */
export const CONNECTOR_SCOPES = [
  'wallet:read',
  'wallet:write',
  'staking:read',
  'staking:write',
  'farming:read',
  'governance:read',
  'governance:write',
  'treasury:read',
  'payments:read',
  'payments:write',
  'billing:read',
  'billing:write',
  'logistics:read',
  'energy:read',
] as const satisfies readonly Scope[];

export type ConnectorScope = (typeof CONNECTOR_SCOPES)[number];

/**
 * The scopes whose tools move value out of the wallet, so that the grant's limits bound them (the
 * spend guard's charges: `transfer`, `confirm_payment`, `consume_credits`, `stake` from custody).
 */
export const SPENDING_SCOPES = [
  'wallet:write',
  'payments:write',
  'billing:write',
  'staking:write',
] as const satisfies readonly ConnectorScope[];

/** OAuth scopes that are not API scopes: `offline_access` asks for a refresh token. */
export const PROTOCOL_SCOPES = ['offline_access'] as const;

/** True for a scope a connector may be granted. */
export const isConnectorScope = (s: string): s is ConnectorScope => (CONNECTOR_SCOPES as readonly string[]).includes(s);
