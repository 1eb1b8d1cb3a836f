/**
 * Permission scopes a credential can carry, each written once with whether an AI connector may be
 * granted it (`connector`); docs/endpoints.md names the one each route needs. `admin` operations
 * are not scopes: they are not reachable over HTTP at all. Webhook management, the patient
 * consents list, health records (they need the patient's recorded consent), the connector settings
 * and the bridge, logistics writes and customs are never granted to a connector. The order is that
 * of `all` and, for the connector ones, of the connectors' list (`CONNECTOR_SCOPES`).
 */
export const SCOPE_GRANTS = {
  'wallet:read': { connector: true },
  'wallet:write': { connector: true },
  'staking:read': { connector: true },
  'staking:write': { connector: true },
  'farming:read': { connector: true },
  'governance:read': { connector: true },
  'governance:write': { connector: true },
  'treasury:read': { connector: true },
  'bridge:write': { connector: false },
  'payments:read': { connector: true },
  'payments:write': { connector: true },
  'billing:read': { connector: true },
  'billing:write': { connector: true },
  'logistics:read': { connector: true },
  'logistics:write': { connector: false },
  'customs:write': { connector: false },
  'health:read': { connector: false },
  'energy:read': { connector: true },
  // Webhook management (list and deliveries; register, deactivate, retry). Keys created
  // with `all` before these existed were given both by the migration.
  'webhooks:read': { connector: false },
  'webhooks:write': { connector: false },
  // Listing the patient consents given to the organization (`GET /gateway/v1/consents`).
  // Keys created with `all` before it existed were given it by the migration.
  'consents:read': { connector: false },
  // The organization's AI-connector ceiling, its users' grants and the audit trail
  // (API key only). Keys created with `all` before these existed were given both by the migration.
  'connectors:read': { connector: false },
  'connectors:write': { connector: false },
} as const satisfies Record<string, { connector: boolean }>;

type ScopeGrants = typeof SCOPE_GRANTS;

declare module '@gw/runtime' {
  interface ApiScopes extends ScopeGrants {}
}

/** A permission scope (`wallet:read`, …). */
export type Scope = keyof ScopeGrants;

/** Every scope, in {@link SCOPE_GRANTS}' order. */
export const SCOPES = Object.keys(SCOPE_GRANTS) as Scope[];

/** Parses `all` or a comma list into scopes. @throws Error naming the unknown scope. */
export function parseScopes(input: string): Scope[] {
  if (input.trim() === 'all') return [...SCOPES];
  const list = input
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const s of list) {
    if (!(SCOPES as readonly string[]).includes(s)) throw new Error(`unknown scope "${s}" (known: ${SCOPES.join(', ')})`);
  }
  return [...new Set(list)] as Scope[];
}
