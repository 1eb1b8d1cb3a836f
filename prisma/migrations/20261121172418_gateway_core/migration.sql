-- CreateEnum
CREATE TYPE "payment_purpose" AS ENUM ('payment', 'credit_purchase');

-- CreateEnum
CREATE TYPE "staking_status" AS ENUM ('active', 'unstaked');

-- CreateEnum
CREATE TYPE "bridge_status" AS ENUM ('initiated', 'completed', 'failed');

-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "credits" BIGINT,
ADD COLUMN     "purpose" "payment_purpose" NOT NULL DEFAULT 'payment';

-- CreateTable
CREATE TABLE "wallet_transfers" (
    "id" UUID NOT NULL,
    "from_address" TEXT NOT NULL,
    "to_address" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "amount" DECIMAL(78,0) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "wallet_transfers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "staking_positions" (
    "id" UUID NOT NULL,
    "address" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "principal" DECIMAL(78,0) NOT NULL,
    "apr_bps" INTEGER NOT NULL,
    "lock_days" INTEGER NOT NULL,
    "locked_until" TIMESTAMPTZ(3) NOT NULL,
    "status" "staking_status" NOT NULL DEFAULT 'active',
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "unstaked_at" TIMESTAMPTZ(3),
    "reward_paid" DECIMAL(78,0),

    CONSTRAINT "staking_positions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "farming_pools" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "token_a" TEXT NOT NULL,
    "token_b" TEXT NOT NULL,
    "apr_bps" INTEGER NOT NULL,
    "tvl" DECIMAL(78,0) NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "farming_pools_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "proposals" (
    "id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "snapshot_at" TIMESTAMPTZ(3) NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "ends_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "proposals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "votes" (
    "id" UUID NOT NULL,
    "proposal_id" UUID NOT NULL,
    "address" TEXT NOT NULL,
    "choice" TEXT NOT NULL,
    "weight" DECIMAL(78,0) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "votes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "bridge_transfers" (
    "id" UUID NOT NULL,
    "address" TEXT NOT NULL,
    "to_chain_id" TEXT NOT NULL,
    "to_address" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "amount" DECIMAL(78,0) NOT NULL,
    "status" "bridge_status" NOT NULL DEFAULT 'initiated',
    "relay_tx_hash" TEXT,
    "failure_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "bridge_transfers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "credit_consumptions" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "address" TEXT NOT NULL,
    "feature" TEXT NOT NULL,
    "units" BIGINT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "credit_consumptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "shipments" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "reference" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "destination" TEXT NOT NULL,
    "carrier" TEXT,
    "hs_code" TEXT,
    "status" TEXT NOT NULL DEFAULT 'created',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "shipments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "checkpoints" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "shipment_id" UUID NOT NULL,
    "location" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "note" TEXT,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "checkpoints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "certificates" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "shipment_id" UUID,
    "kind" TEXT NOT NULL,
    "issuer" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "issued_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "certificates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tariffs" (
    "id" UUID NOT NULL,
    "hs_code" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "destination" TEXT NOT NULL,
    "duty_bps" INTEGER NOT NULL,
    "description" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tariffs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "customs_clearances" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "shipment_id" UUID NOT NULL,
    "agent_address" TEXT NOT NULL,
    "declared_value" DECIMAL(78,0) NOT NULL,
    "hs_code" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'submitted',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "customs_clearances_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "carbon_credits" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "registry" TEXT NOT NULL,
    "project_name" TEXT NOT NULL,
    "vintage" INTEGER NOT NULL,
    "tonnes" INTEGER NOT NULL,
    "retired_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "carbon_credits_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "clinical_records" (
    "id" UUID NOT NULL,
    "patient" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "clinical_records_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "consents" (
    "id" UUID NOT NULL,
    "patient" TEXT NOT NULL,
    "organization_id" UUID NOT NULL,
    "scope" TEXT NOT NULL DEFAULT 'health:read',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "consents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "health_access_logs" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "credential_id" UUID NOT NULL,
    "caller" TEXT NOT NULL,
    "patient" TEXT NOT NULL,
    "record_count" INTEGER NOT NULL,
    "granted" BOOLEAN NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "health_access_logs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "wallet_transfers_from_address_created_at_idx" ON "wallet_transfers"("from_address", "created_at");

-- CreateIndex
CREATE INDEX "wallet_transfers_to_address_created_at_idx" ON "wallet_transfers"("to_address", "created_at");

-- CreateIndex
CREATE INDEX "staking_positions_address_status_idx" ON "staking_positions"("address", "status");

-- CreateIndex
CREATE INDEX "staking_positions_started_at_idx" ON "staking_positions"("started_at");

-- CreateIndex
CREATE INDEX "proposals_ends_at_idx" ON "proposals"("ends_at");

-- CreateIndex
CREATE UNIQUE INDEX "votes_proposal_id_address_key" ON "votes"("proposal_id", "address");

-- CreateIndex
CREATE INDEX "bridge_transfers_address_created_at_idx" ON "bridge_transfers"("address", "created_at");

-- CreateIndex
CREATE INDEX "bridge_transfers_status_idx" ON "bridge_transfers"("status");

-- CreateIndex
CREATE INDEX "credit_consumptions_address_created_at_idx" ON "credit_consumptions"("address", "created_at");

-- CreateIndex
CREATE INDEX "credit_consumptions_organization_id_created_at_idx" ON "credit_consumptions"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "shipments_organization_id_created_at_idx" ON "shipments"("organization_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "shipments_organization_id_reference_key" ON "shipments"("organization_id", "reference");

-- CreateIndex
CREATE INDEX "checkpoints_shipment_id_recorded_at_idx" ON "checkpoints"("shipment_id", "recorded_at");

-- CreateIndex
CREATE INDEX "certificates_organization_id_created_at_idx" ON "certificates"("organization_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "tariffs_hs_code_origin_destination_key" ON "tariffs"("hs_code", "origin", "destination");

-- CreateIndex
CREATE INDEX "customs_clearances_organization_id_created_at_idx" ON "customs_clearances"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "carbon_credits_organization_id_vintage_idx" ON "carbon_credits"("organization_id", "vintage");

-- CreateIndex
CREATE INDEX "clinical_records_patient_recorded_at_idx" ON "clinical_records"("patient", "recorded_at");

-- CreateIndex
CREATE INDEX "consents_patient_organization_id_idx" ON "consents"("patient", "organization_id");

-- CreateIndex
CREATE INDEX "health_access_logs_patient_created_at_idx" ON "health_access_logs"("patient", "created_at");

-- CreateIndex
CREATE INDEX "health_access_logs_organization_id_created_at_idx" ON "health_access_logs"("organization_id", "created_at");

-- AddForeignKey
ALTER TABLE "votes" ADD CONSTRAINT "votes_proposal_id_fkey" FOREIGN KEY ("proposal_id") REFERENCES "proposals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "checkpoints" ADD CONSTRAINT "checkpoints_shipment_id_fkey" FOREIGN KEY ("shipment_id") REFERENCES "shipments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_shipment_id_fkey" FOREIGN KEY ("shipment_id") REFERENCES "shipments"("id") ON DELETE SET NULL ON UPDATE CASCADE;
