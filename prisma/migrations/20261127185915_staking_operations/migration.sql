-- CreateTable
CREATE TABLE "staking_operations" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "address" TEXT NOT NULL,
    "chain_id" INTEGER NOT NULL,
    "pool" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "source" TEXT,
    "token" TEXT NOT NULL,
    "amount" DECIMAL(78,0),
    "status" TEXT NOT NULL DEFAULT 'pending',
    "chain_transaction_id" UUID NOT NULL,
    "tx_hash" TEXT,
    "failure_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "staking_operations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "staking_operations_organization_id_address_status_idx" ON "staking_operations"("organization_id", "address", "status");
