import { SCOPE_GRANTS, SCOPES, type Scope } from '../auth/index.js';

/** A scope an AI connector may be granted: one marked `connector` in auth's `SCOPE_GRANTS`. */
export type ConnectorScope = { [S in Scope]: (typeof SCOPE_GRANTS)[S]['connector'] extends true ? S : never }[Scope];

/**
 * The scopes an AI connector may be granted: the gateway's wallet-holder operations, as auth's
 * `SCOPE_GRANTS` marks them (written once there), in its order.
 */
export const CONNECTOR_SCOPES = SCOPES.filter((s) => SCOPE_GRANTS[s].connector) as [ConnectorScope, ...ConnectorScope[]];

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
