-- CreateTable
CREATE TABLE "oauth_records" (
    "model" TEXT NOT NULL,
    "id_hash" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "grant_id" TEXT,
    "uid" TEXT,
    "user_code" TEXT,
    "expires_at" TIMESTAMPTZ(3),
    "consumed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oauth_records_pkey" PRIMARY KEY ("model","id_hash")
);

-- CreateTable
CREATE TABLE "oauth_signing_keys" (
    "kid" TEXT NOT NULL,
    "sealed_jwk" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oauth_signing_keys_pkey" PRIMARY KEY ("kid")
);

-- CreateTable
CREATE TABLE "connector_ceilings" (
    "organization_id" UUID NOT NULL,
    "scopes" TEXT[],
    "client_ids" TEXT[],
    "any_client" BOOLEAN NOT NULL DEFAULT false,
    "max_per_transaction" DECIMAL(78,0),
    "max_per_day" DECIMAL(78,0),
    "max_total" DECIMAL(78,0),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connector_ceilings_pkey" PRIMARY KEY ("organization_id")
);

-- CreateTable
CREATE TABLE "connector_grants" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "wallet" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "client_name" TEXT,
    "oauth_grant_id" TEXT NOT NULL,
    "resource" TEXT NOT NULL,
    "scopes" TEXT[],
    "per_transaction" DECIMAL(78,0) NOT NULL,
    "per_day" DECIMAL(78,0) NOT NULL,
    "total" DECIMAL(78,0) NOT NULL,
    "recipients" TEXT[],
    "any_recipient" BOOLEAN NOT NULL DEFAULT true,
    "approval_threshold" DECIMAL(78,0),
    "spent" DECIMAL(78,0) NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),
    "revoked_by" TEXT,

    CONSTRAINT "connector_grants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "connector_spends" (
    "id" UUID NOT NULL,
    "grant_id" UUID NOT NULL,
    "action" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "amount" DECIMAL(78,0) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connector_spends_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "connector_approvals" (
    "id" UUID NOT NULL,
    "grant_id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "tool" TEXT NOT NULL,
    "arguments" JSONB NOT NULL,
    "amount" DECIMAL(78,0) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "result" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "decided_at" TIMESTAMPTZ(3),

    CONSTRAINT "connector_approvals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "connector_audit" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "grant_id" UUID,
    "wallet" TEXT,
    "client_id" TEXT,
    "kind" TEXT NOT NULL,
    "tool" TEXT,
    "arguments_digest" TEXT,
    "amount" DECIMAL(78,0),
    "outcome" TEXT NOT NULL,
    "detail" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connector_audit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "oauth_records_grant_id_idx" ON "oauth_records"("grant_id");

-- CreateIndex
CREATE INDEX "oauth_records_uid_idx" ON "oauth_records"("uid");

-- CreateIndex
CREATE INDEX "oauth_records_expires_at_idx" ON "oauth_records"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "connector_grants_oauth_grant_id_key" ON "connector_grants"("oauth_grant_id");

-- CreateIndex
CREATE INDEX "connector_grants_organization_id_wallet_id_idx" ON "connector_grants"("organization_id", "wallet", "id" DESC);

-- CreateIndex
CREATE INDEX "connector_grants_organization_id_id_idx" ON "connector_grants"("organization_id", "id" DESC);

-- CreateIndex
CREATE INDEX "connector_spends_grant_id_created_at_idx" ON "connector_spends"("grant_id", "created_at");

-- CreateIndex
CREATE INDEX "connector_approvals_grant_id_id_idx" ON "connector_approvals"("grant_id", "id" DESC);

-- CreateIndex
CREATE INDEX "connector_audit_organization_id_id_idx" ON "connector_audit"("organization_id", "id" DESC);

-- CreateIndex
CREATE INDEX "connector_audit_grant_id_id_idx" ON "connector_audit"("grant_id", "id" DESC);

-- Issue #29: the connectors' audit trail is append-only. UPDATE, DELETE and TRUNCATE are refused
-- for every role (an operator who must purge records drops the triggers in a reviewed migration).
-- The migration runner splits statements on semicolons, so the body spells them as \073.
CREATE FUNCTION connector_audit_append_only() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN RAISE EXCEPTION ''connector_audit is append-only (issue #29)'' USING ERRCODE = ''insufficient_privilege''\073 END\073';
CREATE TRIGGER connector_audit_no_update_delete BEFORE UPDATE OR DELETE ON "connector_audit"
  FOR EACH ROW EXECUTE FUNCTION connector_audit_append_only();
CREATE TRIGGER connector_audit_no_truncate BEFORE TRUNCATE ON "connector_audit"
  FOR EACH STATEMENT EXECUTE FUNCTION connector_audit_append_only();

-- Issue #29 (data): the organization's connector operations (`/connectors/…`) need the scopes
-- connectors:read and connectors:write. Credentials created with `all` (every scope that existed
-- before this migration) keep meaning every scope.
UPDATE "credentials" SET "scopes" = "scopes" || ARRAY['connectors:read', 'connectors:write']::TEXT[]
WHERE "scopes" @> ARRAY['wallet:read', 'wallet:write', 'staking:read', 'staking:write', 'farming:read', 'governance:read', 'governance:write', 'treasury:read', 'bridge:write', 'payments:read', 'payments:write', 'logistics:read', 'logistics:write', 'customs:write', 'health:read', 'energy:read', 'billing:read', 'billing:write', 'webhooks:read', 'webhooks:write', 'consents:read']::TEXT[]
  AND NOT ("scopes" @> ARRAY['connectors:read']::TEXT[]);
