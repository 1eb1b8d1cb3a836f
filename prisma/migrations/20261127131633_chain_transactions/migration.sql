-- CreateTable
CREATE TABLE "chain_transactions" (
    "id" UUID NOT NULL,
    "chain_id" INTEGER NOT NULL,
    "signer" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "to_address" TEXT NOT NULL,
    "data" TEXT NOT NULL,
    "value" DECIMAL(78,0) NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "nonce" BIGINT,
    "gas_limit" DECIMAL(78,0),
    "max_fee_per_gas" DECIMAL(78,0),
    "max_priority_fee_per_gas" DECIMAL(78,0),
    "raw_tx" TEXT,
    "tx_hash" TEXT,
    "hashes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "broadcasts" INTEGER NOT NULL DEFAULT 0,
    "submitted_block" BIGINT,
    "mined_block" BIGINT,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "chain_transactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chain_nonces" (
    "chain_id" INTEGER NOT NULL,
    "signer" TEXT NOT NULL,
    "next_nonce" BIGINT NOT NULL,

    CONSTRAINT "chain_nonces_pkey" PRIMARY KEY ("chain_id","signer")
);

-- CreateIndex
CREATE INDEX "chain_transactions_status_chain_id_idx" ON "chain_transactions"("status", "chain_id");

-- CreateIndex
CREATE UNIQUE INDEX "chain_transactions_kind_reference_key" ON "chain_transactions"("kind", "reference");
