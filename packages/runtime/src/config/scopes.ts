/**
 * Permission scopes a credential can carry; docs/endpoints.md names the one each route needs.
 * `admin` operations are not scopes: they are not reachable over HTTP at all.
 */
export const SCOPES = [
  'wallet:read',
  'wallet:write',
  'staking:read',
  'staking:write',
  'farming:read',
  'governance:read',
  'governance:write',
  'treasury:read',
  'bridge:write',
  'payments:read',
  'payments:write',
  'logistics:read',
  'logistics:write',
  'customs:write',
  'health:read',
  'energy:read',
  'billing:read',
  'billing:write',
  // Webhook management (list and deliveries; register, deactivate, retry). Keys created
  // with `all` before these existed were given both by the migration.
  'webhooks:read',
  'webhooks:write',
  // Listing the patient consents given to the organization (`GET /gateway/v1/consents`).
  // Keys created with `all` before it existed were given it by the migration.
  'consents:read',
  // The organization's AI-connector ceiling, its users' grants and the audit trail
  // (API key only). Keys created with `all` before these existed were given both by the migration.
  'connectors:read',
  'connectors:write',
] as const;

export type Scope = (typeof SCOPES)[number];

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
