-- CreateTable
CREATE TABLE "permit_deposits" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "address" TEXT NOT NULL,
    "chain_id" INTEGER NOT NULL,
    "token" TEXT NOT NULL,
    "amount" DECIMAL(78,0) NOT NULL,
    "deadline" BIGINT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "permit_transaction_id" UUID NOT NULL,
    "transfer_transaction_id" UUID,
    "permit_tx_hash" TEXT,
    "tx_hash" TEXT,
    "failure_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "permit_deposits_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "permit_deposits_organization_id_address_id_idx" ON "permit_deposits"("organization_id", "address", "id" DESC);

-- At most one pending permit deposit per (chain, wallet): the token's permit nonce is sequential, and
-- a second one in flight could spend the first one's allowance (not expressible in schema.prisma).
CREATE UNIQUE INDEX "permit_deposits_one_pending_per_wallet" ON "permit_deposits"("chain_id", "address") WHERE "status" = 'pending';
