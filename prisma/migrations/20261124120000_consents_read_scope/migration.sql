-- Issue #24 (hand-written, data only): `GET /gateway/v1/consents` now needs the consents:read scope.
-- Credentials created with `all` (every scope that existed before this migration) keep meaning
-- every scope. (AI-connector tokens are refused by that operation whatever their scopes.)
UPDATE "credentials" SET "scopes" = "scopes" || ARRAY['consents:read']::TEXT[]
WHERE "scopes" @> ARRAY['wallet:read', 'wallet:write', 'staking:read', 'staking:write', 'farming:read', 'governance:read', 'governance:write', 'treasury:read', 'bridge:write', 'payments:read', 'payments:write', 'logistics:read', 'logistics:write', 'customs:write', 'health:read', 'energy:read', 'billing:read', 'billing:write', 'webhooks:read', 'webhooks:write']::TEXT[]
  AND NOT ("scopes" @> ARRAY['consents:read']::TEXT[]);
