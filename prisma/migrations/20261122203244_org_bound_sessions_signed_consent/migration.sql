-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "native" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "siwe_nonces" ADD COLUMN     "expires_at" TIMESTAMPTZ(3),
ADD COLUMN     "used_at" TIMESTAMPTZ(3),
ALTER COLUMN "address" DROP NOT NULL;

-- AlterTable
ALTER TABLE "consents" ADD COLUMN     "expires_at" TIMESTAMPTZ(3),
ADD COLUMN     "issued_at" TIMESTAMPTZ(3),
ADD COLUMN     "nonce" TEXT,
ADD COLUMN     "purpose" TEXT,
ADD COLUMN     "revocation_nonce" TEXT,
ADD COLUMN     "revocation_signature" TEXT,
ADD COLUMN     "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "signature" TEXT;

-- AlterTable
ALTER TABLE "health_access_logs" ADD COLUMN     "consent_id" UUID;

-- CreateIndex
CREATE UNIQUE INDEX "consents_patient_nonce_key" ON "consents"("patient", "nonce");

-- Backfill (hand-written): nonces recorded before issue #11 were all used at creation.
UPDATE "siwe_nonces" SET "used_at" = "created_at" WHERE "used_at" IS NULL;

-- Backfill (hand-written): webhook management now needs webhooks:read / webhooks:write. Keys
-- created with `all` (every scope that existed before this migration) keep working.
UPDATE "credentials" SET "scopes" = "scopes" || ARRAY['webhooks:read', 'webhooks:write']::TEXT[]
WHERE "scopes" @> ARRAY['wallet:read', 'wallet:write', 'staking:read', 'staking:write', 'farming:read', 'governance:read', 'governance:write', 'treasury:read', 'bridge:write', 'payments:read', 'payments:write', 'logistics:read', 'logistics:write', 'customs:write', 'health:read', 'energy:read', 'billing:read', 'billing:write']::TEXT[]
  AND NOT ("scopes" @> ARRAY['webhooks:read']::TEXT[]);
